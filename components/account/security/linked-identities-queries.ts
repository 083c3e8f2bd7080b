"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { listMyLinkedIdentities, removeLinkedIdentity } from "@/lib/federation/endpoints";
import type { LinkedIdentity } from "@/lib/federation/schemas";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/** Linked provider accounts, read and removed through the portal relay; a removal also refreshes the security log. */
export function useLinkedIdentities() {
  return useQuery({
    queryKey: accountQueryKeys.linkedIdentities,
    queryFn: () => callEndpoint(listMyLinkedIdentities, {}),
    retry: retryUnlessRefused,
  });
}

export function useRemoveLinkedIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (identity: LinkedIdentity) => callEndpoint(removeLinkedIdentity, { params: { id: identity.id } }),
    onSettled: () => {
      for (const queryKey of [accountQueryKeys.linkedIdentities, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
