"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { adminGetMembershipRecord, adminListMembershipRecords, adminUnlinkMembershipRecord, adminUpdateMembershipRecord } from "@/lib/membership/endpoints";
import type { UpdateMembershipRecordInput } from "@/lib/membership/staff-schemas";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";

/**
 * Staff › Membership › Register: the church's register records through the portal relay, searched and paged,
 * one opened, edited and unlinked. Every write refreshes every register query (and the requests list, whose
 * records show whether they are linked).
 */

export const RECORDS_PER_PAGE = 20;
const RECORDS_KEY = ["admin", "membership-records"] as const;

export type LinkedFilter = "" | "true" | "false";

/** Register records searched, linked or not, paged, by surname then given name (`-familyName`: Z to A). */
export function useMembershipRecords(query: { q: string; page: number; linked: LinkedFilter; sort?: "familyName" | "-familyName" }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(RECORDS_PER_PAGE), sort: query.sort ?? "familyName" });
  if (query.q) search.set("q", query.q);
  if (query.linked) search.set("linked", query.linked);
  return useQuery({
    queryKey: [...RECORDS_KEY, "list", query],
    queryFn: () => callEndpoint(adminListMembershipRecords, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useMembershipRecord(id: string) {
  return useQuery({
    queryKey: [...RECORDS_KEY, "one", id],
    queryFn: () => callEndpoint(adminGetMembershipRecord, { params: { id } }),
    retry: retryUnlessRefused,
    staleTime: 0,
  });
}

function useRefreshRecords() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: RECORDS_KEY });
    void queryClient.invalidateQueries({ queryKey: ["admin", "membership-suggestions"] });
  };
}

export function useUpdateMembershipRecord(id: string) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: (body: UpdateMembershipRecordInput) => callEndpoint(adminUpdateMembershipRecord, { params: { id }, body }),
    onSettled: refresh,
  });
}

export function useUnlinkMembershipRecord(id: string) {
  const refresh = useRefreshRecords();
  return useMutation({
    mutationFn: () => callEndpoint(adminUnlinkMembershipRecord, { params: { id } }),
    onSettled: refresh,
  });
}
