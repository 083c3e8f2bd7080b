import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { JWT } from "next-auth/jwt";
import { serviceTestDatabase } from "../db/service-test.ts";
import { freshenPortalToken as freshenOn, portalTokenIsStale, refreshPortalTokens } from "./refresh-tokens.ts";

// The portal's refresh on a database with every migration: a refresh token is spent once, whoever asks and
// whenever within the remembered window, because the flight is kept in PostgreSQL (./refresh-once.ts), not in
// one process's memory.
const database = serviceTestDatabase({ BASE_URL: "http://127.0.0.1:3999", BACKCHANNEL_URL: "http://10.0.0.1:3999" });
const freshenPortalToken = (token: JWT) => freshenOn(token, database);

const now = () => Math.floor(Date.now() / 1000);

function tokenResponse(body: Record<string, unknown>, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });
}

/** A token endpoint that rotates: refresh token n answers access token n and refresh token n+1, once each. */
function rotatingTokenEndpoint() {
  const calls: { url: string; body: string; authorization: string | null }[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const body = String(init?.body);
    calls.push({ url: String(url), body, authorization: new Headers(init?.headers).get("authorization") });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const presented = new URLSearchParams(body).get("refresh_token") ?? "";
    const n = Number(presented.replace("rt-", ""));
    return tokenResponse({ access_token: `at-${n}`, token_type: "Bearer", expires_in: 600, refresh_token: `rt-${n + 1}`, scope: "openid" });
  });
  return { calls, fetchMock };
}

const stale = (refreshToken: string): JWT => ({
  sub: "member-1",
  name: "Mary Member",
  email: "member@example.org",
  accessToken: "at-old",
  accessTokenExpiresAt: now() + 30,
  refreshToken,
  idToken: "id-token",
});

beforeEach(async () => {
  await database.query(`DELETE FROM refresh_flight`);
});
afterEach(() => vi.unstubAllGlobals());

describe("portalTokenIsStale", () => {
  it("is stale within a minute of expiry, or without an access token", () => {
    expect(portalTokenIsStale({ accessToken: "a", accessTokenExpiresAt: now() + 600 })).toBe(false);
    expect(portalTokenIsStale({ accessToken: "a", accessTokenExpiresAt: now() + 59 })).toBe(true);
    expect(portalTokenIsStale({ accessToken: "a", accessTokenExpiresAt: now() - 1 })).toBe(true);
    expect(portalTokenIsStale({})).toBe(true);
  });

  it("is not stale once the session has failed (nothing left to refresh)", () => {
    expect(portalTokenIsStale({ error: "RefreshAccessTokenError" })).toBe(false);
  });
});

describe("refreshing", () => {
  it("posts the refresh_token grant to the backchannel with client_secret_basic", async () => {
    const { calls, fetchMock } = rotatingTokenEndpoint();
    vi.stubGlobal("fetch", fetchMock);
    const outcome = await refreshPortalTokens("rt-1", database);
    expect(outcome).toMatchObject({ ok: true, accessToken: "at-1", refreshToken: "rt-2" });
    expect(calls).toHaveLength(1);
    expect(calls[0]!.url).toBe("http://10.0.0.1:3999/oauth/token");
    expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({ grant_type: "refresh_token", refresh_token: "rt-1" });
    expect(calls[0]!.authorization).toMatch(/^Basic [A-Za-z0-9+/]+=*$/);
    const [id] = Buffer.from(calls[0]!.authorization!.slice(6), "base64").toString().split(":");
    expect(id).toBe("portal");
  });

  it("spends one refresh token once, however many requests find the access token stale together", async () => {
    const { calls, fetchMock } = rotatingTokenEndpoint();
    vi.stubGlobal("fetch", fetchMock);
    const results = await Promise.all(Array.from({ length: 5 }, () => freshenPortalToken(stale("rt-7"))));
    expect(calls).toHaveLength(1);
    for (const result of results) {
      expect(result.changed).toBe(true);
      expect(result.token).toMatchObject({ accessToken: "at-7", refreshToken: "rt-8" });
      expect(result.token.error).toBeUndefined();
    }
  });

  it("gives a late request that still carries the old refresh token the same new tokens", async () => {
    const { calls, fetchMock } = rotatingTokenEndpoint();
    vi.stubGlobal("fetch", fetchMock);
    const first = await freshenPortalToken(stale("rt-3"));
    const late = await freshenPortalToken(stale("rt-3"));
    expect(calls).toHaveLength(1);
    expect(late.token.refreshToken).toBe(first.token.refreshToken);
    // The rotated token is spent normally on the next expiry.
    await freshenPortalToken({ ...first.token, accessTokenExpiresAt: now() });
    expect(calls).toHaveLength(2);
    expect(new URLSearchParams(calls[1]!.body).get("refresh_token")).toBe("rt-4");
  });

  it("does not refresh a fresh token", async () => {
    const { calls, fetchMock } = rotatingTokenEndpoint();
    vi.stubGlobal("fetch", fetchMock);
    const result = await freshenPortalToken({ ...stale("rt-1"), accessTokenExpiresAt: now() + 500 });
    expect(result.changed).toBe(false);
    expect(calls).toHaveLength(0);
  });

  it.each([
    ["a refused refresh token", () => tokenResponse({ error: "invalid_grant" }, 400)],
    ["a server error", () => tokenResponse({ error: "server_error" }, 500)],
    ["an unreachable issuer", () => Promise.reject(new TypeError("fetch failed"))],
    ["a malformed answer", () => tokenResponse({ access_token: "x" })],
  ])("marks the session failed on %s, dropping its tokens but keeping the logout hint", async (_label, answer) => {
    vi.stubGlobal("fetch", vi.fn(answer));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const { token, changed } = await freshenPortalToken(stale("rt-9"));
    expect(changed).toBe(true);
    expect(token).toEqual({ sub: "member-1", name: "Mary Member", email: "member@example.org", idToken: "id-token", error: "RefreshAccessTokenError" });
  });

  it("marks the session failed without a refresh token to spend", async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal("fetch", fetchMock);
    const { token } = await freshenPortalToken({ ...stale("x"), refreshToken: undefined });
    expect(token.error).toBe("RefreshAccessTokenError");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
