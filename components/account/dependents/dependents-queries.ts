"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ListedConsent } from "@/lib/consents/schemas";
import { listMyDependents, revokeDependentConsent } from "@/lib/guardians/endpoints";
import type { Dependent, DependentList } from "@/lib/guardians/schemas";
import { PortalApiError, callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/**
 * The dependants page's server state, through the portal relay. A member who is nobody's guardian gets
 * `forbidden` from the API (no `guardian:act_as`): for the page that is simply an empty list.
 */
export function useDependents() {
  return useQuery({
    queryKey: accountQueryKeys.dependents,
    queryFn: async (): Promise<DependentList> => {
      try {
        return await callEndpoint(listMyDependents, {});
      } catch (error) {
        if (error instanceof PortalApiError && error.code === "forbidden") return { dependents: [] };
        throw error;
      }
    },
    retry: retryUnlessRefused,
  });
}

/**
 * Removes an app's access to a dependant's account. The revoked consent answered replaces the granted one
 * in the cache at once; then the list and the security log are read again either way.
 */
export function useRemoveDependentAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ dependent, consent }: { dependent: Dependent; consent: ListedConsent }) =>
      callEndpoint(revokeDependentConsent, { params: { dependentId: dependent.id, consentId: consent.id } }),
    onSuccess: (revoked, { dependent, consent }) => {
      queryClient.setQueryData<DependentList>(accountQueryKeys.dependents, (list) =>
        list
          ? {
              dependents: list.dependents.map((listed) =>
                listed.id === dependent.id
                  ? { ...listed, consents: listed.consents.map((c) => (c.id === revoked.id ? { ...revoked, client_name: consent.client_name } : c)) }
                  : listed,
              ),
            }
          : list,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKeys.dependents });
      void queryClient.invalidateQueries({ queryKey: accountQueryKeys.securityEvents });
    },
  });
}
