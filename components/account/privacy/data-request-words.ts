import type { DataRequest } from "@/lib/privacy/schemas";

/** A data request in words a member understands, and the badge style of its status. */

export function dataRequestTitle(request: Pick<DataRequest, "type">): string {
  return request.type === "export" ? "Copy of your data" : "Account deletion";
}

export function dataRequestStatus(request: Pick<DataRequest, "type" | "status">): { label: string; badge: string } {
  if (request.status === "pending") return { label: "Scheduled", badge: "badge badge--postponed" };
  if (request.status === "cancelled") return { label: "Cancelled", badge: "badge badge--muted" };
  return request.type === "export" ? { label: "Ready", badge: "badge" } : { label: "Done", badge: "badge" };
}

/** The member's deletion waiting for its date, if any (the API allows one at a time). */
export function pendingDeletion(requests: readonly DataRequest[]): DataRequest | undefined {
  return requests.find((request) => request.type === "deletion" && request.status === "pending");
}
