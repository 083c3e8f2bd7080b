import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInThroughPortal } from "../support/portal.ts";
import { tokenHash } from "../support/oauth-tokens.ts";

// Staff › Apps in Debian's Chromium: the registered apps with their sign-in settings; an office member
// relaxes PKCE for a server app whose library sends a nonce, requires pushed requests and DPoP, and sets where the
// app is told of sign-outs, with the keyboard; the church's own app and a phone app cannot be relaxed.
// A member without clients:read is told the page is not theirs. axe at 1280 and 375 px.

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
  await signInThroughPortal(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });

  await page.goto("/admin/clients");
  await expect(page.getByRole("heading", { level: 1, name: "Apps" })).toBeVisible();
  await expect(main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Apps" })).toHaveAttribute("aria-current", "page");
  await main(page).getByRole("searchbox", { name: "Search by name or client id" }).fill(name);
  await main(page).getByRole("searchbox", { name: "Search by name or client id" }).press("Enter");
  const card = main(page).getByRole("listitem").filter({ hasText: name });
  await expect(card).toHaveCount(1);
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
  await signInThroughPortal(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/clients");
  await main(page).getByRole("searchbox", { name: "Search by name or client id" }).fill(name);
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  const card = main(page).getByRole("listitem").filter({ hasText: name });
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
  await signInThroughPortal(memberPage, { email: member.email, password: member.password });
  await memberPage.goto("/admin/clients");
  await expect(memberPage.getByRole("heading", { level: 1, name: "Not available to your account" })).toBeVisible();
  await expect(main(memberPage).getByRole("alert")).toContainText("clients:read");
  await memberContext.close();
});
