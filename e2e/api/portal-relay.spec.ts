import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP, OAuthBrowser } from "../support/oauth-browser.ts";
import { ISSUER, portalTokensFor, tokensFor } from "../support/oauth-client.ts";
import { PORTAL_SESSION_COOKIE } from "../support/portal.ts";

/**
 * The portal relay (/portal/api/v1/*, lib/portal-api/relay.ts) over plain HTTP, with the cookies of a
 * browser that signed in to the portal: it answers for the member only when the call carries the page's
 * CSRF token from our own origin, and only while the portal session lives. The session cookie alone
 * authorises nothing, so another site cannot make a signed-in member's browser remove an app.
 */

const CSRF_HEADER = "x-csrf-token";
const FORBIDDEN = {
  error: "forbidden",
  error_description: "This request did not come from this site's own page. Reload the page and try again.",
};
const SIGNED_OUT = { error: "invalid_token", error_description: "Your session has ended. Sign in again." };

interface SignedInBrowser {
  browser: OAuthBrowser;
  /** The token the portal's pages put in `<meta name="csrf-token">`. */
  csrfToken: string;
}

/** Signs in to the portal as a browser would (link, our sign-in page, back to /account) and reads the page's CSRF token. */
async function signInToPortal(member: TestMember): Promise<SignedInBrowser> {
  const browser = new OAuthBrowser();
  const outcome = await browser.authorize("/portal/sign-in?callbackUrl=%2Faccount", { account: member });
  expect(outcome.stoppedAt?.pathname, outcome.trail.join("\n")).toBe("/account");
  expect(browser.jar.get(PORTAL_SESSION_COOKIE)).toBeTruthy();
  const { status, html } = await browser.page("/account");
  expect(status).toBe(200);
  const meta = /<meta\b[^>]*\bname="csrf-token"[^>]*>/.exec(html)?.[0] ?? "";
  const csrfToken = /\bcontent="([^"]+)"/.exec(meta)?.[1];
  expect(csrfToken, "the signed-in page has no csrf-token meta").toBeTruthy();
  return { browser, csrfToken: csrfToken! };
}

async function relay(method: "GET" | "DELETE", path: string, cookies: string, headers: Record<string, string> = {}) {
  const response = await fetch(new URL(`/portal/api/v1/${path}`, ISSUER), { method, headers: { cookie: cookies, accept: "application/json", ...headers } });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? (JSON.parse(text) as unknown) : null };
}

async function demoAppConsentId(member: TestMember): Promise<string> {
  const [row] = await sql<{ id: string }>("SELECT id FROM consent WHERE user_id = $1 AND client_id = $2", [member.id, DEMO_APP.id]);
  if (!row) throw new Error("no demo-app consent");
  return row.id;
}

async function consentStatus(id: string): Promise<string | undefined> {
  const [row] = await sql<{ status: string }>("SELECT status FROM consent WHERE id = $1", [id]);
  return row?.status;
}

test("with the page's CSRF token and a live session, the relay answers the member's own consents", async () => {
  const member = await createTestMember("relay-ok");
  await tokensFor(member);
  const { browser, csrfToken } = await signInToPortal(member);

  const listed = await relay("GET", "consents/me", browser.jar.header(), { [CSRF_HEADER]: csrfToken });
  expect(listed.status).toBe(200);
  expect(listed.headers.get("cache-control")).toBe("no-store");
  expect((listed.body as { consents: { id: string; client_id: string; client_name: string; status: string }[] }).consents).toEqual([
    expect.objectContaining({ id: await demoAppConsentId(member), client_id: DEMO_APP.id, client_name: "Demo app", status: "granted" }),
  ]);
});

test.describe("the relay refuses a call that did not come from the portal's own page", () => {
  const cases: { label: string; headers: (csrfToken: string) => Record<string, string> }[] = [
    { label: "no CSRF header", headers: () => ({}) },
    { label: "an empty CSRF header", headers: () => ({ [CSRF_HEADER]: "" }) },
    { label: "a CSRF token made up by the caller", headers: () => ({ [CSRF_HEADER]: "forged-token-0123456789abcdefghijklmnopq" }) },
    { label: "the right token from another site", headers: (csrfToken) => ({ [CSRF_HEADER]: csrfToken, origin: "https://evil.example" }) },
    { label: "the right token, sent cross-site", headers: (csrfToken) => ({ [CSRF_HEADER]: csrfToken, "sec-fetch-site": "cross-site" }) },
  ];
  for (const { label, headers } of cases) {
    test(`${label} → 403 forbidden, and nothing is removed`, async () => {
      const member = await createTestMember("relay-csrf");
      await tokensFor(member);
      const { browser, csrfToken } = await signInToPortal(member);
      const consentId = await demoAppConsentId(member);

      for (const [method, path] of [
        ["GET", "consents/me"],
        ["DELETE", `consents/me/${consentId}`],
      ] as const) {
        const answer = await relay(method, path, browser.jar.header(), headers(csrfToken));
        expect(answer.status, `${method} ${path}`).toBe(403);
        expect(answer.headers.get("cache-control")).toBe("no-store");
        expect(answer.body).toEqual(FORBIDDEN);
      }
      expect(await consentStatus(consentId)).toBe("granted");
    });
  }
});

test("signed out, the relay answers invalid_token even with a good CSRF token, and removes nothing", async () => {
  const member = await createTestMember("relay-signed-out");
  await tokensFor(member);
  const { browser, csrfToken } = await signInToPortal(member);
  const consentId = await demoAppConsentId(member);

  // A browser that never had the portal's session cookie (only the CSRF seed).
  const stranger = browser.clone();
  stranger.jar.delete(PORTAL_SESSION_COOKIE);
  const noSession = await relay("GET", "consents/me", stranger.jar.header(), { [CSRF_HEADER]: csrfToken });
  expect(noSession.status).toBe(401);
  expect(noSession.body).toEqual(SIGNED_OUT);

  // The member signs out of the portal; the same browser's next call is refused.
  const signOut = await browser.fetch("/portal/sign-out", { form: { csrf_token: csrfToken } });
  expect(signOut.status).toBeLessThan(400);
  expect(browser.jar.get(PORTAL_SESSION_COOKIE)).toBeUndefined();
  for (const [method, path] of [
    ["GET", "consents/me"],
    ["DELETE", `consents/me/${consentId}`],
  ] as const) {
    const answer = await relay(method, path, browser.jar.header(), { [CSRF_HEADER]: csrfToken });
    expect(answer.status, `${method} ${path}`).toBe(401);
    expect(answer.body).toEqual(SIGNED_OUT);
  }
  expect(await consentStatus(consentId)).toBe("granted");
});

test("the relay carries the member's own address to the API signed, so their security log shows it; the same header from anyone else counts for nothing", async () => {
  const member = await createTestMember("relay-address");
  await tokensFor(member);
  // Any holder of a token that may remove apps: the portal's own, used directly, not through the relay.
  const { access_token: directToken } = await portalTokensFor(member);
  const revokedFrom = async () =>
    (await sql<{ ip: string | null }>("SELECT ip FROM security_event WHERE user_id = $1 AND type = 'consent_revoked' ORDER BY created_at, id", [member.id])).map((row) => row.ip);

  // A caller holding a token of the member sends the relay's header itself: without our key's signature for
  // that very token it counts for nothing, and the address is the transport's (here the test proxy's word).
  const now = Math.floor(Date.now() / 1000);
  const forged = await fetch(new URL(`/api/v1/consents/me/${await demoAppConsentId(member)}`, ISSUER), {
    method: "DELETE",
    headers: { authorization: `Bearer ${directToken}`, "x-relayed-client": `ip=198.51.100.66; t=${now}; sig=${"A".repeat(43)}`, "x-forwarded-for": "203.0.113.78" },
  });
  expect(forged.status).toBe(200);
  await forged.body?.cancel();
  expect(await revokedFrom()).toEqual(["203.0.113.78"]);

  // The member allows the app again and removes it on the account page: their browser reaches the portal
  // from a documentation address (through the test proxy, which the test server trusts); the relay calls
  // the API from loopback, without X-Forwarded-For, and vouches for the member's address with its signature.
  await tokensFor(member);
  const { browser, csrfToken } = await signInToPortal(member);
  const removed = await relay("DELETE", `consents/me/${await demoAppConsentId(member)}`, browser.jar.header(), { [CSRF_HEADER]: csrfToken, "x-forwarded-for": "203.0.113.77" });
  expect(removed.status).toBe(200);
  expect(await revokedFrom()).toEqual(["203.0.113.78", "203.0.113.77"]);
});
