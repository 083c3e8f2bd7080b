"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FamilyCodeSchema, FamilyJoinResultSchema, FamilySchema, type Family } from "@/lib/families/schemas";
import { PortalApiError, portalApi, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/**
 * The family page's server state, through the portal relay: the member's family (null when they belong
 * to none: the API's `not_found`), joining one by code, and an adult making a new code.
 */
export function useMyFamily() {
  return useQuery({
    queryKey: accountQueryKeys.family,
    queryFn: async (): Promise<Family | null> => {
      try {
        return await portalApi(FamilySchema, "families/me");
      } catch (error) {
        if (error instanceof PortalApiError && error.code === "not_found") return null;
        throw error;
      }
    },
    retry: retryUnlessRefused,
  });
}

function useRefreshFamily() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [accountQueryKeys.family, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useJoinFamily() {
  const refresh = useRefreshFamily();
  return useMutation({
    mutationFn: (code: string) => portalApi(FamilyJoinResultSchema, "families/join", { method: "POST", body: { code } }),
    onSuccess: refresh,
  });
}

/** A new code: it replaces the old one in the cache at once, then the family is read again. */
export function useRotateFamilyCode() {
  const queryClient = useQueryClient();
  const refresh = useRefreshFamily();
  return useMutation({
    mutationFn: () => portalApi(FamilyCodeSchema, "families/me/code", { method: "POST" }),
    onSuccess: (code) => {
      queryClient.setQueryData<Family | null>(accountQueryKeys.family, (family) => (family ? { ...family, code } : family));
    },
    onSettled: refresh,
  });
}
