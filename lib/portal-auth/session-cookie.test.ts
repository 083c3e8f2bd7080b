import { beforeAll, describe, expect, it } from "vitest";

beforeAll(() => {
  process.env.APP_SECRET = "unit-test-secret-0123456789abcdef0123456789";
  process.env.BASE_URL = "http://127.0.0.1:3999";
});

const { clearPortalCookies, readPortalToken, writePortalToken } = await import("./session-cookie.ts");

interface Written {
  value: string;
  options: { maxAge?: number; httpOnly?: boolean; sameSite?: unknown; path?: string; secure?: boolean };
}

function jar() {
  const cookies = new Map<string, Written>();
  return {
    cookies,
    set(name: string, value: string, options: Written["options"]) {
      cookies.set(name, { value, options });
      return this;
    },
    live() {
      return [...cookies].filter(([, cookie]) => cookie.options.maxAge !== 0).map(([name, cookie]) => ({ name, value: cookie.value }));
    },
  };
}

describe("the portal session cookie", () => {
  it("round-trips a token, HttpOnly and SameSite=Lax, in one cookie when small", async () => {
    const out = jar();
    await writePortalToken(out as never, { sub: "member-1", name: "Mary Member", accessToken: "a".repeat(800) }, []);
    expect([...out.cookies.keys()]).toEqual(["next-auth.session-token"]);
    expect(out.cookies.get("next-auth.session-token")!.options).toMatchObject({ httpOnly: true, sameSite: "lax", path: "/", secure: false });
    expect(await readPortalToken(out.live())).toMatchObject({ sub: "member-1", name: "Mary Member" });
  });

  it("chunks a large token as next-auth does, and expires the whole cookie it replaces", async () => {
    const out = jar();
    const before = [{ name: "next-auth.session-token", value: "old" }];
    await writePortalToken(out as never, { sub: "member-1", accessToken: "a".repeat(6000) }, before);
    expect(out.cookies.get("next-auth.session-token.0")).toBeDefined();
    expect(out.cookies.get("next-auth.session-token.1")).toBeDefined();
    expect(out.cookies.get("next-auth.session-token")!.options.maxAge).toBe(0);
    const token = await readPortalToken(out.live());
    expect(token?.accessToken).toHaveLength(6000);
  });

  it("expires chunks left over when the token shrinks back to one cookie", async () => {
    const out = jar();
    const before = [
      { name: "next-auth.session-token.0", value: "x" },
      { name: "next-auth.session-token.1", value: "y" },
    ];
    await writePortalToken(out as never, { sub: "member-1" }, before);
    expect(out.cookies.get("next-auth.session-token.0")!.options.maxAge).toBe(0);
    expect(out.cookies.get("next-auth.session-token.1")!.options.maxAge).toBe(0);
    expect(await readPortalToken(out.live())).toMatchObject({ sub: "member-1" });
  });

  it("reads nothing from a tampered, foreign or missing cookie", async () => {
    expect(await readPortalToken([])).toBeNull();
    expect(await readPortalToken([{ name: "next-auth.session-token", value: "not-a-jwe" }])).toBeNull();
    expect(await readPortalToken([{ name: "next-auth.session-token-other", value: "x" }])).toBeNull();
  });

  it("signing out expires every part and the remembered callback URL", () => {
    const out = jar();
    clearPortalCookies(out as never, [
      { name: "next-auth.session-token.0", value: "x" },
      { name: "next-auth.session-token.1", value: "y" },
      { name: "session", value: "the authorization server's, not ours" },
    ]);
    expect([...out.cookies.keys()].sort()).toEqual([
      "next-auth.callback-url",
      "next-auth.session-token",
      "next-auth.session-token.0",
      "next-auth.session-token.1",
    ]);
    for (const cookie of out.cookies.values()) expect(cookie.options.maxAge).toBe(0);
  });
});
