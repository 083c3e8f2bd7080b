import { expect, test, type Page } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP } from "../support/oauth-browser.ts";
import { tokenRequest, tokensFor, type TokenSet } from "../support/oauth-client.ts";
import { expectNoAxeViolations, tabTo } from "../support/page-checks.ts";
import { readPortalSessionToken, signInOverHttp } from "../support/portal.ts";

// /account/apps in Debian's Chromium: a member who allowed demo-app through the real consent screen sees
// it in plain words, removes its access with the keyboard through a confirmation, and the removal holds
// where it matters: the consent is revoked and demo-app's refresh token is refused. Each test has its
// own fresh member, so the tests may run side by side.

/** demo-app's registered name (lib/demo/seed-identity.ts). */
const DEMO_APP_NAME = "Demo app";
/** What demo-app may do after asking for `openid profile email offline_access`, in the consent screen's words. */
const DEMO_APP_ABILITIES = [
  "Confirm who you are when you sign in",
  "See your name and language",
  "See your email address",
  "Stay connected when you are not using the app",
];
const APPS_PATH = "/account/apps";

// Dates on the page are in the browser's time zone: pin it, so the expected words can be computed here.
test.use({ timezoneId: "UTC" });
const longDate = (date: Date) => new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" }).format(date);

interface ConsentRow {
  id: string;
  status: string;
  granted_at: Date;
  revoked_at: Date | null;
}

async function demoAppConsent(member: TestMember): Promise<ConsentRow> {
  const [row] = await sql<ConsentRow>("SELECT id, status, granted_at, revoked_at FROM consent WHERE user_id = $1 AND client_id = $2", [
    member.id,
    DEMO_APP.id,
  ]);
  if (!row) throw new Error(`${member.email} has no consent for ${DEMO_APP.id}`);
  return row;
}

/**
 * A fresh member who signed in to demo-app through the authorization server's own pages (sign-in, then
 * Allow on the consent screen) and holds its tokens, a refresh token among them.
 */
async function memberUsingDemoApp(label: string): Promise<{ member: TestMember; demo: TokenSet }> {
  const member = await createTestMember(label);
  const demo = await tokensFor(member);
  expect(demo.refresh_token, "demo-app got no refresh token").toBeTruthy();
  expect((await demoAppConsent(member)).status).toBe("granted");
  return { member, demo };
}

const main = (page: Page) => page.getByRole("main");
const appCard = (page: Page, name: string) => main(page).getByRole("article", { name });
const removeButtonOf = (page: Page, name: string) => appCard(page, name).getByRole("button", { name: `Remove access for ${name}` });
const confirmDialog = (page: Page, name: string) => page.getByRole("dialog", { name: `Remove access for ${name}?` });

async function openAppsPage(page: Page) {
  await page.goto(APPS_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Apps with access" })).toBeVisible();
}

/** demo-app's refresh token at the token endpoint, as demo-app itself would send it. */
function refreshDemoApp(refreshToken: string) {
  return tokenRequest({ grant_type: "refresh_token", refresh_token: refreshToken });
}

test("a member sees demo-app in plain words, removes its access with the keyboard, and demo-app is shut out", async ({ page }) => {
  const { member, demo } = await memberUsingDemoApp("apps-remove");
  const consent = await demoAppConsent(member);

  // Every answer the browser receives from here on (headers and body, once fully received), to prove
  // the member's tokens never reach it.
  const received: Promise<string>[] = [];
  page.on("requestfinished", (request) => {
    // A request that finishes as the page closes (after the last check) has nothing left to read: its
    // promise must not reject later, unhandled, in whichever test this worker runs next.
    received.push(
      request
        .response()
        .then(async (response) => {
          if (!response) return "";
          const body = await response.body().catch(() => Buffer.alloc(0));
          return `${response.url()}\n${JSON.stringify(await response.allHeaders())}\n${body.toString("utf8")}`;
        })
        .catch(() => ""),
    );
  });

  await signInOverHttp(page, { email: member.email, password: member.password });
  const accountNav = page.getByRole("navigation", { name: "Account" });
  await accountNav.getByRole("link", { name: "Apps", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${APPS_PATH}$`));
  await expect(accountNav.getByRole("link", { name: "Apps", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(page).toHaveTitle(/^Apps with access · /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Apps with access");

  // demo-app, and only it (the portal is the church's own and never asks), in plain words.
  const card = appCard(page, DEMO_APP_NAME);
  await expect(card).toBeVisible();
  await expect(main(page).getByRole("article")).toHaveCount(1);
  await expect(card.getByRole("heading", { level: 2 })).toHaveText(DEMO_APP_NAME);
  await expect(card.getByRole("listitem")).toHaveText(DEMO_APP_ABILITIES);
  await expect(card.getByText(`Allowed on ${longDate(consent.granted_at)}`)).toBeVisible();
  await expect(card.locator("time")).toHaveAttribute("datetime", consent.granted_at.toISOString());
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expectNoAxeViolations(page);

  // Keyboard only: Tab to the app's button, Enter opens the confirmation with focus inside it, on Cancel.
  const removeButton = removeButtonOf(page, DEMO_APP_NAME);
  await tabTo(page, removeButton);
  await page.keyboard.press("Enter");
  const dialog = confirmDialog(page, DEMO_APP_NAME);
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Demo app will be signed out and will no longer see your details.");
  await expect(dialog).toContainText("it will have to ask for your permission first");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);

  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Remove access" })).toBeFocused();
  await page.keyboard.press("Enter");

  // Told in words, the list is empty, and focus waits on the empty state rather than the page's start.
  await expect(dialog).toBeHidden();
  await expect(main(page).getByRole("status")).toHaveText("Demo app can no longer access your account.");
  const empty = main(page).getByRole("heading", { name: "No apps can access your account" });
  await expect(empty).toBeVisible();
  await expect(empty).toBeFocused();
  await expect(main(page).getByText("When you allow an app to sign you in, it appears here.")).toBeVisible();
  await expect(main(page).getByRole("article")).toHaveCount(0);
  await expect(main(page).getByRole("alert")).toHaveText("");

  // The removal holds: the consent is revoked, demo-app's grant with it, and the security log says so,
  // with the member's own browser (the relay passes it on), not the portal's server.
  const revoked = await demoAppConsent(member);
  expect(revoked.status).toBe("revoked");
  expect(revoked.revoked_at).not.toBeNull();
  const liveGrants = await sql("SELECT id FROM oauth_grant WHERE user_id = $1 AND client_id = $2 AND revoked_at IS NULL", [member.id, DEMO_APP.id]);
  expect(liveGrants).toEqual([]);
  const events = await sql<{ user_agent: string | null; detail: unknown }>(
    "SELECT user_agent, detail FROM security_event WHERE user_id = $1 AND type = 'consent_revoked'",
    [member.id],
  );
  expect(events).toEqual([{ user_agent: await page.evaluate(() => navigator.userAgent), detail: { client_id: DEMO_APP.id } }]);

  // demo-app can no longer stay signed in: its refresh token is refused.
  const refresh = await refreshDemoApp(demo.refresh_token!);
  expect(refresh.status).toBe(400);
  expect(refresh.body).toEqual({ error: "invalid_grant", error_description: "the grant has been revoked" });

  // The removed app is kept on record, folded away, with the day it was removed.
  const removedToggle = main(page).getByText("Removed apps (1)");
  await removedToggle.click();
  const removedItem = main(page).getByRole("listitem").filter({ hasText: DEMO_APP_NAME });
  await expect(removedItem).toHaveText(`${DEMO_APP_NAME} Removed on ${longDate(revoked.revoked_at!)}`);
  await expect(removedItem.locator("time")).toHaveAttribute("datetime", revoked.revoked_at!.toISOString());
  await expectNoAxeViolations(page);

  // Reloaded, the page says the same: the change came from the server, not only from the browser's cache.
  await page.reload();
  await expect(main(page).getByRole("heading", { name: "No apps can access your account" })).toBeVisible();
  await expect(main(page).getByText("Removed apps (1)")).toBeVisible();

  // Neither the page nor any answer the browser received holds the portal's tokens.
  const { accessToken, refreshToken, idToken } = await readPortalSessionToken(page.context());
  const tokens = [accessToken, refreshToken, idToken].map(String);
  for (const token of tokens) expect(token.length).toBeGreaterThan(20);
  const html = await page.content();
  for (const token of tokens) expect(html).not.toContain(token);
  const answers = await Promise.all(received);
  expect(answers.some((answer) => answer.includes("/portal/api/v1/consents/me"))).toBe(true);
  for (const answer of answers) for (const token of tokens) expect(answer.includes(token), answer.split("\n")[0]).toBe(false);
});

test("Cancel and Escape in the confirmation change nothing, and focus goes back to the app's button", async ({ page }) => {
  const { member, demo } = await memberUsingDemoApp("apps-cancel");
  const deletes: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "DELETE") deletes.push(request.url());
  });
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openAppsPage(page);
  const removeButton = removeButtonOf(page, DEMO_APP_NAME);
  const dialog = confirmDialog(page, DEMO_APP_NAME);

  // With the mouse: Cancel.
  await removeButton.click();
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(removeButton).toBeFocused();

  // With the keyboard: Enter, then Escape.
  await page.keyboard.press("Enter");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(removeButton).toBeFocused();

  // Nothing was sent, nothing was said, nothing changed.
  expect(deletes).toEqual([]);
  await expect(main(page).getByRole("status")).toHaveText("");
  await expect(appCard(page, DEMO_APP_NAME)).toBeVisible();
  expect((await demoAppConsent(member)).status).toBe("granted");
  const refresh = await refreshDemoApp(demo.refresh_token!);
  expect(refresh.status, JSON.stringify(refresh.body)).toBe(200);
});

test("a removal that fails is told as an alert with the service's words, and the app keeps its access", async ({ page }) => {
  const { member } = await memberUsingDemoApp("apps-failure");
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openAppsPage(page);

  // The account service is down for this one call (the relay's own answer when it cannot reach it).
  const outage = { error: "service_unavailable", error_description: "The account service is not answering. Try again in a moment." };
  await page.route("**/portal/api/v1/consents/me/*", (route) =>
    route.request().method() === "DELETE" ? route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify(outage) }) : route.fallback(),
  );
  const removeButton = removeButtonOf(page, DEMO_APP_NAME);
  await removeButton.click();
  await confirmDialog(page, DEMO_APP_NAME).getByRole("button", { name: "Remove access" }).click();

  await expect(main(page).getByRole("alert")).toHaveText(
    "We couldn’t remove access for Demo app. The account service is not answering. Try again in a moment.",
  );
  await expect(confirmDialog(page, DEMO_APP_NAME)).toBeHidden();
  await expect(removeButton).toBeFocused();
  await expect(main(page).getByRole("status")).toHaveText("");
  await expect(appCard(page, DEMO_APP_NAME)).toBeVisible();
  expect((await demoAppConsent(member)).status).toBe("granted");
  await expectNoAxeViolations(page);

  // Back up: trying again works, and the alert gives way to the good news.
  await page.unroute("**/portal/api/v1/consents/me/*");
  await removeButton.click();
  await confirmDialog(page, DEMO_APP_NAME).getByRole("button", { name: "Remove access" }).click();
  await expect(main(page).getByRole("status")).toHaveText("Demo app can no longer access your account.");
  await expect(main(page).getByRole("alert")).toHaveText("");
  expect((await demoAppConsent(member)).status).toBe("revoked");
});

test("while the list loads it says so, and a list that cannot load offers to try again", async ({ page }) => {
  const { member } = await memberUsingDemoApp("apps-loading");
  await signInOverHttp(page, { email: member.email, password: member.password });

  // Loading: the answer is held back until the page has been seen waiting for it.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/portal/api/v1/consents/me", async (route) => {
    await held;
    await route.fallback();
  });
  await page.goto(APPS_PATH);
  const loading = main(page).locator('[aria-busy="true"]');
  await expect(loading).toContainText("Loading your apps…");
  release();
  await expect(appCard(page, DEMO_APP_NAME)).toBeVisible();
  await expect(loading).toHaveCount(0);
  await page.unroute("**/portal/api/v1/consents/me");

  // A server failure (retried a couple of times first), said in words with a way to try again.
  const failure = { error: "server_error", error_description: "Something went wrong on our side." };
  await page.route("**/portal/api/v1/consents/me", (route) => route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify(failure) }));
  await page.reload();
  const alert = main(page).getByRole("alert").filter({ hasText: "We couldn’t load your apps" });
  await expect(alert).toBeVisible({ timeout: 15_000 });
  await expect(alert).toContainText("Something went wrong on our side.");
  await expectNoAxeViolations(page);

  await page.unroute("**/portal/api/v1/consents/me");
  await alert.getByRole("button", { name: "Try again" }).click();
  await expect(appCard(page, DEMO_APP_NAME)).toBeVisible();
  await expect(alert).toHaveCount(0);
});

test("a signed-out visitor is sent to sign in and comes back to the apps page", async ({ page }) => {
  const member = await createTestMember("apps-signed-out");
  await page.goto(APPS_PATH);
  await expect(page).toHaveURL(/\/sign-in\?request=/);
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(new RegExp(`${APPS_PATH}$`));
  // A new member has allowed no app yet.
  await expect(main(page).getByRole("heading", { name: "No apps can access your account" })).toBeVisible();
  await expect(main(page).getByText(/^Removed apps/)).toHaveCount(0);
  await expectNoAxeViolations(page);
});

const LONG_NAME = "St Barnabas Sunday School Volunteer Check-in Companion (CheckInCompanionForSundaySchoolVolunteers)";

/**
 * A second app the member allowed after demo-app: a long name, and a scope the portal has no words for
 * (one it no longer offers), written straight into the database as an older version would have left it.
 */
async function allowLongNamedApp(member: TestMember): Promise<void> {
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, post_logout_redirect_uris, grant_types, scopes, first_party)
     VALUES ('apps-long-name', $1, 'public', NULL, ARRAY['http://127.0.0.1:8080/callback'], ARRAY[]::text[], ARRAY['authorization_code'], ARRAY['openid', 'profile'], false)
     ON CONFLICT (id) DO NOTHING`,
    [LONG_NAME],
  );
  await sql(`INSERT INTO consent (user_id, client_id, scopes, status) VALUES ($1, 'apps-long-name', ARRAY['openid', 'attendance:write'], 'granted')`, [
    member.id,
  ]);
}

test("with two apps, removing one leaves the other, and focus moves to the other's button", async ({ page }) => {
  const { member } = await memberUsingDemoApp("apps-two");
  await allowLongNamedApp(member);
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openAppsPage(page);
  // Newest first.
  await expect(main(page).getByRole("article").getByRole("heading", { level: 2 })).toHaveText([LONG_NAME, DEMO_APP_NAME]);

  await removeButtonOf(page, DEMO_APP_NAME).focus();
  await page.keyboard.press("Enter");
  await confirmDialog(page, DEMO_APP_NAME).getByRole("button", { name: "Remove access" }).click();
  await expect(main(page).getByRole("status")).toHaveText("Demo app can no longer access your account.");
  await expect(appCard(page, DEMO_APP_NAME)).toHaveCount(0);
  await expect(removeButtonOf(page, LONG_NAME)).toBeFocused();
  await expect(main(page).getByRole("heading", { name: "No apps can access your account" })).toHaveCount(0);
  expect((await demoAppConsent(member)).status).toBe("revoked");
  const [other] = await sql<{ status: string }>("SELECT status FROM consent WHERE user_id = $1 AND client_id = 'apps-long-name'", [member.id]);
  expect(other).toEqual({ status: "granted" });
});

test("the apps page and its confirmation fit a 375 px phone, even for an app with a long name", async ({ browser }) => {
  const { member } = await memberUsingDemoApp("apps-phone");
  await allowLongNamedApp(member);
  const longName = LONG_NAME;

  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openAppsPage(page);
  await expect(appCard(page, DEMO_APP_NAME)).toBeVisible();
  const longCard = appCard(page, longName);
  await expect(longCard.getByRole("listitem")).toHaveText(["Confirm who you are when you sign in", "attendance:write"]);

  const widest = () => page.evaluate(() => document.documentElement.scrollWidth);
  expect(await widest()).toBeLessThanOrEqual(375);
  const button = removeButtonOf(page, longName);
  await button.scrollIntoViewIfNeeded();
  await expect(button).toBeInViewport();
  await expectNoAxeViolations(page);

  await button.click();
  const dialog = confirmDialog(page, longName);
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box).not.toBeNull();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(375);
  await expect(dialog.getByRole("button", { name: "Remove access" })).toBeInViewport();
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport();
  expect(await widest()).toBeLessThanOrEqual(375);
  await context.close();
});
