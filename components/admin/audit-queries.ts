"use client";

import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { adminListAuditEntries } from "@/lib/audit/endpoints";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";

/** The audit log's filters as the page holds them; empty text means "any". */
export interface AuditFilters {
  q: string;
  section: string;
  from: string;
  to: string;
}

export const AUDIT_ENTRIES_PER_PAGE = 20;

/** The query string of the filters, shared by the list and the CSV export. */
export function auditSearch(filters: AuditFilters): URLSearchParams {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value) search.set(key, value);
  return search;
}

/** One page of the staff audit log through the portal relay, newest first. */
export function useAuditEntries(filters: AuditFilters, page: number) {
  const search = auditSearch(filters);
  search.set("page", String(page));
  search.set("per", String(AUDIT_ENTRIES_PER_PAGE));
  return useQuery({
    queryKey: ["admin", "audit", filters, page],
    queryFn: () => callEndpoint(adminListAuditEntries, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
