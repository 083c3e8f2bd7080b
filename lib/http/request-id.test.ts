import { describe, expect, it } from "vitest";
import { acceptRequestId, requestIdFor } from "./request-id.ts";

const headers = (values: Record<string, string>) => new Headers(values);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("request ids", () => {
  it("keeps a well-formed incoming id: a UUID, nginx's hex, Vercel's", () => {
    for (const id of ["0f8fad5b-d9cb-469f-a165-70867728950e", "3c2a9f0e8b7d4a6c9e1f2a3b4c5d6e7f", "iad1::sfo1::abcde-1712345678901-0123456789ab"]) {
      expect(acceptRequestId(id)).toBe(id);
    }
  });

  it("replaces anything that could bend a header or a log line", () => {
    for (const id of ["", "short", "has space in it", "new\nline-injected", "quote\"d-value-x", "x".repeat(129), "-starts-with-dash", "ünïcode-value"]) {
      expect(acceptRequestId(id)).toBeNull();
    }
  });

  it("takes X-Request-Id first, then Vercel's id, else makes a UUID", () => {
    expect(requestIdFor(headers({ "x-request-id": "abc12345-proxy", "x-vercel-id": "iad1::xyz-123456789" }))).toBe("abc12345-proxy");
    expect(requestIdFor(headers({ "x-request-id": "bad id", "x-vercel-id": "iad1::xyz-123456789" }))).toBe("iad1::xyz-123456789");
    expect(requestIdFor(headers({}))).toMatch(UUID);
  });
});
