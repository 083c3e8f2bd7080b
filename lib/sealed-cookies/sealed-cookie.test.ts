import { beforeAll, describe, expect, it, vi } from "vitest";
import { openSealedCookie, sealedCookie } from "./sealed-cookie.ts";

beforeAll(() => {
  // Vitest sets BASE_URL to Vite's "/": give the app's config a real origin.
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", "http://localhost:3000");
});

const now = new Date("2026-05-01T12:00:00Z");

describe("sealed cookies", () => {
  it("open only for the purpose they were sealed for", async () => {
    const cookie = await sealedCookie("x", "pending-sign-in", { userId: "u1" }, 60, now);
    expect(await openSealedCookie("pending-sign-in", cookie.value, now)).toMatchObject({ userId: "u1" });
    expect(await openSealedCookie("other-purpose", cookie.value, now)).toBeNull();
  });
});
