"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import { listMyConsents, revokeConsent } from "@/lib/consents/endpoints";
import type { ConsentListSchema, ListedConsent } from "@/lib/consents/schemas";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

type ConsentList = z.output<typeof ConsentListSchema>;

/** The member's consents, granted and revoked, as GET /api/v1/consents/me answers them. */
export function useConsents() {
  return useQuery({
    queryKey: accountQueryKeys.consents,
    queryFn: () => callEndpoint(listMyConsents, {}),
    retry: retryUnlessRefused,
  });
}

/**
 * Removes an app's access (DELETE /api/v1/consents/me/{id}). The revoked record answered replaces the
 * granted one in the cache at once, so the page changes without waiting for the list to load again; then
 * the list and the security log (which gains a `consent_revoked` entry) are read again either way, since
 * a failure may mean the list was out of date.
 */
export function useRemoveAccess() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (consent: ListedConsent) => callEndpoint(revokeConsent, { params: { id: consent.id } }),
    onSuccess: (revoked, consent) => {
      queryClient.setQueryData<ConsentList>(accountQueryKeys.consents, (list) =>
        list ? { consents: list.consents.map((listed) => (listed.id === revoked.id ? { ...revoked, client_name: consent.client_name } : listed)) } : list,
      );
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: accountQueryKeys.consents });
      void queryClient.invalidateQueries({ queryKey: accountQueryKeys.securityEvents });
    },
  });
}
