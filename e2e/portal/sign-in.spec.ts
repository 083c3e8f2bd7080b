import { createHash } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP } from "../support/oauth-browser.ts";
import {
  ISSUER_SESSION_COOKIE,
  PORTAL_SESSION_COOKIE,
  expirePortalAccessToken,
  jwtClaims,
  memberName,
  readPortalSessionToken,
  signInOverHttp,
  signInThroughPortal,
  type SignIn,
} from "../support/portal.ts";
import { expectNoAxeViolations } from "../support/page-checks.ts";

// The portal's own session in Debian's Chromium: next-auth as an OIDC client of our issuer (code + PKCE +
// state + nonce), tokens kept server-side in an encrypted HttpOnly cookie, refreshed once per expiry,
// and a sign-out that ends both the portal's session and the authorization server's.
//
// Each test signs in a different seeded member, so the tests may run side by side.

const header = (page: Page) => page.getByRole("banner");


/** The issuer's session behind this browser's portal session: the `sid` of its ID token. */
async function issuerSessionId(page: Page): Promise<string> {
  const { idToken } = await readPortalSessionToken(page.context());
  const sid = jwtClaims(String(idToken)).sid;
  expect(typeof sid).toBe("string");
  return sid as string;
}

const hashToken = (token: string) => createHash("sha256").update(token).digest("base64url");

const members: { label: string; account: SignIn }[] = [
  { label: "with a password only", account: { email: "member@example.org" } },
  { label: "with a password and TOTP", account: { email: "totp@example.org", totpSecret: DEMO_TOTP_SECRET } },
];

for (const { label, account } of members) {
  test(`a member ${label} signs in through the portal, sees their account, and signs out of both sessions`, async ({ page }) => {
    const name = await memberName(account.email);
    await signInThroughPortal(page, account);

    // /account: who they are, from the issuer's userinfo.
    await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
    await expect(page.getByText(`Signed in as ${name}`)).toBeVisible();
    await expect(page.getByRole("main")).toContainText(account.email);
    await expect(header(page).getByRole("button", { name: "Sign out" })).toBeVisible();
    await expect(header(page).getByRole("link", { name: "Account" })).toHaveAttribute("aria-current", "page");
    await expect(header(page).getByRole("link", { name: "Sign in" })).toHaveCount(0);
    await expectNoAxeViolations(page);

    // The session the portal holds tokens for is live at the issuer, with the member's second factor.
    const sid = await issuerSessionId(page);
    const [session] = await sql<{ revoked_at: Date | null; amr: string[] }>("SELECT revoked_at, amr FROM session WHERE id = $1", [sid]);
    expect(session?.revoked_at).toBeNull();
    if (account.totpSecret) expect(session?.amr).toContain("otp");

    // Sign out: back on the home page, signed out of the portal...
    await header(page).getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
    await expect(header(page).getByRole("button", { name: "Sign out" })).toHaveCount(0);
    const cookieNames = (await page.context().cookies()).map((cookie) => cookie.name);
    expect(cookieNames).not.toContain(PORTAL_SESSION_COOKIE);
    expect(cookieNames).not.toContain(ISSUER_SESSION_COOKIE);

    // ...and of the authorization server: its session and every grant of it are revoked.
    const [ended] = await sql<{ revoked_at: Date | null }>("SELECT revoked_at FROM session WHERE id = $1", [sid]);
    expect(ended?.revoked_at).not.toBeNull();
    const liveGrants = await sql("SELECT id FROM oauth_grant WHERE session_id = $1 AND revoked_at IS NULL", [sid]);
    expect(liveGrants).toEqual([]);

    // /account now sends them to sign in, and the issuer asks for a password again (no silent sign-in).
    await page.goto("/account");
    await expect(page).toHaveURL(/\/sign-in\?request=/);
    await expect(page.locator('input[name="password"]')).toBeVisible();
  });
}

test("browser JavaScript never sees a token: HttpOnly cookies, a session JSON with name and email only, no token in the page", async ({ page }) => {
  const email = "guardian@example.org";
  await signInOverHttp(page, { email });
  const { accessToken, refreshToken, idToken } = await readPortalSessionToken(page.context());
  for (const token of [accessToken, refreshToken, idToken]) expect(typeof token).toBe("string");

  // Both sessions' cookies are HttpOnly (and SameSite=Lax); script sees neither.
  const cookies = await page.context().cookies();
  for (const name of [PORTAL_SESSION_COOKIE, ISSUER_SESSION_COOKIE]) {
    const cookie = cookies.find((candidate) => candidate.name === name);
    expect(cookie, name).toBeDefined();
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax" });
  }
  const visibleToScript = await page.evaluate(() => document.cookie);
  expect(visibleToScript).not.toContain("next-auth");
  expect(visibleToScript).not.toMatch(/(^|;\s*)session=/);

  // next-auth's session endpoint, as script in the page would call it.
  const session = await page.evaluate(async () => {
    const response = await fetch("/api/auth/session");
    return { status: response.status, text: await response.text() };
  });
  expect(session.status).toBe(200);
  const body = JSON.parse(session.text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(["expires", "user"]);
  expect(body.user).toEqual({ name: await memberName(email), email });
  for (const token of [accessToken, refreshToken, idToken]) expect(session.text).not.toContain(String(token));
  expect(session.text).not.toMatch(/access_?token|refresh_?token|id_?token|eyJ/i);

  // Nor in the HTML of /account.
  const html = await page.content();
  for (const token of [accessToken, refreshToken, idToken]) expect(html).not.toContain(String(token));
});

test("a stale access token is refreshed once, even when several pages need it at the same moment", async ({ page }) => {
  await signInOverHttp(page, { email: (await createTestMember("portal-refresh-tabs")).email });
  const sid = await issuerSessionId(page);
  const [grant] = await sql<{ id: string }>("SELECT id FROM oauth_grant WHERE session_id = $1 AND client_id = 'portal'", [sid]);
  expect(grant).toBeDefined();

  const before = await expirePortalAccessToken(page.context());
  // Three tabs of the same browser open /account at once: each finds the token stale.
  const tabs = [page, await page.context().newPage(), await page.context().newPage()];
  await Promise.all(tabs.map((tab) => tab.goto("/account")));
  for (const tab of tabs) {
    await expect(tab).toHaveURL(/\/account$/);
    await expect(tab.getByText(/^Signed in as /)).toBeVisible();
  }

  // One rotation: the first refresh token spent once, its successor stored in the cookie, nothing revoked.
  const after = await readPortalSessionToken(page.context());
  expect(after.refreshToken).not.toBe(before.refreshToken);
  expect(after.accessToken).not.toBe(before.accessToken);
  expect(after.accessTokenExpiresAt).toBeGreaterThan(Math.floor(Date.now() / 1000) + 500);
  const rows = await sql<{ token_hash: string; used_at: Date | null }>(
    "SELECT token_hash, used_at FROM refresh_token WHERE grant_id = $1 ORDER BY created_at",
    [grant!.id],
  );
  expect(rows.map((row) => [row.token_hash, row.used_at !== null])).toEqual([
    [hashToken(String(before.refreshToken)), true],
    [hashToken(String(after.refreshToken)), false],
  ]);
  const [state] = await sql<{ grant_revoked: Date | null; session_revoked: Date | null }>(
    "SELECT g.revoked_at AS grant_revoked, s.revoked_at AS session_revoked FROM oauth_grant g JOIN session s ON s.id = g.session_id WHERE g.id = $1",
    [grant!.id],
  );
  expect(state).toEqual({ grant_revoked: null, session_revoked: null });

  // The stored successor works too: the next expiry refreshes again.
  await expirePortalAccessToken(page.context());
  await page.goto("/account");
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
  expect((await readPortalSessionToken(page.context())).refreshToken).not.toBe(after.refreshToken);
});

test("a session the issuer ended asks the member to sign in again", async ({ page }) => {
  await signInOverHttp(page, { email: "member@example.org" });
  const sid = await issuerSessionId(page);
  // Ended elsewhere (another device signed out, or staff revoked it).
  await sql("UPDATE session SET revoked_at = now() WHERE id = $1", [sid]);
  await sql("UPDATE oauth_grant SET revoked_at = now(), revoked_reason = 'session_revoked' WHERE session_id = $1", [sid]);
  await expirePortalAccessToken(page.context());

  await page.goto("/account");
  await expect(page).toHaveURL(/\/sign-in\?request=/);
  const token = await readPortalSessionToken(page.context());
  expect(token.error).toBe("RefreshAccessTokenError");
  expect(token.accessToken).toBeUndefined();
  expect(token.refreshToken).toBeUndefined();
  await page.goto("/");
  await expect(header(page).getByRole("link", { name: "Sign in again" })).toBeVisible();
  await expect(header(page).getByText("Your session has ended.")).toBeVisible();
});

test("signing out refuses a post from another site", async ({ page }) => {
  await signInOverHttp(page, { email: "guardian@example.org" });
  const response = await page.request.post("/portal/sign-out", {
    headers: { Origin: "https://evil.example" },
    form: { csrf_token: "forged" },
    maxRedirects: 0,
  });
  expect(response.status()).toBe(403);
  await page.goto("/account");
  await expect(page.getByText(/^Signed in as /)).toBeVisible();
});

test("the sign-in page holds still while it loads on a slow phone: a tap lands where the member aimed", async ({ page }) => {
  // Four times slower than this machine, the page is drawn well before its script takes over. Anything the
  // script adds that moves what is below it down (the passkey button once did) is a layout shift the browser
  // reports, with each moved element's box before and after. A shift along the line (an icon beside a label
  // when the web font arrives) moves nothing out from under a finger, and is not what this holds.
  const devtools = await page.context().newCDPSession(page);
  await devtools.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    type Source = { node?: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly };
    const movedDown: string[] = [];
    Object.assign(window, { movedDown });
    new PerformanceObserver((entries) => {
      for (const shift of entries.getEntries() as (PerformanceEntry & { sources?: Source[] })[]) {
        for (const source of shift.sources ?? []) {
          if (Math.abs(source.currentRect.y - source.previousRect.y) < 1) continue;
          const what = source.node instanceof Element ? source.node.outerHTML.slice(0, 120) : "a text node";
          movedDown.push(`${what} moved ${Math.round(source.currentRect.y - source.previousRect.y)} px`);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  await page.goto("/portal/sign-in?callbackUrl=/account");
  await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  // Once the script has run, the passkey button has asked for its challenge and the network is quiet.
  await page.waitForLoadState("networkidle");
  expect(await page.evaluate(() => (window as unknown as { movedDown: string[] }).movedDown)).toEqual([]);
  await page.getByRole("main").getByRole("link", { name: "Create an account" }).click();
  await expect(page).toHaveURL(/\/register\?request=/);
});

test("the account page fits a 375 px phone", async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  await signInOverHttp(page, { email: "guardian@example.org" });
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expect(header(page).getByRole("button", { name: "Sign out" })).toBeInViewport();
  await context.close();
});

test.describe("an app's sign-out request without its ID token (issue 14): our page names the app, the member decides", () => {
  const state = "st-portal-logout-42";
  const logout = `/oauth/logout?${new URLSearchParams({ client_id: DEMO_APP.id, post_logout_redirect_uri: DEMO_APP.postLogoutRedirectUri, state })}`;
  const back = `${DEMO_APP.postLogoutRedirectUri}?state=${state}`;

  /** The demo app's address answers in this browser only (nothing listens there). */
  async function stubDemoApp(page: Page): Promise<void> {
    await page.route(`${DEMO_APP.postLogoutRedirectUri}**`, (route) =>
      route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>Demo app</title><h1>Demo app</h1>" }),
    );
  }

  test("signed in: the sign-out page says which app and address follow; signing out goes there with state", async ({ page }) => {
    const member = await createTestMember("portal-logout-no-hint");
    await signInOverHttp(page, { email: member.email, password: member.password });
    const sid = await issuerSessionId(page);

    await page.goto(logout);
    await expect(page).toHaveURL(/\/sign-out\?client_id=demo-app&/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign out?" })).toBeVisible();
    await expect(page.getByText("Demo app asked you to sign out. Afterwards you’ll go back to it at http://127.0.0.1:8080.")).toBeVisible();
    await expectNoAxeViolations(page);
    // Nothing happened yet: the session lives until the member presses the button.
    expect(await sql(`SELECT revoked_at FROM session WHERE id = $1`, [sid])).toEqual([{ revoked_at: null }]);

    // The card's button (the header's own "Sign out" is the portal's). The browser is watched leaving for the
    // app rather than arriving: Chromium's headless shell does not hand a redirect that answers a form post to
    // the page's routes, so the stub above is not reached from here.
    const leaving = page.waitForRequest((request) => request.isNavigationRequest() && request.url() === back);
    await page.getByRole("main").getByRole("button", { name: "Sign out" }).click();
    await leaving;
    expect((await sql<{ revoked_at: Date | null }>(`SELECT revoked_at FROM session WHERE id = $1`, [sid]))[0]?.revoked_at).not.toBeNull();
  });

  test("not signed in: the page says the member is signed out and offers the way back, which only their click takes", async ({ page }) => {
    await stubDemoApp(page);
    await page.goto(logout);
    await expect(page).toHaveURL(/\/sign-out\?client_id=demo-app&/);
    await expect(page.getByRole("heading", { level: 1, name: "You’re signed out" })).toBeVisible();
    await expect(page.getByText("Demo app asked to take you back to it at http://127.0.0.1:8080.")).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole("link", { name: "Return to Demo app" }).click();
    await expect(page).toHaveURL(back);
  });
});
