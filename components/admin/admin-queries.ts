"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  adminCancelEvent,
  adminCreateCampus,
  adminCreateEvent,
  adminCreateMinistry,
  adminGetEvent,
  adminListCampuses,
  adminListEvents,
  adminListMinistries,
  adminPostponeEvent,
  adminPublishEvent,
  adminUpdateCampus,
  adminUpdateEvent,
  adminUpdateMinistry,
} from "@/lib/calendar/endpoints";
import type { CreateEventInput, EVENT_SORT_FIELDS, EventStatusChange } from "@/lib/calendar/staff-schemas";
import { adminGetFamily, adminListFamilies } from "@/lib/families/endpoints";
import { adminApproveMembershipSuggestion, adminListMembershipSuggestions, adminRejectMembershipSuggestion } from "@/lib/membership/endpoints";
import { adminListClients, adminUpdateClient } from "@/lib/oauth/clients/endpoints";
import type { UpdateClientBody } from "@/lib/oauth/clients/staff-schemas";
import type { BodyInputOf } from "@/lib/openapi/endpoint";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { adminQueryKeys } from "@/lib/portal-api/query-keys";

/**
 * The staff pages' server state through the portal relay (/portal/api/v1/admin/...), parsed with the
 * admin API's own schemas. Every event write refreshes every event query; deciding a request refreshes
 * the request list.
 */

export const EVENTS_PER_PAGE = 20;

/**
 * Events searched, filtered by status and paged, in the order asked: `sort` as the API takes it (`startAt`,
 * `-startAt`, `title`, `-title`; EVENT_SORT_FIELDS), by start unless said.
 */
type EventSortField = (typeof EVENT_SORT_FIELDS)[number];

export function useAdminEvents(query: { q: string; page: number; status: string; sort?: EventSortField | `-${EventSortField}` }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(EVENTS_PER_PAGE), sort: query.sort ?? "startAt" });
  if (query.q) search.set("q", query.q);
  if (query.status) search.set("status", query.status);
  return useQuery({
    queryKey: adminQueryKeys.eventList(query),
    queryFn: () => callEndpoint(adminListEvents, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useAdminEvent(id: string) {
  return useQuery({
    queryKey: adminQueryKeys.event(id),
    queryFn: () => callEndpoint(adminGetEvent, { params: { id } }),
    retry: retryUnlessRefused,
    staleTime: 0,
    enabled: id !== "",
  });
}

export function useCampuses() {
  return useQuery({ queryKey: adminQueryKeys.campuses, queryFn: () => callEndpoint(adminListCampuses, { query: { per: "100" } }), retry: retryUnlessRefused });
}

export function useMinistries() {
  return useQuery({ queryKey: adminQueryKeys.ministries, queryFn: () => callEndpoint(adminListMinistries, { query: { per: "100" } }), retry: retryUnlessRefused });
}

/**
 * The staff forms send the body as they built it, not a parse of it, so the API judges exactly what was typed
 * and names the field it refuses (the event form checks it with the same schema first; the places form leaves
 * it to the API): it is the definition's body, only not typed so.
 */
const asBody = <E extends { body?: unknown }>(body: object) => body as BodyInputOf<E>;

const STATUS_CHANGES = { publish: adminPublishEvent, cancel: adminCancelEvent, postpone: adminPostponeEvent } as const satisfies Record<EventStatusChange, unknown>;

function useRefreshEvents() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events });
}

export function useSaveEvent(eventId: string | null) {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: (body: Partial<CreateEventInput> | Record<string, unknown>) =>
      eventId
        ? callEndpoint(adminUpdateEvent, { params: { id: eventId }, body: asBody<typeof adminUpdateEvent>(body) })
        : callEndpoint(adminCreateEvent, { body: asBody<typeof adminCreateEvent>(body) }),
    onSettled: refresh,
  });
}

export function useChangeEventStatus() {
  const refresh = useRefreshEvents();
  return useMutation({
    mutationFn: ({ eventId, change }: { eventId: string; change: EventStatusChange }) =>
      callEndpoint(STATUS_CHANGES[change], { params: { id: eventId } }),
    onSettled: refresh,
  });
}

export function usePendingSuggestions(page: number, q: string) {
  const search = new URLSearchParams({ status: "pending", per: "20", page: String(page) });
  if (q) search.set("q", q);
  return useQuery({
    queryKey: [...adminQueryKeys.suggestions, page, q],
    queryFn: () => callEndpoint(adminListMembershipSuggestions, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useDecideSuggestion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: "approve" | "reject" }) =>
      callEndpoint(decision === "approve" ? adminApproveMembershipSuggestion : adminRejectMembershipSuggestion, { params: { id } }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.suggestions }),
  });
}

export const CLIENTS_PER_PAGE = 20;

export function useAdminClients(query: { q: string; page: number }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(CLIENTS_PER_PAGE), sort: "name" });
  if (query.q) search.set("q", query.q);
  return useQuery({
    queryKey: adminQueryKeys.clientList(query),
    queryFn: () => callEndpoint(adminListClients, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, body }: { clientId: string; body: UpdateClientBody }) =>
      callEndpoint(adminUpdateClient, { params: { id: clientId }, body }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.clients }),
  });
}

export const PLACES_PER_PAGE = 20;

/** Campuses or ministries, searched and paged for the staff page that manages them. */
export function useAdminPlaces(kind: "campuses" | "ministries", query: { q: string; page: number }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(PLACES_PER_PAGE), sort: "name" });
  if (query.q) search.set("q", query.q);
  return useQuery({
    queryKey: [...adminQueryKeys[kind], "list", query],
    queryFn: () => (kind === "campuses" ? callEndpoint(adminListCampuses, { query: search }) : callEndpoint(adminListMinistries, { query: search })),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** Adds (no id) or changes (with an id) a campus or a ministry; every list of that kind is read again. */
export function useSavePlace(kind: "campuses" | "ministries") {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: { name?: string; timezone?: string } }) => {
      if (kind === "campuses") return id === null ? callEndpoint(adminCreateCampus, { body: asBody<typeof adminCreateCampus>(body) }) : callEndpoint(adminUpdateCampus, { params: { id }, body: asBody<typeof adminUpdateCampus>(body) });
      return id === null ? callEndpoint(adminCreateMinistry, { body: asBody<typeof adminCreateMinistry>(body) }) : callEndpoint(adminUpdateMinistry, { params: { id }, body: asBody<typeof adminUpdateMinistry>(body) });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys[kind] }),
  });
}

export const HOUSEHOLDS_PER_PAGE = 20;

/** Households for the church office, searched by name and paged, by name (`-name`: Z to A). */
export function useAdminHouseholds(query: { q: string; page: number; sort?: "name" | "-name" }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(HOUSEHOLDS_PER_PAGE), sort: query.sort ?? "name" });
  if (query.q) search.set("q", query.q);
  return useQuery({
    queryKey: ["admin", "households", "list", query],
    queryFn: () => callEndpoint(adminListFamilies, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** One household's members, read when the office opens it. */
export function useAdminHousehold(id: string) {
  return useQuery({ queryKey: ["admin", "households", id], queryFn: () => callEndpoint(adminGetFamily, { params: { id } }), retry: retryUnlessRefused });
}
