"use client";

import { useInfiniteQuery, useMutation, useQuery } from "@tanstack/react-query";
import { confirmMfa, disableMfa, getMyMfa, regenerateRecoveryCodes, setUpMfa } from "@/lib/mfa/endpoints";
import { useRefreshAfterChange } from "../use-refresh-after-change";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { accountQueryKeys } from "@/lib/portal-api/query-keys";
import { listMySecurityEvents } from "@/lib/security-log/endpoints";
import { listMySessions, signOutOtherSessions, signOutSession } from "@/lib/sessions/endpoints";
import type { MemberSession } from "@/lib/sessions/schemas";

/**
 * The security page's server state: the second factor, the signed-in sessions and the security log, each
 * read and changed through the portal relay. Every change refreshes what it affects, the security log
 * always among them (each change writes an entry there).
 */

const SECURITY_EVENTS_PAGE_SIZE = 20;

export function useMfaState() {
  return useQuery({ queryKey: accountQueryKeys.mfa, queryFn: () => callEndpoint(getMyMfa, {}), retry: retryUnlessRefused });
}

/** Step 1: a new pending secret, answered as an otpauth:// URL (shown once, never stored in the browser). */
export function useStartTotpSetup() {
  const refresh = useRefreshAfterChange(accountQueryKeys.mfa);
  return useMutation({ mutationFn: () => callEndpoint(setUpMfa, {}), onSettled: refresh });
}

/** Step 2: the first code from the app turns TOTP on and answers the ten recovery codes. */
export function useConfirmTotp() {
  const refresh = useRefreshAfterChange(accountQueryKeys.mfa);
  return useMutation({
    mutationFn: (code: string) => callEndpoint(confirmMfa, { body: { code } }),
    onSettled: refresh,
  });
}

export function useRegenerateRecoveryCodes() {
  const refresh = useRefreshAfterChange(accountQueryKeys.mfa);
  return useMutation({
    mutationFn: (code: string) => callEndpoint(regenerateRecoveryCodes, { body: { code } }),
    onSettled: refresh,
  });
}

export function useDisableTotp() {
  const refresh = useRefreshAfterChange(accountQueryKeys.mfa);
  return useMutation({
    mutationFn: (code: string) => callEndpoint(disableMfa, { body: { code } }),
    onSettled: refresh,
  });
}

export function useSessions() {
  return useQuery({ queryKey: accountQueryKeys.sessions, queryFn: () => callEndpoint(listMySessions, {}), retry: retryUnlessRefused });
}

export function useSignOutSession() {
  const refresh = useRefreshAfterChange(accountQueryKeys.sessions);
  return useMutation({
    mutationFn: (session: MemberSession) => callEndpoint(signOutSession, { params: { id: session.id } }),
    onSettled: refresh,
  });
}

export function useSignOutOtherSessions() {
  const refresh = useRefreshAfterChange(accountQueryKeys.sessions);
  return useMutation({ mutationFn: () => callEndpoint(signOutOtherSessions, {}), onSettled: refresh });
}

/** The security log, newest first, a page at a time. */
export function useSecurityEvents() {
  return useInfiniteQuery({
    queryKey: accountQueryKeys.securityEvents,
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(SECURITY_EVENTS_PAGE_SIZE) });
      if (pageParam) query.set("cursor", pageParam);
      return callEndpoint(listMySecurityEvents, { query });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    retry: retryUnlessRefused,
  });
}
