"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { challengeMembership, getMyMembership, rankedMembershipSearch, suggestMembershipLink, verifyMembership } from "@/lib/membership/endpoints";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/**
 * The membership page's server state through the portal relay: the member's linked record and requests,
 * the register search, and the code and staff-request steps. Linking or asking refreshes the member's
 * record and the security log.
 */

function useRefreshMembership() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [accountQueryKeys.membership, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
  };
}

export function useMyMembership() {
  return useQuery({ queryKey: accountQueryKeys.membership, queryFn: () => callEndpoint(getMyMembership, {}), retry: retryUnlessRefused });
}

export function useMembershipSearch() {
  return useMutation({
    mutationFn: (query: string) => callEndpoint(rankedMembershipSearch, { body: { query } }),
  });
}

export function useMembershipChallenge() {
  return useMutation({
    mutationFn: (membershipId: string) =>
      callEndpoint(challengeMembership, { body: { membership_id: membershipId } }),
  });
}

export function useVerifyMembership() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: ({ membershipId, code }: { membershipId: string; code: string }) =>
      callEndpoint(verifyMembership, { body: { membership_id: membershipId, code } }),
    onSettled: refresh,
  });
}

export function useSuggestMembership() {
  const refresh = useRefreshMembership();
  return useMutation({
    mutationFn: (membershipId: string) => callEndpoint(suggestMembershipLink, { body: { membership_id: membershipId } }),
    onSettled: refresh,
  });
}
