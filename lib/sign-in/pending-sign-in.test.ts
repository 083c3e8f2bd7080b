import { beforeAll, describe, expect, it, vi } from "vitest";
import { pendingCodeCookie } from "../verification-codes/pending-code.ts";
import { clearedPendingSignInCookie, pendingSignInCookie, readPendingSignIn } from "./pending-sign-in.ts";

beforeAll(() => {
  // Vitest sets BASE_URL to Vite's "/": give the app's config a real origin.
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", "http://localhost:3000");
});

const now = new Date("2026-05-01T12:00:00Z");

describe("the half-signed-in cookie", () => {
  it("round-trips the half-signed-in state, HttpOnly, Lax, 5 minutes", async () => {
    const cookie = await pendingSignInCookie({ userId: "u1", request: "r1", returnTo: "/calendar" }, now);
    expect(cookie.name).toBe("pending-sign-in");
    expect(cookie.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", maxAge: 300 });
    // A compact JWE: nothing of the payload readable in the cookie.
    expect(cookie.value.split(".")).toHaveLength(5);
    expect(Buffer.from(cookie.value.split(".")[3]!, "base64url").toString("latin1")).not.toContain("userId");
    expect(await readPendingSignIn(cookie.value, now)).toEqual({ userId: "u1", request: "r1", returnTo: "/calendar" });
  });

  it("refuses an expired, tampered, foreign or missing cookie", async () => {
    const cookie = await pendingSignInCookie({ userId: "u1" }, now);
    expect(await readPendingSignIn(cookie.value, new Date(now.getTime() + 300_000))).toBeNull();
    const tampered = cookie.value.slice(0, -4) + (cookie.value.endsWith("AAAA") ? "BBBB" : "AAAA");
    expect(await readPendingSignIn(tampered, now)).toBeNull();
    const code = await pendingCodeCookie({ purpose: "email_verification", email: "a@example.org", binding: "b" }, now);
    expect(await readPendingSignIn(code.value, now)).toBeNull();
    expect(await readPendingSignIn(undefined, now)).toBeNull();
    expect(await readPendingSignIn("x".repeat(5000), now)).toBeNull();
  });

  it("clears with Max-Age 0", () => {
    expect(clearedPendingSignInCookie()).toMatchObject({ name: "pending-sign-in", value: "", options: { maxAge: 0 } });
  });
});
