"use client";

import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import {
  adminDisableUser,
  adminEnableUser,
  adminEndUserSessions,
  adminGetUser,
  adminGetUserParticipation,
  adminListRoles,
  adminListUserSecurityEvents,
  adminListUserSessions,
  adminListUsers,
  adminSetUserRoles,
} from "@/lib/users/endpoints";

/**
 * Staff › People's server state through the portal relay (/portal/api/v1/admin/users/...), parsed with the
 * admin API's own schemas. Keys start ["admin", "people"]: every change to a member reads the lists and
 * that member's profile, sessions and log again (each change writes the member's security log).
 */

export const PEOPLE_PER_PAGE = 20;
const LOG_PAGE_SIZE = 10;
const PEOPLE = ["admin", "people"] as const;
const person = (id: string) => [...PEOPLE, "person", id] as const;

export type PeopleStatus = "" | "active" | "disabled";

/** Accounts searched by name, email or phone number, filtered by status, sorted by surname (or email), a page at a time. */
export type PeopleSort = "familyName" | "-familyName" | "email" | "-email";

export function usePeople(query: { q: string; page: number; status: PeopleStatus; sort?: PeopleSort }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(PEOPLE_PER_PAGE), sort: query.sort ?? "familyName" });
  if (query.q) search.set("q", query.q);
  if (query.status) search.set("status", query.status);
  return useQuery({
    queryKey: [...PEOPLE, "list", query],
    queryFn: () => callEndpoint(adminListUsers, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function usePerson(id: string) {
  return useQuery({ queryKey: [...person(id), "detail"], queryFn: () => callEndpoint(adminGetUser, { params: { id } }), retry: retryUnlessRefused, staleTime: 0 });
}

/** The person's sign-ups, check-ins and, for a child, pickup list: each part as far as the staff member may read it. */
export function usePersonParticipation(id: string) {
  return useQuery({ queryKey: [...person(id), "participation"], queryFn: () => callEndpoint(adminGetUserParticipation, { params: { id } }), retry: retryUnlessRefused, staleTime: 0 });
}

export function usePersonSessions(id: string) {
  return useQuery({
    queryKey: [...person(id), "sessions"],
    queryFn: () => callEndpoint(adminListUserSessions, { params: { id } }),
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

/** The member's security log, newest first; older entries a page at a time. */
export function usePersonSecurityEvents(id: string) {
  return useInfiniteQuery({
    queryKey: [...person(id), "security-events"],
    queryFn: ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(LOG_PAGE_SIZE) });
      if (pageParam) query.set("cursor", pageParam);
      return callEndpoint(adminListUserSecurityEvents, { params: { id }, query });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

/** Every role, for the assignment form (a church has a handful). */
export function useRoles(enabled: boolean) {
  return useQuery({ queryKey: ["admin", "roles"], queryFn: () => callEndpoint(adminListRoles, { query: { per: "100" } }), retry: retryUnlessRefused, enabled });
}

function useRefreshPeople() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: PEOPLE });
}

/**
 * Disable (no more sign-ins; every session ended) or enable an account. An account with staff or volunteer
 * permissions needs a recent sign-in: the page says why and offers it, rather than leaving at once.
 */
export function useSetPersonEnabled() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: ({ id, enabled }: { id: string; enabled: boolean }) => callEndpoint(enabled ? adminEnableUser : adminDisableUser, { params: { id }, stepUp: "offer" }),
    onSettled: refresh,
  });
}

/** Sign the member out everywhere: every session and app sign-in (a recent sign-in offered as above). */
export function useEndPersonSessions() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: (id: string) => callEndpoint(adminEndUserSessions, { params: { id }, stepUp: "offer" }),
    onSettled: refresh,
  });
}

/** The member holds exactly these roles afterwards (roles:write, a recent sign-in). */
export function useSetPersonRoles() {
  const refresh = useRefreshPeople();
  return useMutation({
    mutationFn: ({ id, roles }: { id: string; roles: string[] }) => callEndpoint(adminSetUserRoles, { params: { id }, body: { roles } }),
    onSettled: refresh,
  });
}
