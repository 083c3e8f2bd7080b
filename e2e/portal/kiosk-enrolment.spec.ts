import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember } from "../support/admin.ts";
import { sql, uniqueIp } from "../support/database.ts";
import { createVolunteer, kioskClientOfNewCampus } from "../support/kiosk-tablet.ts";
import { nextTotpCode } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { expirePortalAccessToken, signInOverHttp } from "../support/portal.ts";

// Issue 36 in Debian's Chromium: the lobby tablet's key made by the browser and kept non-extractable in
// IndexedDB; the volunteer's approval page naming the tablet's campus and network; a copy of the kiosk cookie
// in another browser refused; staff setting a kiosk's campus networks on Staff › Apps; and the staff person
// page refusing, in words, to act on a more powerful account, offering to sign in again when that is what is
// missing. axe, and screenshots at 1280 and 375 px of every page changed.

test.use({ timezoneId: "UTC" });

const SCREENS = "test-results/screens";

/** A browser context as if behind the lobby's own network: the tests' proxy header names its address. */
async function tabletContext(browser: Browser, ip: string, viewport = { width: 1280, height: 800 }): Promise<BrowserContext> {
  return browser.newContext({ viewport, extraHTTPHeaders: { "x-forwarded-for": ip } });
}

async function screenshotsAt1280And375(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 375, height: 740 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: `${SCREENS}/${name}-375.png`, fullPage: true });
}

test("a tablet on its campus's network is set up with a key of its own; the volunteer sees the campus and network; a copied cookie is refused elsewhere", async ({ browser }) => {
  test.setTimeout(150_000);
  const { clientId, campusName } = await kioskClientOfNewCampus();
  const campusIp = await uniqueIp();
  await sql(`UPDATE client SET allowed_networks = $2 WHERE id = $1`, [clientId, [`${campusIp}/32`]]);
  const volunteer = await createVolunteer();

  const lobby = await tabletContext(browser, campusIp);
  const tablet = await lobby.newPage();
  await tablet.goto(`/kiosk?client=${clientId}`);
  await tablet.getByRole("button", { name: "Set up this kiosk" }).click();
  await expect(tablet.getByRole("heading", { level: 1, name: "Allow this kiosk from your phone" })).toBeVisible();
  const userCode = (await tablet.locator(".kiosk__user-code").textContent())!.trim();
  // The key the browser made: ECDSA P-256, kept in IndexedDB, its private half not extractable.
  const key = await tablet.evaluate(
    () =>
      new Promise<{ algorithm: string; curve: string; extractable: boolean; usages: string[] }>((resolve, reject) => {
        const opening = indexedDB.open("church-kiosk");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const read = opening.result.transaction("keys").objectStore("keys").get("kiosk-dpop");
          read.onerror = () => reject(read.error);
          read.onsuccess = () => {
            const pair = read.result as CryptoKeyPair;
            const algorithm = pair.privateKey.algorithm as EcKeyAlgorithm;
            resolve({ algorithm: algorithm.name, curve: algorithm.namedCurve, extractable: pair.privateKey.extractable, usages: pair.privateKey.usages });
          };
        };
      }),
  );
  expect(key).toEqual({ algorithm: "ECDSA", curve: "P-256", extractable: false, usages: ["sign"] });

  // The volunteer's phone, on the mobile network: the review names the kiosk's campus and the tablet's network.
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const review = await phone.newPage();
  await review.goto(`/device?user_code=${encodeURIComponent(userCode)}`);
  await review.locator('input[name="email"]').fill(volunteer.email);
  await review.locator('input[name="password"]').fill(volunteer.password);
  await review.locator('input[name="password"]').press("Enter");
  await review.getByRole("textbox", { name: "Code" }).press("Enter");
  await expect(review.getByRole("heading", { level: 1, name: "Sign in Lobby check-in on this device?" })).toBeVisible();
  await expect(review.getByText(`Only allow this if you are standing at the ${campusName} check-in kiosk`)).toBeVisible();
  const facts = review.locator(".device-facts");
  await expect(facts.locator("dt")).toHaveText(["Campus", "Asked from the network", "The device says it is"]);
  await expect(facts.locator("dd")).toHaveText([campusName, `${campusIp}, one of ${campusName}’s own networks`, /Chrome/]);
  await screenshotsAt1280And375(review, "device-review-kiosk");
  await review.setViewportSize({ width: 375, height: 740 });
  await review.getByRole("button", { name: "Allow" }).click();
  await expect(review.getByRole("heading", { level: 1, name: "The device is signed in" })).toBeVisible();
  await phone.close();

  await expect(tablet.getByRole("heading", { level: 1, name: "Check in" })).toBeVisible({ timeout: 20_000 });
  await expectNoAxeViolations(tablet);

  // The same cookies in another browser on the same network, without the tablet's key: asked to set up again.
  const thief = await tabletContext(browser, campusIp);
  await thief.addCookies(await lobby.cookies());
  const copy = await thief.newPage();
  await copy.goto(`/kiosk?client=${clientId}`);
  await expect(copy.getByRole("heading", { level: 1, name: "Set up this check-in kiosk" })).toBeVisible({ timeout: 20_000 });
  expect((await thief.cookies()).some((cookie) => cookie.name === "kiosk" && cookie.value !== "")).toBe(false);
  await thief.close();

  // The tablet itself goes on.
  await tablet.reload();
  await expect(tablet.getByRole("heading", { level: 1, name: "Check in" })).toBeVisible();
  await lobby.close();
});

test("staff set a kiosk's campus networks on Staff › Apps: a wrong line is named, the list saved, and shown", async ({ page }) => {
  const { clientId, campusName } = await kioskClientOfNewCampus();
  const admin = await createStaffMember("kiosk-networks-page", "staff");
  await signInOverHttp(page, { email: admin.email, password: admin.password, totpSecret: DEMO_TOTP_SECRET });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/clients");
  await page.getByRole("searchbox", { name: "Search by name or client id" }).fill(clientId);
  await page.getByRole("searchbox", { name: "Search by name or client id" }).press("Enter");
  const card = page.getByRole("main").getByRole("listitem").filter({ hasText: clientId });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(campusName, { exact: true })).toBeVisible();
  await expect(card).toContainText(`Anywhere (not limited to ${campusName}’s networks)`);
  await card.getByRole("button", { name: "Change networks of “Lobby check-in”" }).click();
  const field = card.getByRole("textbox", { name: `${campusName}’s networks` });
  await field.fill("203.0.113.0/24\ncampus wifi");
  await card.getByRole("button", { name: "Save networks" }).click();
  await expect(card.getByText("Line 2: “campus wifi” is not an internet address or a range. Write one such as 203.0.113.7 or 203.0.113.0/24; for anywhere, leave the box empty.")).toBeVisible();
  await expect(field).toBeFocused();
  await screenshotsAt1280And375(page, "admin-client-networks-form");
  await page.setViewportSize({ width: 1280, height: 900 });
  await field.fill("203.0.113.0/24\n2001:db8:5::/48");
  await card.getByRole("button", { name: "Save networks" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The networks of “Lobby check-in” are saved." })).toBeVisible();
  await expect(card.getByRole("listitem")).toHaveText(["203.0.113.0/24", "2001:db8:5::/48"]);
  expect(await sql(`SELECT allowed_networks FROM client WHERE id = $1`, [clientId])).toEqual([{ allowed_networks: ["203.0.113.0/24", "2001:db8:5::/48"] }]);
  await screenshotsAt1280And375(page, "admin-client-networks-saved");
});

test("the staff person page: staff are told in words why they cannot disable an administrator; an administrator is offered to sign in again, then does it", async ({ browser }) => {
  test.setTimeout(150_000);
  const target = await createStaffMember("powerful-page-target", "admin");
  const name = `${target.givenName} ${target.familyName}`;

  // Staff: refused, in the office's words.
  const staffContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const staffPage = await staffContext.newPage();
  const staff = await createStaffMember("powerful-page-staff", "staff");
  await signInOverHttp(staffPage, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await staffPage.goto(`/admin/people/${target.id}`);
  const account = staffPage.getByRole("main").getByRole("region", { name: "Account" });
  await account.getByRole("button", { name: "Disable account" }).click();
  await staffPage.getByRole("dialog", { name: `Disable ${name}’s account?` }).getByRole("button", { name: "Disable account" }).click();
  await expect(account.getByRole("alert")).toHaveText(
    `We couldn’t disable ${name}’s account. This account can read the record of what staff did, download all of the church’s data, give people roles and change the church’s settings, and yours cannot. Only someone who can do everything this account can may change it: ask an administrator.`,
  );
  await expect(account.getByRole("link", { name: "Sign in again" })).toHaveCount(0);
  await screenshotsAt1280And375(staffPage, "admin-person-refused");
  await staffContext.close();
  expect(await sql(`SELECT disabled_at FROM account WHERE id = $1`, [target.id])).toEqual([{ disabled_at: null }]);

  // An administrator whose sign-in is older than ten minutes: offered to sign in again, not sent away.
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await adminContext.newPage();
  const admin = await createStaffMember("powerful-page-admin", "admin");
  await signInOverHttp(page, { email: admin.email, password: admin.password, totpSecret: DEMO_TOTP_SECRET });
  await sql(`UPDATE oauth_grant SET auth_time = now() - interval '1 hour' WHERE user_id = $1 AND client_id = 'portal'`, [admin.id]);
  await expirePortalAccessToken(adminContext);
  await page.goto(`/admin/people/${target.id}`);
  const adminAccount = page.getByRole("main").getByRole("region", { name: "Account" });
  await adminAccount.getByRole("button", { name: "Disable account" }).click();
  await page.getByRole("dialog", { name: `Disable ${name}’s account?` }).getByRole("button", { name: "Disable account" }).click();
  await expect(adminAccount.getByRole("alert")).toHaveText(
    `We couldn’t disable ${name}’s account yet. ${name} can do more than a member can (staff or volunteer work), so for safety we ask you to sign in again first. Then try once more.`,
  );
  await expect(page).toHaveURL(new RegExp(`/admin/people/${target.id}$`));
  await screenshotsAt1280And375(page, "admin-person-sign-in-again");
  await page.setViewportSize({ width: 1280, height: 900 });

  await adminAccount.getByRole("link", { name: "Sign in again" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it’s you" })).toBeVisible();
  await page.locator('input[name="password"]').fill(admin.password);
  await page.locator('input[name="password"]').press("Enter");
  await expect(page).toHaveURL(/\/sign-in\/second-factor/);
  await page.locator('input[name="code"]').fill(await nextTotpCode(admin.email, DEMO_TOTP_SECRET));
  await page.locator('input[name="code"]').press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/people/${target.id}$`));
  await adminAccount.getByRole("button", { name: "Disable account" }).click();
  await page.getByRole("dialog", { name: `Disable ${name}’s account?` }).getByRole("button", { name: "Disable account" }).click();
  await expect(adminAccount.getByRole("status")).toHaveText(`${name}’s account is disabled and signed out everywhere.`);
  await adminContext.close();
});
