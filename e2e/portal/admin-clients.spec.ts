import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import {
  ClientSecretBasic,
  allowInsecureRequests,
  authorizationCodeGrant,
  buildAuthorizationUrl,
  calculatePKCECodeChallenge,
  discovery,
  fetchUserInfo,
  randomNonce,
  randomPKCECodeVerifier,
  randomState,
} from "openid-client";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";
import { tokenHash } from "../support/oauth-tokens.ts";
import { ISSUER } from "../support/oauth-client.ts";

// Staff › Apps in Debian's Chromium: the registered apps in words (what each is, what it may see, where members
// come back to) with their protocol settings under "Technical details"; an office member relaxes PKCE for a
// server app whose library sends a nonce, requires pushed requests and DPoP, and sets where the app is told of
// sign-outs, with the keyboard; the church's own app and a phone app cannot be relaxed.
// A member without clients:read is told the page is not theirs. axe at 1280 and 375 px.
// Issue 17: an administrator registers a website through the page (field errors under the fields, the secret
// shown once), and a real relying party (openid-client) signs a member in with it; staff give an app a new
// secret and disable it, each through a confirmation.
// Issue 38, item 14: the form starts with what the app is (a website, a phone or tablet app, a lobby check-in
// kiosk of a campus, something else); each fills in the protocol's settings, kept under a closed "Advanced".
// An administrator registers a phone app and a kiosk bound to a campus; a staff member is told in words that a
// kiosk is an administrator's to register.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");

async function insertApp(name: string, type: "confidential" | "public"): Promise<string> {
  const id = `app-${uniqueWord().toLowerCase()}-${crypto.randomUUID().slice(0, 6)}`;
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, grant_types, scopes)
     VALUES ($1, $2, $3, $4, '{https://app.example.org/callback}', '{authorization_code,refresh_token}', '{openid,profile,email}')`,
    [id, name, type, type === "confidential" ? tokenHash(`secret-${id}`) : null],
  );
  return id;
}

test("change an app's sign-in settings with the keyboard; the list and the database agree", async ({ page }) => {
  const staff = await createStaffMember("admin-apps");
  const name = `Choir rota ${uniqueWord()}`;
  const id = await insertApp(name, "confidential");
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });

  await page.goto("/admin/clients");
  await expect(page.getByRole("heading", { level: 1, name: "Apps" })).toBeVisible();
  await expect(main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Apps" })).toHaveAttribute("aria-current", "page");
  await main(page).getByRole("searchbox", { name: "Search by name or client id" }).fill(name);
  await main(page).getByRole("searchbox", { name: "Search by name or client id" }).press("Enter");
  const card = main(page).getByRole("listitem").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  // In words first: what it is and what it may see; the protocol's settings are folded away.
  await expect(card).toContainText("Website");
  await expect(card.getByText("Who they are, when they sign in; Their name and language; Their email address", { exact: true })).toBeVisible();
  await expect(card.getByText("https://app.example.org/callback", { exact: true })).toBeVisible();
  await expect(card.getByText("Required", { exact: true }).first()).toBeHidden();
  await card.locator("summary", { hasText: "Technical details" }).click();
  await expect(card.getByText("Required", { exact: true }).first()).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-apps-1280.png", fullPage: true });

  await card.getByRole("button", { name: `Change settings of “${name}”` }).focus();
  await page.keyboard.press("Enter");
  const form = main(page).getByRole("form", { name: `Settings of ${name}` });
  await expect(form).toBeVisible();
  await form.getByRole("checkbox", { name: "Require PKCE" }).focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await page.keyboard.type("http://choir.example.org/logout");
  await expectNoAxeViolations(page);
  await page.keyboard.press("Enter");
  // The server's rule is said in words, next to the form; nothing is saved.
  await expect(form.getByRole("alert")).toContainText("must use https");
  expect(await sql(`SELECT require_pkce FROM client WHERE id = $1`, [id])).toEqual([{ require_pkce: true }]);

  await form.getByRole("textbox", { name: /Sign-out notification address/ }).fill("https://choir.example.org/logout");
  await form.getByRole("button", { name: "Save settings" }).click();
  await expect(main(page).getByRole("status")).toContainText(`The settings of “${name}” are saved.`);
  await expect(card.getByRole("heading", { name })).toBeFocused();
  await card.locator("summary", { hasText: "Technical details" }).click();
  await expect(card.getByText("Not required: its sign-in requests must carry a nonce")).toBeVisible();
  await expect(card.getByText("https://choir.example.org/logout")).toBeVisible();
  expect(await sql(`SELECT require_pkce, require_pushed_authorization_requests, dpop_bound_access_tokens, backchannel_logout_uri FROM client WHERE id = $1`, [id])).toEqual([
    { require_pkce: false, require_pushed_authorization_requests: true, dpop_bound_access_tokens: true, backchannel_logout_uri: "https://choir.example.org/logout" },
  ]);
});

test("a phone app always needs PKCE, the church's own app is not changed here, and a 375 px phone needs no sideways scrolling", async ({ browser }) => {
  const staff = await createStaffMember("admin-apps-phone");
  const name = `Parish phone app ${uniqueWord()}`;
  await insertApp(name, "public");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/clients");
  await main(page).getByRole("searchbox", { name: "Search by name or client id" }).fill(name);
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  const card = main(page).getByRole("listitem").filter({ hasText: name });
  await expect(card).toContainText("Phone app");
  await card.getByRole("button", { name: `Change settings of “${name}”` }).click();
  const pkce = card.getByRole("checkbox", { name: "Require PKCE" });
  await expect(pkce).toBeChecked();
  await expect(pkce).toBeDisabled();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-apps-375-form.png", fullPage: true });

  await main(page).getByRole("searchbox", { name: "Search by name or client id" }).fill("portal");
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  const portal = main(page).getByRole("listitem").filter({ hasText: "The church’s own" }).first();
  await expect(portal).toBeVisible();
  await expect(portal.getByRole("button", { name: /Change settings/ })).toHaveCount(0);
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-apps-375.png", fullPage: true });
  await context.close();

  const member = await createTestMember("admin-apps-member");
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInOverHttp(memberPage, { email: member.email, password: member.password });
  await memberPage.goto("/admin/clients");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Not available to your account" })).toBeVisible();
  await expect(main(memberPage).getByRole("alert")).toContainText("clients:read");
  await memberContext.close();
});

/** The app's own web server: a tiny one on a free port of this machine, whose callback page says it got the answer. */
async function startAppServer(): Promise<{ server: Server; callback: string }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
    response.end("<!doctype html><html lang=en><title>Choir app</title><p>Back at the choir app.</p></html>");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, callback: `http://127.0.0.1:${(server.address() as AddressInfo).port}/callback` };
}

const registerForm = (page: Page) => main(page).getByRole("form", { name: "Register an app" });

test("an admin registers an app and a relying party signs in with it", async ({ page, browser }) => {
  const { server, callback } = await startAppServer();
  try {
    const admin = await createStaffMember("admin-apps-register", "admin");
    const name = `Choir app ${uniqueWord()}`;
    await signInOverHttp(page, { email: admin.email, password: admin.password, totpSecret: DEMO_TOTP_SECRET });
    await page.goto("/admin/clients");
    await main(page).getByRole("button", { name: "Register an app" }).click();
    const form = registerForm(page);
    await expect(form).toBeVisible();

    // Nothing chosen or typed: the page says what is missing and goes to the first thing, what the app is.
    await form.getByRole("button", { name: "Register the app" }).click();
    const website = form.getByRole("radio", { name: "A website that signs members in" });
    await expect(website).toBeFocused();
    await expect(form.getByText("Choose what kind of app it is.")).toBeVisible();
    await expect(form.getByText("Enter the app’s name, as members will see it.")).toBeVisible();
    await page.keyboard.press("Space");
    await expect(website).toBeChecked();
    // An administrator is offered the church's own apps; this one is a third party's.
    await expect(form.getByRole("checkbox", { name: /This is one of the church’s own apps/ })).not.toBeChecked();
    await form.getByRole("textbox", { name: "Name" }).fill(name);
    await expect(form.getByRole("textbox", { name: "Name" })).not.toHaveAccessibleDescription(/Enter the app’s name/);
    // A second line in plain http somewhere else: the server's rule goes under the addresses, naming the line.
    const redirects = form.getByRole("textbox", { name: "Where your website receives members after they sign in" });
    await redirects.fill(`${callback}\nhttp://choir.example.org/callback`);
    await form.getByRole("button", { name: "Register the app" }).click();
    await expect(redirects).toBeFocused();
    await expect(redirects).toHaveAccessibleDescription(/Line 2: must use https/);
    expect(await sql(`SELECT id FROM client WHERE name = $1`, [name])).toEqual([]);
    await redirects.fill(callback);
    await expect(redirects).not.toHaveAccessibleDescription(/Line 2/);
    // What it may see is said in words; the scopes themselves are under a closed "Advanced".
    const maySee = form.getByTestId("app-may-see");
    await expect(maySee).toContainText("Who they are, when they sign in; Their name and language; Their email address.");
    const phoneScope = form.getByRole("checkbox", { name: "Their phone number" });
    await expect(phoneScope).toBeHidden();
    await form.locator("summary", { hasText: "Advanced" }).click();
    await expect(form.getByRole("radio", { name: /^Confidential/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: /authorization_code/ })).toBeChecked();
    await expect(form.getByRole("checkbox", { name: "Require PKCE (S256) on every authorization request" })).toBeChecked();
    await expect(phoneScope).toHaveAccessibleDescription("phone");
    await phoneScope.check();
    await expect(maySee).toContainText("Their email address; Their phone number.");
    await expectNoAxeViolations(page);
    await form.screenshot({ path: "test-results/screens/admin-apps-register-1280.png" });
    await form.getByRole("button", { name: "Register the app" }).click();

    // The secret, this once.
    const shown = main(page).getByRole("heading", { name: `“${name}” is registered: store its secret now` });
    await expect(shown).toBeFocused();
    await expect(main(page).getByText("You will not see this secret again:")).toBeVisible();
    const secret = (await main(page).getByTestId("client-secret").textContent())!.trim();
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await sql<{ id: string; secret_hash: string; type: string; redirect_uris: string[]; grant_types: string[]; scopes: string[]; first_party: boolean; require_pkce: boolean }>(
      `SELECT id, secret_hash, type, redirect_uris, grant_types, scopes, first_party, require_pkce FROM client WHERE name = $1`,
      [name],
    );
    expect(row).toMatchObject({
      secret_hash: tokenHash(secret),
      type: "confidential",
      redirect_uris: [callback],
      grant_types: ["authorization_code", "refresh_token"],
      scopes: ["openid", "profile", "email", "phone"],
      first_party: false,
      require_pkce: true,
    });
    const clientId = row!.id;
    await expect(main(page).getByText(clientId).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: "test-results/screens/admin-apps-secret-1280.png" });
    await main(page).getByRole("button", { name: "Done: I have stored it" }).click();
    await expect(main(page).getByTestId("client-secret")).toHaveCount(0);
    // Never again: not on the page after a reload, not in the API's answers.
    await page.reload();
    await main(page).getByRole("searchbox", { name: "Search by name or client id" }).fill(name);
    await main(page).getByRole("searchbox", { name: "Search by name or client id" }).press("Enter");
    const card = main(page).getByRole("listitem").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(page.locator("body")).not.toContainText(secret);
    await expect(card).toContainText("Website");
    await expect(card.getByText(callback)).toBeVisible();
    await expect(card.getByText("Yes, the first time they sign in to it")).toBeVisible();
    await expect(card.getByText("Who they are, when they sign in; Their name and language; Their email address; Their phone number", { exact: true })).toBeVisible();
    await card.locator("summary", { hasText: "Technical details" }).click();
    await expect(card.getByText("No: members see a consent screen")).toBeVisible();
    await expect(card.getByText("Confidential (with a client secret)")).toBeVisible();
    await page.screenshot({ path: "test-results/screens/admin-apps-list-1280.png", fullPage: true });

    // The app's developer puts the id and secret in a real relying party, and a member signs in with it.
    const config = await discovery(new URL(ISSUER), clientId, undefined, ClientSecretBasic(secret), { execute: [allowInsecureRequests] });
    const verifier = randomPKCECodeVerifier();
    const state = randomState();
    const nonce = randomNonce();
    const url = buildAuthorizationUrl(config, {
      redirect_uri: callback,
      scope: "openid profile email phone",
      code_challenge: await calculatePKCECodeChallenge(verifier),
      code_challenge_method: "S256",
      state,
      nonce,
    });
    const member = await createTestMember("admin-apps-relying");
    const memberContext = await browser.newContext();
    const memberPage = await memberContext.newPage();
    await memberPage.goto(url.href);
    await memberPage.locator('input[name="email"]').fill(member.email);
    await memberPage.locator('input[name="password"]').fill(member.password);
    await memberPage.locator('input[name="password"]').press("Enter");
    await expect(memberPage.getByRole("heading", { level: 1, name: `Allow ${name} to use your account?` })).toBeVisible();
    await memberPage.getByRole("button", { name: "Allow" }).click();
    await memberPage.waitForURL((address) => address.href.startsWith(`${callback}?`));
    await expect(memberPage.getByText("Back at the choir app.")).toBeVisible();
    const tokens = await authorizationCodeGrant(config, new URL(memberPage.url()), {
      pkceCodeVerifier: verifier,
      expectedState: state,
      expectedNonce: nonce,
      idTokenExpected: true,
    });
    // openid-client checked the ID token's signature, issuer, audience, expiry and nonce.
    expect(tokens.claims()).toMatchObject({ iss: ISSUER, sub: member.id, aud: clientId });
    // Its access token reads what the member allowed, through userinfo.
    const profile = await fetchUserInfo(config, tokens.access_token, member.id);
    expect(profile).toMatchObject({ sub: member.id, email: member.email, email_verified: true });
    await memberContext.close();
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
});

test("a staff member registers an app at 375 px, gives it a new secret and disables it, each confirmed; the church's own apps are not offered", async ({ browser }) => {
  const staff = await createStaffMember("admin-apps-rotate");
  const name = `Rota ${uniqueWord()}`;
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/clients");
  await main(page).getByRole("button", { name: "Register an app" }).click();
  const form = registerForm(page);
  // A kiosk is one of the church's own apps: said, not offered, to a staff member who is not an administrator.
  await expect(form.getByRole("radio", { name: "A lobby check-in kiosk" })).toHaveCount(0);
  await expect(form.getByText("Only an administrator can register a kiosk, because it is one of the church’s own apps")).toBeVisible();
  // With the keyboard: the arrows go through the kinds offered, to "Something else", which shows every setting.
  await form.getByRole("radio", { name: "A website that signs members in" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(form.getByRole("radio", { name: "A phone or tablet app" })).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(form.getByRole("radio", { name: "Something else" })).toBeChecked();
  await expect(form.locator("details")).toHaveAttribute("open", "");
  await expect(form.getByRole("checkbox", { name: /church’s own/ })).toHaveCount(0);
  await form.getByRole("textbox", { name: "Name" }).fill(name);
  await form.getByRole("textbox", { name: /Sign-in return addresses/ }).fill("https://rota.example.org/callback");
  await form.getByRole("textbox", { name: /Back-channel logout URI/ }).fill("http://rota.example.org/logout");
  await form.getByRole("checkbox", { name: /client_credentials/ }).check();
  await form.getByRole("button", { name: "Register the app" }).click();
  const logout = form.getByRole("textbox", { name: /Back-channel logout URI/ });
  await expect(logout).toBeFocused();
  await expect(logout).toHaveAccessibleDescription(/Must use https/);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await form.screenshot({ path: "test-results/screens/admin-apps-register-375.png" });
  await logout.fill("https://rota.example.org/logout");
  await form.getByRole("button", { name: "Register the app" }).click();
  const first = (await main(page).getByTestId("client-secret").textContent())!.trim();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-apps-secret-375.png" });
  await main(page).getByRole("button", { name: "Done: I have stored it" }).click();
  const [row] = await sql<{ id: string; grant_types: string[]; backchannel_logout_uri: string }>(`SELECT id, grant_types, backchannel_logout_uri FROM client WHERE name = $1`, [name]);
  expect(row).toMatchObject({ grant_types: ["authorization_code", "refresh_token", "client_credentials"], backchannel_logout_uri: "https://rota.example.org/logout" });

  await main(page).getByRole("searchbox", { name: "Search by name or client id" }).fill(name);
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  const card = main(page).getByRole("listitem").filter({ hasText: name });
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Website");
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-apps-list-375.png", fullPage: true });

  // A new secret: asked first (Cancel changes nothing), then shown once; the old one no longer matches.
  await card.getByRole("button", { name: `New secret for “${name}”` }).click();
  const rotateDialog = page.getByRole("dialog", { name: `Give “${name}” a new secret?` });
  await expect(rotateDialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(rotateDialog).toBeHidden();
  expect(await sql(`SELECT secret_hash FROM client WHERE id = $1`, [row!.id])).toEqual([{ secret_hash: tokenHash(first) }]);
  await card.getByRole("button", { name: `New secret for “${name}”` }).click();
  await rotateDialog.getByRole("button", { name: "Make a new secret" }).click();
  await expect(main(page).getByRole("heading", { name: `The new secret of “${name}”: store it now` })).toBeFocused();
  const second = (await main(page).getByTestId("client-secret").textContent())!.trim();
  expect(second).not.toBe(first);
  expect(await sql(`SELECT secret_hash FROM client WHERE id = $1`, [row!.id])).toEqual([{ secret_hash: tokenHash(second) }]);
  await main(page).getByRole("button", { name: "Done: I have stored it" }).click();

  // Disable: asked first, then the card says so and its actions are gone.
  await card.getByRole("button", { name: `Disable “${name}”` }).click();
  const disableDialog = page.getByRole("dialog", { name: `Disable “${name}”?` });
  await expectNoAxeViolations(page);
  await disableDialog.getByRole("button", { name: "Disable the app" }).click();
  await expect(main(page).getByRole("status")).toContainText(`“${name}” is disabled`);
  await expect(card.getByRole("heading", { name })).toBeFocused();
  await expect(card.getByRole("heading", { name })).toContainText("Disabled");
  await expect(card.getByRole("button", { name: `Disable “${name}”` })).toHaveCount(0);
  const [disabled] = await sql<{ disabled_at: Date | null }>(`SELECT disabled_at FROM client WHERE id = $1`, [row!.id]);
  expect(disabled!.disabled_at).not.toBeNull();
  await context.close();
});

test("an administrator registers a phone app and a lobby check-in kiosk bound to a campus by choosing what each is; the list says what each is, at 1280 and 375 px", async ({ page }) => {
  const admin = await createStaffMember("admin-apps-kinds", "admin");
  const campusId = `cmp_apps_${crypto.randomUUID().slice(0, 8)}`;
  // Early in the alphabet: the form lists the first 100 campuses by name, and the test database holds many.
  const campusName = `Abbey ${uniqueWord()}`;
  await sql(`INSERT INTO campus (id, name, timezone) VALUES ($1, $2, 'Europe/London')`, [campusId, campusName]);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOverHttp(page, { email: admin.email, password: admin.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/clients");
  const search = async (text: string) => {
    await main(page).getByRole("searchbox", { name: "Search by name or client id" }).fill(text);
    await main(page).getByRole("searchbox", { name: "Search by name or client id" }).press("Enter");
  };

  // A phone app, chosen with the keyboard: public, PKCE, DPoP-bound tokens, staying signed in.
  const phoneName = `Parish app ${uniqueWord()}`;
  await main(page).getByRole("button", { name: "Register an app" }).click();
  let form = registerForm(page);
  await form.getByRole("radio", { name: "A website that signs members in" }).focus();
  await page.keyboard.press("ArrowDown");
  await expect(form.getByRole("radio", { name: "A phone or tablet app" })).toBeChecked();
  await expect(form.locator("details")).not.toHaveAttribute("open");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("link", { name: "developers’ page" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(form.getByRole("textbox", { name: "Name" })).toBeFocused();
  await page.keyboard.type(phoneName);
  await page.keyboard.press("Tab");
  await expect(form.getByRole("textbox", { name: "Where the app receives members after they sign in" })).toBeFocused();
  await page.keyboard.type("https://app.example.org/signed-in");
  await expect(form.getByTestId("app-may-see")).toContainText("Staying signed in when they are not using it");
  await form.locator("summary", { hasText: "Advanced" }).click();
  await expect(form.getByRole("radio", { name: /^Public/ })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Require DPoP-bound tokens (RFC 9449)" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Require PKCE (S256) on every authorization request" })).toBeDisabled();
  await form.getByRole("textbox", { name: "Name" }).press("Enter");
  const phoneShown = main(page).getByRole("heading", { name: `“${phoneName}” is registered` });
  await expect(phoneShown).toBeFocused();
  await expect(main(page).getByText("It is a public app, so it has no secret")).toBeVisible();
  await expect(main(page).getByTestId("client-secret")).toHaveCount(0);
  await main(page).getByRole("button", { name: "Done", exact: true }).click();
  expect(
    await sql(
      `SELECT type, redirect_uris, grant_types, scopes, first_party, require_pkce, dpop_bound_access_tokens, secret_hash, check_in_campus_id FROM client WHERE name = $1`,
      [phoneName],
    ),
  ).toEqual([
    {
      type: "public",
      redirect_uris: ["https://app.example.org/signed-in"],
      grant_types: ["authorization_code", "refresh_token"],
      scopes: ["openid", "profile", "email", "offline_access"],
      first_party: false,
      require_pkce: true,
      dpop_bound_access_tokens: true,
      secret_hash: null,
      check_in_campus_id: null,
    },
  ]);
  await search(phoneName);
  const phoneCard = main(page).getByRole("listitem").filter({ hasText: phoneName });
  await expect(phoneCard).toHaveCount(1);
  await expect(phoneCard).toContainText("Phone app");
  await expect(phoneCard.getByText("https://app.example.org/signed-in", { exact: true })).toBeVisible();
  await expect(phoneCard.getByText("Who they are, when they sign in; Their name and language; Their email address; Staying signed in when they are not using it", { exact: true })).toBeVisible();
  await expect(phoneCard.getByText("Yes, the first time they sign in to it")).toBeVisible();
  await phoneCard.locator("summary", { hasText: "Technical details" }).click();
  await expect(phoneCard.getByText("Public (no secret)")).toBeVisible();

  // A lobby kiosk: its campus from the campuses the office keeps; no return addresses to ask for.
  const kioskName = `Lobby check-in ${uniqueWord()}`;
  await main(page).getByRole("button", { name: "Register an app" }).click();
  form = registerForm(page);
  await form.getByRole("radio", { name: "A website that signs members in" }).focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(form.getByRole("radio", { name: "A lobby check-in kiosk" })).toBeChecked();
  await expect(form.getByRole("textbox", { name: /receives members/ })).toHaveCount(0);
  await expect(form.getByRole("checkbox", { name: /This is one of the church’s own apps/ })).toHaveCount(0);
  await form.getByRole("textbox", { name: "Name" }).fill(kioskName);
  const campus = form.getByRole("combobox", { name: "Which campus is the kiosk in?" });
  await expect(campus.getByRole("option", { name: campusName })).toHaveCount(1);
  // No campus chosen: said under the select, which takes the keyboard.
  await form.getByRole("button", { name: "Register the app" }).click();
  await expect(campus).toBeFocused();
  await expect(campus).toHaveAccessibleDescription(/Choose the campus this kiosk is in\./);
  expect(await sql(`SELECT id FROM client WHERE name = $1`, [kioskName])).toEqual([]);
  await campus.selectOption({ label: campusName });
  await expect(campus).not.toHaveAccessibleDescription(/Choose the campus/);
  await expect(form.getByTestId("app-may-see")).toContainText("What it may see or do for a member who signs in: Who they are, when they sign in; Checking people in and out at one campus’s kiosk.");
  await expectNoAxeViolations(page);
  await form.screenshot({ path: "test-results/screens/admin-apps-register-kiosk-1280.png" });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await form.screenshot({ path: "test-results/screens/admin-apps-register-kiosk-375.png" });
  await page.setViewportSize({ width: 1280, height: 900 });
  await form.getByRole("button", { name: "Register the app" }).click();

  const kioskShown = main(page).getByRole("heading", { name: `“${kioskName}” is registered` });
  await expect(kioskShown).toBeFocused();
  await expect(main(page).getByText(`It is the check-in kiosk of ${campusName}, so it has no secret.`)).toBeVisible();
  const [kiosk] = await sql<{ id: string; type: string; redirect_uris: string[]; grant_types: string[]; scopes: string[]; first_party: boolean; check_in_campus_id: string }>(
    `SELECT id, type, redirect_uris, grant_types, scopes, first_party, check_in_campus_id FROM client WHERE name = $1`,
    [kioskName],
  );
  // The grants are a set: compared in order of name.
  expect({ ...kiosk, grant_types: kiosk?.grant_types.toSorted() }).toEqual({
    id: expect.stringMatching(/^cl_/),
    type: "public",
    redirect_uris: [],
    grant_types: ["refresh_token", "urn:ietf:params:oauth:grant-type:device_code"],
    scopes: ["openid", "check-in:kiosk"],
    first_party: true,
    check_in_campus_id: campusId,
  });
  const setUp = `/kiosk?client=${kiosk!.id}`;
  await expect(main(page).getByRole("link", { name: setUp })).toHaveAttribute("href", setUp);
  await main(page).getByRole("button", { name: "Done", exact: true }).click();

  await search(kioskName);
  const kioskCard = main(page).getByRole("listitem").filter({ hasText: kioskName });
  await expect(kioskCard).toHaveCount(1);
  await expect(kioskCard).toContainText(`Check-in kiosk at ${campusName}`);
  await expect(kioskCard.getByText("Who they are, when they sign in; Checking people in and out at one campus’s kiosk", { exact: true })).toBeVisible();
  await expect(kioskCard).toContainText(`Anywhere (not limited to ${campusName}’s networks)`);
  await expect(kioskCard.getByText("No: it is one of the church’s own apps")).toBeVisible();
  await expect(kioskCard.getByRole("link", { name: setUp })).toBeVisible();
  // The church's own app: only its networks are changed here.
  await expect(kioskCard.getByRole("button", { name: `Change networks of “${kioskName}”` })).toBeVisible();
  await expect(kioskCard.getByRole("button", { name: `Change settings of “${kioskName}”` })).toHaveCount(0);
  await expect(kioskCard.getByText(/device_code/)).toBeHidden();
  await kioskCard.locator("summary", { hasText: "Technical details" }).click();
  await expect(kioskCard.getByText("Set up on a kiosk or TV with a code (device_code, RFC 8628)")).toBeVisible();
  await expect(kioskCard.getByText("check-in:kiosk", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-apps-kiosk-list-1280.png", fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-apps-kiosk-list-375.png", fullPage: true });
});
