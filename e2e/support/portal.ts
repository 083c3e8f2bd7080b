import { hkdfSync } from "node:crypto";
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { decode, encode, type JWT } from "next-auth/jwt";
import { sql } from "./database.ts";
import { hiddenInputs } from "./oauth-browser.ts";
import { nextTotpCode } from "./oauth-accounts.ts";
import { TEST_APP_SECRET } from "./test-env.ts";

/**
 * Driving the portal's sign-in in the browser, and looking inside its session cookie the way only the
 * server can (the tests know the test APP_SECRET): to prove tokens are kept, rotated and never shown.
 */

export const DEMO_PASSWORD = "demo-password";
/** next-auth's session cookie over plain HTTP (the test server's BASE_URL is http://127.0.0.1). */
export const PORTAL_SESSION_COOKIE = "next-auth.session-token";
/** The authorization server's own session cookie over plain HTTP. */
export const ISSUER_SESSION_COOKIE = "session";

/** The portal's next-auth secret, derived from APP_SECRET as lib/portal-auth/config.ts does (HKDF, lib/crypto/tokens.ts). */
function portalAuthSecret(): string {
  return Buffer.from(hkdfSync("sha256", TEST_APP_SECRET, "church-identity", "nextauth-secret", 32)).toString("base64url");
}

/** The member's display name as the database holds it, independently of the code under test. */
export async function memberName(email: string): Promise<string> {
  const [row] = await sql<{ name: string }>("SELECT given_name || ' ' || family_name AS name FROM account WHERE email = $1", [email]);
  if (!row) throw new Error(`no seeded account ${email}`);
  return row.name;
}

export interface SignIn {
  email: string;
  password?: string;
  /** For a member with confirmed TOTP: codes are computed from it. */
  totpSecret?: string;
}

/** From the header's "Sign in" to /account, through the authorization server's own sign-in pages. */
export async function signInThroughPortal(page: Page, { email, password = DEMO_PASSWORD, totpSecret }: SignIn): Promise<void> {
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?request=/);
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('input[name="password"]').press("Enter");
  if (totpSecret) {
    await expect(page).toHaveURL(/\/sign-in\/second-factor/);
    await enterTotpCode(page, email, totpSecret);
  }
  await expect(page).toHaveURL(/\/account$/);
}

/**
 * Signs the browser in and opens /account, without drawing the sign-in pages: the requests their forms make
 * (the portal's start, the form's hidden fields posted back with the password, then the second factor's code),
 * in the browser context's own cookie jar, so the browser holds the same cookies as after
 * `signInThroughPortal`. For specs about what comes after signing in, which need not draw and hydrate those
 * pages (`e2e/portal/sign-in.spec.ts` and the other sign-in specs drive them for real).
 */
export async function signInOverHttp(page: Page, { email, password = DEMO_PASSWORD, totpSecret }: SignIn): Promise<void> {
  const http = page.context().request;
  const signInPage = await http.get(`/portal/sign-in?${new URLSearchParams({ callbackUrl: "/account" })}`);
  const origin = new URL(signInPage.url()).origin;
  expect(signInPage.url(), "the portal's sign-in went to the sign-in page").toMatch(/\/sign-in\?request=/);
  let landed = await http.post("/auth/sign-in", { form: { ...hiddenInputs(await signInPage.text()), email, password }, headers: { origin } });
  // A code another spec's sign-in took at the same moment sends the form back: once more with the next one.
  for (let attempt = 0; totpSecret && attempt < 2 && new URL(landed.url()).pathname === "/sign-in/second-factor"; attempt++) {
    const fields = { ...hiddenInputs(await landed.text()), code: await nextTotpCode(email, totpSecret) };
    landed = await http.post("/auth/second-factor", { form: fields, headers: { origin } });
  }
  expect(new URL(landed.url()).pathname, `${email} signed in (${landed.status()})`).toBe("/account");
  await page.goto("/account");
}

/**
 * Types a TOTP code the account has not used yet (the current step's, or the next one's if the current was
 * spent, e.g. by the token a spec made for the same member a moment ago). Another spec signing the same
 * member in at the same moment can still take it first: then the page asks again, with the next one.
 */
async function enterTotpCode(page: Page, email: string, secret: string): Promise<void> {
  const code = page.locator('input[name="code"]');
  await code.fill(await nextTotpCode(email, secret));
  await code.press("Enter");
  try {
    // Long enough for a loaded machine's redirect; the other case (the code was taken) answers at once.
    await expect(page).not.toHaveURL(/\/sign-in\/second-factor/, { timeout: 15_000 });
  } catch {
    await code.fill(await nextTotpCode(email, secret));
    await code.press("Enter");
  }
}

async function sessionCookieOf(context: BrowserContext) {
  const cookie = (await context.cookies()).find((candidate) => candidate.name === PORTAL_SESSION_COOKIE);
  if (!cookie) throw new Error(`the browser has no ${PORTAL_SESSION_COOKIE} cookie (or it was chunked)`);
  return cookie;
}

/** The decrypted portal session token of this browser. */
export async function readPortalSessionToken(context: BrowserContext): Promise<JWT> {
  const token = await decode({ token: (await sessionCookieOf(context)).value, secret: portalAuthSecret() });
  if (!token) throw new Error("the portal session cookie did not decrypt");
  return token;
}

/** Rewrites the session cookie as if its access token had expired, as the server would (same secret, same format). */
export async function expirePortalAccessToken(context: BrowserContext): Promise<JWT> {
  const cookie = await sessionCookieOf(context);
  const token = await readPortalSessionToken(context);
  const expired = { ...token, accessTokenExpiresAt: Math.floor(Date.now() / 1000) - 5 };
  const value = await encode({ token: expired, secret: portalAuthSecret(), maxAge: 14 * 24 * 60 * 60 });
  await context.addCookies([{ ...cookie, value }]);
  return expired;
}

/** The payload of a JWT, unverified (the test only needs to read its claims). */
export function jwtClaims(jwt: string): Record<string, unknown> {
  const payload = jwt.split(".")[1];
  if (!payload) throw new Error("not a JWT");
  return JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>;
}
