"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";
import { getMySchedule, getMyScheduleFeed, issueMyScheduleFeed, revokeMyScheduleFeed, showMyScheduleFeed } from "@/lib/schedule/endpoints";

/** "My schedule" through the portal relay (docs/decisions/0025): the schedule, and its private feed's status. */
export function useSchedule() {
  return useQuery({ queryKey: accountQueryKeys.schedule, queryFn: () => callEndpoint(getMySchedule, {}), retry: retryUnlessRefused });
}

export function useScheduleFeed() {
  return useQuery({ queryKey: accountQueryKeys.scheduleFeed, queryFn: () => callEndpoint(getMyScheduleFeed, {}), retry: retryUnlessRefused });
}

function useRefreshFeed() {
  const queryClient = useQueryClient();
  return () => {
    for (const queryKey of [accountQueryKeys.scheduleFeed, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
  };
}

/** Makes (or replaces) the feed; its answer holds the address, shown once and never kept in the cache. */
export function useIssueScheduleFeed() {
  const queryClient = useQueryClient();
  const refresh = useRefreshFeed();
  return useMutation({
    mutationFn: () => callEndpoint(issueMyScheduleFeed, {}),
    onSuccess: (issued) => queryClient.setQueryData(accountQueryKeys.scheduleFeed, { feed: issued.feed }),
    onSettled: refresh,
  });
}

/** Shows the live feed's address again (a recent sign-in; written to the security log); never kept in the cache. */
export function useShowScheduleFeed() {
  const refresh = useRefreshFeed();
  return useMutation({ mutationFn: () => callEndpoint(showMyScheduleFeed, {}), onSettled: refresh });
}

export function useRevokeScheduleFeed() {
  const refresh = useRefreshFeed();
  return useMutation({ mutationFn: () => callEndpoint(revokeMyScheduleFeed, {}), onSettled: refresh });
}
