import { describe, expect, it } from "vitest";
import { decodeCursor, deriveCursorKey, encodeCursor } from "./cursor.ts";

const key = deriveCursorKey("unit-test-secret-0123456789abcdef0123456789");
const otherKey = deriveCursorKey("another-secret-0123456789abcdef0123456789ab");
const position = { startAt: new Date("2026-12-06T14:30:00.000Z"), eventId: "evt_abc123xyz0" };
const filters = { type: "SERVICE" as const, campusId: "cmp_downtown" };

describe("calendar cursor", () => {
  it("round-trips a position under the same filters", () => {
    const cursor = encodeCursor(position, filters, key);
    expect(decodeCursor(cursor, filters, key)).toEqual(position);
  });

  it("is opaque: URL-safe, and the event id is not readable in it", () => {
    const cursor = encodeCursor(position, filters, key);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain("evt_");
  });

  it("does not depend on the order filters are given in", () => {
    const cursor = encodeCursor(position, { campusId: "cmp_downtown", type: "SERVICE" }, key);
    expect(decodeCursor(cursor, filters, key)).toEqual(position);
  });

  it.each([
    ["another type", { ...filters, type: "COURSE" as const }],
    ["a filter removed", { type: "SERVICE" as const }],
    ["a filter added", { ...filters, audience: "youth" }],
    ["no filters", {}],
  ])("is refused with %s", (_label, otherFilters) => {
    const cursor = encodeCursor(position, filters, key);
    expect(decodeCursor(cursor, otherFilters, key)).toBeNull();
  });

  it("is refused when signed with another key (another deployment)", () => {
    expect(decodeCursor(encodeCursor(position, filters, otherKey), filters, key)).toBeNull();
  });

  it("is refused when its payload is edited, even to a valid-looking position", () => {
    const cursor = encodeCursor(position, filters, key);
    const [, signature] = cursor.split(".");
    const forgedPayload = Buffer.from(JSON.stringify([position.startAt.getTime() + 1, position.eventId])).toString("base64url");
    expect(decodeCursor(`${forgedPayload}.${signature}`, filters, key)).toBeNull();
  });

  it("is refused when a single character of the signature changes", () => {
    const cursor = encodeCursor(position, filters, key);
    const last = cursor.at(-1) === "A" ? "B" : "A";
    expect(decodeCursor(cursor.slice(0, -1) + last, filters, key)).toBeNull();
  });

  it.each(["", "abc", "a.b.c", "not base64!.sig", "....", "%%%.%%%", "eyJ9.", ".c2ln"])("refuses the malformed cursor %j", (cursor) => {
    expect(decodeCursor(cursor, filters, key)).toBeNull();
  });

  it("refuses a correctly signed payload of the wrong shape", async () => {
    const { createHmac } = await import("node:crypto");
    // Sign garbage the way the encoder would, to prove decoding checks the shape after the MAC.
    const payload = Buffer.from(JSON.stringify({ hello: "world" })).toString("base64url");
    const canonical = JSON.stringify([filters.type, null, filters.campusId, null]);
    const signature = createHmac("sha256", key).update(`c1\n${payload}\n${canonical}`).digest("base64url");
    expect(decodeCursor(`${payload}.${signature}`, filters, key)).toBeNull();
  });
});
