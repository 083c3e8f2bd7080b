import { describe, expect, it } from "vitest";
import { EMBED_FRAME_CONTENT_SECURITY_POLICY, EMBED_FRAME_STYLE, EMBED_FRAME_STYLE_HASH, isAuthorizationPage, newNonce, pageContentSecurityPolicy, wantsHsts } from "./security-headers.ts";

const base = { nonce: "bm9uY2U=", baseUrl: "https://church.example.org", assetUrl: "https://cdn.example.net/assets", development: false, pathname: "/calendar" };

describe("pageContentSecurityPolicy", () => {
  it("allows scripts by nonce only, styles and everything else from the origin, images also as data: and from the CDN", () => {
    expect(pageContentSecurityPolicy(base)).toBe(
      "default-src 'self'; script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic'; style-src 'self'; " +
        "img-src 'self' data: https://cdn.example.net https://church.example.org; font-src 'self'; connect-src 'self'; object-src 'none'; " +
        "base-uri 'none'; form-action 'self'; frame-ancestors 'none'; frame-src https://church.example.org/admin/emails/preview/; upgrade-insecure-requests",
    );
  });

  it("lets the authorization-server pages post forms that end at a client's redirect URI", () => {
    expect(pageContentSecurityPolicy({ ...base, pathname: "/sign-in/second-factor" })).toContain("form-action 'self' https:;");
    // "Link your <provider> account" posts to /auth/federated/start, which redirects to the provider.
    expect(pageContentSecurityPolicy({ ...base, pathname: "/account/security" })).toContain("form-action 'self' https:;");
    expect(pageContentSecurityPolicy({ ...base, pathname: "/account/apps" })).toContain("form-action 'self';");
    expect(pageContentSecurityPolicy({ ...base, pathname: "/consent", baseUrl: "http://localhost:3000" })).toContain("form-action 'self' https: http:;");
  });

  it("adds what next dev needs only in development, and no upgrade over plain http", () => {
    const policy = pageContentSecurityPolicy({ ...base, baseUrl: "http://localhost:3000", assetUrl: "http://localhost:3000", development: true });
    expect(policy).toContain("script-src 'self' 'nonce-bm9uY2U=' 'strict-dynamic' 'unsafe-eval';");
    expect(policy).toContain("style-src 'self' 'unsafe-inline';");
    expect(policy).toContain("img-src 'self' data: http://localhost:3000;");
    expect(policy).not.toContain("upgrade-insecure-requests");
  });
});

describe("the helpers", () => {
  it("makes a new 128-bit base64 nonce every time", () => {
    const nonces = new Set(Array.from({ length: 50 }, () => newNonce()));
    expect(nonces.size).toBe(50);
    for (const nonce of nonces) expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("sends HSTS only for an https origin outside development", () => {
    expect(wantsHsts("https://church.example.org", "production")).toBe(true);
    expect(wantsHsts("https://church.example.org", "development")).toBe(false);
    expect(wantsHsts("http://127.0.0.1:3000", "production")).toBe(false);
  });

  it("knows the authorization-server pages by path, not by prefix of a word", () => {
    expect(["/sign-in", "/sign-in/second-factor", "/consent", "/register/verify", "/signed-out"].every(isAuthorizationPage)).toBe(true);
    expect(["/calendar", "/account", "/sign-inside", "/"].some(isAuthorizationPage)).toBe(false);
  });
});

describe("the calendar widget's iframe page (0028)", () => {
  it("allows its one inline style by the style's own hash", async () => {
    const { createHash } = await import("node:crypto");
    expect(EMBED_FRAME_STYLE_HASH).toBe(createHash("sha256").update(EMBED_FRAME_STYLE).digest("base64"));
    expect(EMBED_FRAME_CONTENT_SECURITY_POLICY).toContain(`style-src 'sha256-${EMBED_FRAME_STYLE_HASH}'`);
  });

  it("may be framed by any site, and loads nothing but its own script and feed", () => {
    expect(EMBED_FRAME_CONTENT_SECURITY_POLICY.split("; ")).toEqual(expect.arrayContaining(["frame-ancestors *", "default-src 'none'", "script-src 'self'", "connect-src 'self'"]));
  });
});
