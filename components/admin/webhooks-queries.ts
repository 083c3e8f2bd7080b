"use client";

import { useEffect } from "react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { callEndpoint, retryUnlessRefused } from "@/lib/portal-api/client";
import {
  adminCreateWebhook,
  adminDeleteWebhook,
  adminListWebhookDeliveries,
  adminListWebhooks,
  adminRedeliverWebhook,
  adminRotateWebhookSecret,
  adminTestWebhook,
  adminUpdateWebhook,
} from "@/lib/webhooks/endpoints";
import type { AdminWebhook, CreateWebhookBody, UpdateWebhookBody, WebhookDelivery } from "@/lib/webhooks/schemas";

/**
 * Staff › Webhooks' reads and writes (docs/decisions/0027). Every write refreshes every webhook query; a
 * secret in an answer is kept by the page only until it is dismissed, never in a query cache.
 */

const WEBHOOKS_KEY = ["admin", "webhooks"] as const;
export const WEBHOOKS_PER_PAGE = 20;
export const DELIVERIES_PER_PAGE = 20;

export function useAdminWebhooks(query: { q: string; page: number }) {
  const search = new URLSearchParams({ page: String(query.page), per: String(WEBHOOKS_PER_PAGE), sort: "-createdAt" });
  if (query.q) search.set("q", query.q);
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, "list", query],
    queryFn: () => callEndpoint(adminListWebhooks, { query: search }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** The delivery log of one endpoint, newest first; polled while shown, so new attempts appear by themselves. */
export function useWebhookDeliveries(id: string, page: number) {
  return useQuery({
    queryKey: [...WEBHOOKS_KEY, "deliveries", id, page],
    queryFn: () => callEndpoint(adminListWebhookDeliveries, { params: { id }, query: { page: String(page), per: String(DELIVERIES_PER_PAGE) } }),
    retry: retryUnlessRefused,
    placeholderData: keepPreviousData,
    refetchInterval: 5_000,
    staleTime: 0,
  });
}

/**
 * Keeps an endpoint's "Last message" in step with its delivery log: the log is polled, the list is not, so
 * when the log's newest message says more than the summary (a retry went through, a new message came), the
 * list is read again.
 */
export function useLastDeliveryInStep(endpoint: AdminWebhook, newest: WebhookDelivery | undefined) {
  const queryClient = useQueryClient();
  const summary = endpoint.last_delivery;
  const behind = newest !== undefined && (summary?.id !== newest.id || summary.delivered_at !== newest.delivered_at || summary.last_status !== newest.last_status);
  useEffect(() => {
    if (behind) void queryClient.invalidateQueries({ queryKey: [...WEBHOOKS_KEY, "list"] });
  }, [behind, queryClient]);
}

function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => void queryClient.invalidateQueries({ queryKey: WEBHOOKS_KEY }) });
}

export const useCreateWebhook = () => useWebhookMutation((body: Partial<CreateWebhookBody> & Pick<CreateWebhookBody, "url" | "event_types">) => callEndpoint(adminCreateWebhook, { body }));
export const useUpdateWebhook = () => useWebhookMutation(({ id, body }: { id: string; body: UpdateWebhookBody }) => callEndpoint(adminUpdateWebhook, { params: { id }, body }));
export const useDeleteWebhook = () => useWebhookMutation((id: string) => callEndpoint(adminDeleteWebhook, { params: { id } }));
export const useRotateWebhookSecret = () => useWebhookMutation((id: string) => callEndpoint(adminRotateWebhookSecret, { params: { id } }));
export const useTestWebhook = () => useWebhookMutation((id: string) => callEndpoint(adminTestWebhook, { params: { id } }));
export const useRedeliverWebhook = () =>
  useWebhookMutation(({ id, deliveryId }: { id: string; deliveryId: string }) => callEndpoint(adminRedeliverWebhook, { params: { id, deliveryId } }));
