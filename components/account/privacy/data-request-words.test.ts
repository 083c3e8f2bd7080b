import { describe, expect, it } from "vitest";
import type { DataRequest } from "@/lib/privacy/schemas";
import { dataRequestStatus, dataRequestTitle, pendingDeletion } from "./data-request-words";

const request = (type: DataRequest["type"], status: DataRequest["status"], id = "1"): DataRequest => ({ id, type, status, created_at: "2026-11-21T10:00:00.000Z" });

describe("data request words", () => {
  it("names each type", () => {
    expect(dataRequestTitle(request("export", "fulfilled"))).toBe("Copy of your data");
    expect(dataRequestTitle(request("deletion", "pending"))).toBe("Account deletion");
  });

  it("says each status with its badge", () => {
    expect(dataRequestStatus(request("export", "fulfilled"))).toEqual({ label: "Ready", badge: "badge" });
    expect(dataRequestStatus(request("deletion", "pending"))).toEqual({ label: "Scheduled", badge: "badge badge--postponed" });
    expect(dataRequestStatus(request("deletion", "cancelled"))).toEqual({ label: "Cancelled", badge: "badge badge--muted" });
    expect(dataRequestStatus(request("deletion", "fulfilled"))).toEqual({ label: "Done", badge: "badge" });
  });

  it("finds the pending deletion among the rest", () => {
    expect(pendingDeletion([request("export", "fulfilled", "a"), request("deletion", "cancelled", "b")])).toBeUndefined();
    expect(pendingDeletion([request("deletion", "cancelled", "b"), request("deletion", "pending", "c")])?.id).toBe("c");
  });
});
