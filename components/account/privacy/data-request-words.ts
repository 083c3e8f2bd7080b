import type { DataRequest } from "@/lib/privacy/schemas";

// i18n-namespace: AccountPrivacy

/**
 * A data request in words a member understands, and the badge style of its status. `t` is the
 * "AccountPrivacy" namespace's translator (useTranslations("AccountPrivacy")).
 */
export type DataRequestTranslator = (
  key: "requests.types.export" | "requests.types.deletion" | "requests.statuses.scheduled" | "requests.statuses.cancelled" | "requests.statuses.ready" | "requests.statuses.done",
) => string;

export function dataRequestTitle(t: DataRequestTranslator, request: Pick<DataRequest, "type">): string {
  return request.type === "export" ? t("requests.types.export") : t("requests.types.deletion");
}

export function dataRequestStatus(t: DataRequestTranslator, request: Pick<DataRequest, "type" | "status">): { label: string; badge: string } {
  if (request.status === "pending") return { label: t("requests.statuses.scheduled"), badge: "badge badge--postponed" };
  if (request.status === "cancelled") return { label: t("requests.statuses.cancelled"), badge: "badge badge--muted" };
  return request.type === "export" ? { label: t("requests.statuses.ready"), badge: "badge" } : { label: t("requests.statuses.done"), badge: "badge" };
}

/** The member's deletion waiting for its date, if any (the API allows one at a time). */
export function pendingDeletion(requests: readonly DataRequest[]): DataRequest | undefined {
  return requests.find((request) => request.type === "deletion" && request.status === "pending");
}
