import { beforeAll, describe, expect, it, vi } from "vitest";
import { pendingCodeCookie, readPendingCode } from "./pending-code.ts";

beforeAll(() => {
  // Vitest sets BASE_URL to Vite's "/": give the app's config a real origin.
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", "http://localhost:3000");
});

const now = new Date("2026-05-01T12:00:00Z");

describe("the pending-code cookie", () => {
  it("keeps the pending code's address and binding, 30 minutes", async () => {
    const cookie = await pendingCodeCookie({ purpose: "password_reset", email: "a@example.org", binding: "" }, now);
    expect(cookie.options.maxAge).toBe(1800);
    expect(await readPendingCode(cookie.value, now)).toEqual({ purpose: "password_reset", email: "a@example.org", binding: "" });
  });
});
