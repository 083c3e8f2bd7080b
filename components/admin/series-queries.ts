"use client";

import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { portalApi, retryUnlessRefused } from "@/lib/portal-api/client";
import { adminQueryKeys } from "@/lib/portal-api/query-keys";
import { AdminSeriesPageSchema, AdminSeriesSchema } from "@/lib/series/schemas";

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
    queryFn: () => portalApi(AdminSeriesPageSchema, `admin/series?${search.toString()}`),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

export function useSeries(id: string) {
  return useQuery({
    queryKey: seriesKey(id),
    queryFn: () => portalApi(AdminSeriesSchema, `admin/series/${encodeURIComponent(id)}`),
    retry: retryUnlessRefused,
    staleTime: 0,
    enabled: id !== "",
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: adminQueryKeys.events });
}

export function useCreateSeries() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: Record<string, unknown>) => portalApi(AdminSeriesSchema, "admin/series", { method: "POST", body }), onSuccess: refresh });
}

export function useUpdateSeries(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (body: Record<string, unknown>) => portalApi(AdminSeriesSchema, `admin/series/${encodeURIComponent(id)}`, { method: "PATCH", body }), onSuccess: refresh });
}

export function usePublishSeries(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: () => portalApi(AdminSeriesSchema, `admin/series/${encodeURIComponent(id)}/publish`, { method: "POST" }), onSuccess: refresh });
}
