import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import { uniqueContactEmail } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP } from "../support/oauth-browser.ts";
import { authorizeUrl, pkce } from "../support/oauth-client.ts";
import { expirePortalAccessToken, signInOverHttp } from "../support/portal.ts";

// Issue 14 in Debian's Chromium (docs/decisions/0018): the consent bypass driven in two browsers, and the
// portal's "Confirm it's you" before a sensitive change.

test.use({ timezoneId: "UTC" });

/** Every request a browser context makes to the demo app's redirect URI (where a code would leak). */
async function watchRedirects(context: BrowserContext): Promise<string[]> {
  const seen: string[] = [];
  context.on("request", (request) => {
    if (request.url().startsWith(DEMO_APP.redirectUri)) seen.push(request.url());
  });
  // Nothing listens there; answer it so a navigation that does happen is recorded, not a network error.
  await context.route(`${DEMO_APP.redirectUri}**`, (route) => route.fulfill({ status: 200, body: "the app" }));
  return seen;
}

async function signInAtIssuer(page: Page, member: TestMember): Promise<void> {
  await page.goto("/sign-in");
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(/\/account$/);
}

test("the consent bypass is closed: a request the attacker allowed in their browser gives the victim's browser nothing", async ({ browser }) => {
  const attacker = await createTestMember("bypass-attacker");
  const victim = await createTestMember("bypass-victim");

  // The attacker starts the app's authorization, signs in as themselves and presses Allow, but stops
  // before following the redirect back to the authorization endpoint.
  const attackerContext = await browser.newContext();
  const attackerPage = await attackerContext.newPage();
  await watchRedirects(attackerContext);
  await attackerPage.goto(authorizeUrl({ scope: "openid profile email offline_access" }, (await pkce()).challenge).href);
  await attackerPage.locator('input[name="email"]').fill(attacker.email);
  await attackerPage.locator('input[name="password"]').fill(attacker.password);
  await attackerPage.locator('input[name="password"]').press("Enter");
  await expect(attackerPage).toHaveURL(/\/consent\?request=/);
  const requestId = new URL(attackerPage.url()).searchParams.get("request")!;
  // "Allow", posted from the attacker's browser with its cookies, its redirect not followed.
  const fields = await attackerPage
    .locator('form[action="/auth/consent"] input[type="hidden"]')
    .evaluateAll((inputs) => Object.fromEntries(inputs.map((input) => [(input as HTMLInputElement).name, (input as HTMLInputElement).value])));
  const allowed = await attackerContext.request.post("/auth/consent", {
    form: { ...fields, decision: "allow" },
    headers: { origin: new URL(attackerPage.url()).origin },
    maxRedirects: 0,
  });
  expect(allowed.status()).toBe(303);
  expect(allowed.headers().location).toBe(`/oauth/authorize/resume?request=${requestId}`);
  expect(await sql(`SELECT 1 FROM authorization_request WHERE id = $1 AND consented_session_id IS NOT NULL`, [requestId])).toHaveLength(1);

  // The victim, signed in in their own browser, opens the link they were sent.
  const victimContext = await browser.newContext();
  const victimPage = await victimContext.newPage();
  const victimLeaks = await watchRedirects(victimContext);
  await signInAtIssuer(victimPage, victim);
  // With the victim's cookies, the redirect read rather than followed: before the fix it carried a code to the app.
  const resumed = await victimContext.request.get(`/oauth/authorize/resume?request=${requestId}`, { maxRedirects: 0 });
  expect(resumed.headers().location).toBe("/oauth/error?error=expired_request");
  await victimPage.goto(`/oauth/authorize/resume?request=${requestId}`);
  await expect(victimPage).toHaveURL(/\/oauth\/error\?error=expired_request/);
  // Or the sign-in link with the request: signing in only signs in.
  const secondContext = await browser.newContext();
  const secondPage = await secondContext.newPage();
  const secondLeaks = await watchRedirects(secondContext);
  await secondPage.goto(`/sign-in?request=${requestId}`);
  await expect(secondPage.getByText("to continue to Demo app")).toHaveCount(0);
  await secondPage.locator('input[name="email"]').fill(victim.email);
  await secondPage.locator('input[name="password"]').fill(victim.password);
  await secondPage.locator('input[name="password"]').press("Enter");
  await expect(secondPage).toHaveURL(/\/account$/);

  expect(victimLeaks).toEqual([]);
  expect(secondLeaks).toEqual([]);
  expect(await sql(`SELECT 1 FROM authorization_code WHERE user_id = $1 AND client_id = $2`, [victim.id, DEMO_APP.id])).toEqual([]);
  expect(await sql(`SELECT 1 FROM consent WHERE user_id = $1`, [victim.id])).toEqual([]);
  for (const context of [attackerContext, victimContext, secondContext]) await context.close();
});

test("a sensitive change after an older sign-in: Confirm it's you, then the change is made", async ({ page }) => {
  const member = await createTestMember("portal-step-up");
  await signInOverHttp(page, member);
  // The portal's sign-in happened an hour ago as far as its grant knows; its next access token says so.
  await sql(`UPDATE oauth_grant SET auth_time = now() - interval '1 hour' WHERE user_id = $1 AND client_id = 'portal'`, [member.id]);
  await expirePortalAccessToken(page.context());

  await page.goto("/account/recovery");
  const contacts = page.getByRole("main").getByRole("region", { name: "Recovery contacts" });
  const value = contacts.getByRole("textbox", { name: "Email address or mobile number" });
  await value.fill(uniqueContactEmail("step-up"));
  await value.press("Enter");

  // The issuer asks for the password again, for this member, then sends the browser back to the page.
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it’s you" })).toBeVisible();
  await expect(page.locator('input[name="email"]')).toHaveValue(member.email);
  expect(await sql(`SELECT 1 FROM recovery_contact WHERE user_id = $1`, [member.id])).toEqual([]);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(/\/account\/recovery$/);

  const again = uniqueContactEmail("step-up-again");
  await contacts.getByRole("textbox", { name: "Email address or mobile number" }).fill(again);
  await contacts.getByRole("textbox", { name: "Email address or mobile number" }).press("Enter");
  await expect(contacts.getByRole("status").first()).toHaveText("We sent a 6-digit code. Enter it below to verify the contact.");
  expect(await sql(`SELECT value FROM recovery_contact WHERE user_id = $1`, [member.id])).toEqual([{ value: again }]);
  // One browser, one session: the sign-in renewed it rather than starting another.
  expect(await sql(`SELECT 1 FROM session WHERE user_id = $1 AND revoked_at IS NULL`, [member.id])).toHaveLength(1);
});
