"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { getMyCheckInCard, getMyCheckInCode, issueMyCheckInCard, listMyCheckIns, listMySelfCheckInEvents, revokeMyCheckInCard, selfCheckIn } from "@/lib/check-in/endpoints";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";

/**
 * The check-in page's server state through the portal relay (docs/decisions/0023): the member's code,
 * asked again every minute while the page is visible (react-query pauses intervals in a hidden tab), the
 * events open for self check-in, and the member's attendance. Checking in refreshes both lists and the
 * security log, which records it.
 */
export const CODE_REFRESH_MS = 60_000;
const EVENTS_REFRESH_MS = 60_000;

export function useMemberCode() {
  return useQuery({
    queryKey: accountQueryKeys.checkInCode,
    queryFn: () => callEndpoint(getMyCheckInCode, {}),
    refetchInterval: CODE_REFRESH_MS,
    refetchIntervalInBackground: false,
    // A cached code from an earlier visit may be minutes old: always ask for a fresh one on arrival.
    staleTime: 0,
    gcTime: 0,
    retry: retryUnlessRefused,
  });
}

export function useSelfCheckInEvents() {
  return useQuery({
    queryKey: accountQueryKeys.checkInEvents,
    queryFn: () => callEndpoint(listMySelfCheckInEvents, {}),
    refetchInterval: EVENTS_REFRESH_MS,
    retry: retryUnlessRefused,
  });
}

export function useMyCheckIns() {
  return useQuery({ queryKey: accountQueryKeys.checkIns, queryFn: () => callEndpoint(listMyCheckIns, {}), retry: retryUnlessRefused });
}

export function useSelfCheckIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => callEndpoint(selfCheckIn, { body: { event_id: eventId } }),
    onSettled: () => {
      for (const queryKey of [accountQueryKeys.checkInEvents, accountQueryKeys.checkIns, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** The member's household card: its status only (the code is answered once, by the issue). */
export function useCheckInCard() {
  return useQuery({ queryKey: accountQueryKeys.checkInCard, queryFn: () => callEndpoint(getMyCheckInCard, {}), retry: retryUnlessRefused });
}

/** Issues (or replaces) the card; its answer holds the code to print, which is never kept in the cache. */
export function useIssueCheckInCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(issueMyCheckInCard, {}),
    onSuccess: (issued) => queryClient.setQueryData(accountQueryKeys.checkInCard, { card: issued.card }),
    onSettled: () => {
      for (const queryKey of [accountQueryKeys.checkInCard, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useRevokeCheckInCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(revokeMyCheckInCard, {}),
    onSettled: () => {
      for (const queryKey of [accountQueryKeys.checkInCard, accountQueryKeys.securityEvents]) void queryClient.invalidateQueries({ queryKey });
    },
  });
}
