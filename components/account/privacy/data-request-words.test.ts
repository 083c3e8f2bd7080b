import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import type { DataRequest } from "@/lib/privacy/schemas";
import { dataRequestStatus, dataRequestTitle, pendingDeletion } from "./data-request-words";

const request = (type: DataRequest["type"], status: DataRequest["status"], id = "1"): DataRequest => ({ id, type, status, created_at: "2026-11-21T10:00:00.000Z" });
const t = translatorFor("en", "AccountPrivacy");
const es = translatorFor("es", "AccountPrivacy");

describe("data request words", () => {
  it("names each type", () => {
    expect(dataRequestTitle(t, request("export", "fulfilled"))).toBe("Copy of your data");
    expect(dataRequestTitle(t, request("deletion", "pending"))).toBe("Account deletion");
  });

  it("says each status with its badge", () => {
    expect(dataRequestStatus(t, request("export", "fulfilled"))).toEqual({ label: "Ready", badge: "badge" });
    expect(dataRequestStatus(t, request("deletion", "pending"))).toEqual({ label: "Scheduled", badge: "badge badge--postponed" });
    expect(dataRequestStatus(t, request("deletion", "cancelled"))).toEqual({ label: "Cancelled", badge: "badge badge--muted" });
    expect(dataRequestStatus(t, request("deletion", "fulfilled"))).toEqual({ label: "Done", badge: "badge" });
  });

  it("says the same in Spanish, with the same badges", () => {
    expect(dataRequestTitle(es, request("export", "fulfilled"))).toBe("Copia de sus datos");
    expect(dataRequestTitle(es, request("deletion", "pending"))).toBe("Eliminación de la cuenta");
    expect(dataRequestStatus(es, request("deletion", "pending"))).toEqual({ label: "Programada", badge: "badge badge--postponed" });
    expect(dataRequestStatus(es, request("export", "fulfilled"))).toEqual({ label: "Lista", badge: "badge" });
  });

  it("finds the pending deletion among the rest", () => {
    expect(pendingDeletion([request("export", "fulfilled", "a"), request("deletion", "cancelled", "b")])).toBeUndefined();
    expect(pendingDeletion([request("deletion", "cancelled", "b"), request("deletion", "pending", "c")])?.id).toBe("c");
  });
});
