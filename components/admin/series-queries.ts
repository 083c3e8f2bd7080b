"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { BodyInputOf } from "@/lib/openapi/endpoint";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import { adminQueryKeys } from "@/lib/portal-api/query-keys";
import { adminCreateSeries, adminGetSeries, adminListSeries, adminPublishSeries, adminUpdateSeries } from "@/lib/series/endpoints";

/**
 * Recurring series through the portal relay (/portal/api/v1/admin/series, docs/decisions/0026). A series is
 * events: every write refreshes the whole event branch, series included.
 */

const seriesKey = (id: string) => [...adminQueryKeys.events, "series", id] as const;
export const SERIES_PER_PAGE = 20;

/** One page of series, by title (GET /api/v1/admin/series). */
export function useSeriesList(query: { q: string; page: number }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(SERIES_PER_PAGE), sort: "title" });
  if (query.q) search.set("q", query.q);
  return useQuery({
    queryKey: [...adminQueryKeys.events, "series-list", query],
    queryFn: () => callEndpoint(adminListSeries, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSeries(id: string) {
  return useQuery({
    queryKey: seriesKey(id),
    queryFn: () => callEndpoint(adminGetSeries, { params: { id } }),
    retry: retryUnlessRefused,
    staleTime: 0,
    enabled: id !== "",
  });
}

/**
 * The event form sends the body as it built it (checked with the same schema first, not its parsed output),
 * so the API judges exactly what was typed; it is the definition's body, only not typed so.
 */
const asBody = <E extends typeof adminCreateSeries | typeof adminUpdateSeries>(body: Record<string, unknown>) => body as BodyInputOf<E>;

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events });
}

export function useCreateSeries() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: Record<string, unknown>) => callEndpoint(adminCreateSeries, { body: asBody<typeof adminCreateSeries>(body) }), onSuccess: refresh });
}

export function useUpdateSeries(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: Record<string, unknown>) => callEndpoint(adminUpdateSeries, { params: { id }, body: asBody<typeof adminUpdateSeries>(body) }), onSuccess: refresh });
}

export function usePublishSeries(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => callEndpoint(adminPublishSeries, { params: { id } }), onSuccess: refresh });
}
