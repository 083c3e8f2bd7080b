"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { LinkedIdentityListSchema, RemovedLinkedIdentitySchema, type LinkedIdentity } from "@/lib/federation/schemas";
import { portalApi, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/** Linked provider accounts, read and removed through the portal relay; a removal also refreshes the security log. */
export function useLinkedIdentities() {
  return useQuery({
    queryKey: accountQueryKeys.linkedIdentities,
    queryFn: () => portalApi(LinkedIdentityListSchema, "users/me/linked-identities"),
    retry: retryUnlessRefused,
  });
}

export function useRemoveLinkedIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identity: LinkedIdentity) =>
      portalApi(RemovedLinkedIdentitySchema, `users/me/linked-identities/${encodeURIComponent(identity.id)}`, { method: "DELETE" }),
    onSettled: () => {
      for (const queryKey of [accountQueryKeys.linkedIdentities, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
