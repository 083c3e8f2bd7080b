import { expect, test, type Page } from "@playwright/test";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { ISSUER } from "../support/oauth-client.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";

// /device in Debian's Chromium: a member follows the link a lobby kiosk shows, signs in, checks the code
// filled in from the link, sees which app asks for what from which device, allows it with the keyboard, and
// finds the kiosk under Account › Security where it can be signed out. axe and screenshots at 1280 and 375 px.

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

async function kioskAsks(): Promise<{ device_code: string; user_code: string; verification_uri_complete: string }> {
  const response = await fetch(`${ISSUER}/oauth/device_authorization`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36" },
    body: new URLSearchParams({ client_id: "demo-kiosk", scope: "openid profile offline_access" }),
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { device_code: string; user_code: string; verification_uri_complete: string };
}

async function kioskPolls(deviceCode: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${ISSUER}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: "demo-kiosk", grant_type: DEVICE_GRANT, device_code: deviceCode }),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function signInAt(page: Page, member: TestMember): Promise<void> {
  await expect(page).toHaveURL(/\/sign-in\?return_to=/);
  await page.locator('input[name="email"]').fill(member.email);
  await page.locator('input[name="password"]').fill(member.password);
  await page.locator('input[name="password"]').press("Enter");
}

test("follow the kiosk's link, sign in, allow it with the keyboard; the kiosk gets tokens and is listed, and signed out, under Security", async ({ page }) => {
  const member = await createTestMember("device-page");
  const kiosk = await kioskAsks();
  await page.goto(kiosk.verification_uri_complete);
  await signInAt(page, member);

  await expect(page.getByRole("heading", { level: 1, name: "Sign in a device" })).toBeVisible();
  const code = page.getByRole("textbox", { name: "Code" });
  await expect(code).toHaveValue(kiosk.user_code);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/device-code-1280.png", fullPage: true });
  await code.press("Enter");

  await expect(page.getByRole("heading", { level: 1, name: "Sign in Lobby kiosk on this device?" })).toBeVisible();
  await expect(page.getByRole("list", { name: "What Lobby kiosk asks for" }).getByRole("listitem")).toHaveText([
    "Confirm who you are when you sign in",
    "See your name and language",
    "Stay connected when you are not using the app",
  ]);
  await expect(page.getByText("Linux computer · Chrome")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/device-review-1280.png", fullPage: true });
  await page.getByRole("button", { name: "Allow" }).focus();
  await page.keyboard.press("Enter");

  await expect(page.getByRole("heading", { level: 1, name: "The device is signed in" })).toBeVisible();
  await page.screenshot({ path: "test-results/screens/device-done-1280.png", fullPage: true });
  const tokens = await kioskPolls(kiosk.device_code);
  expect(tokens.status).toBe(200);
  expect(tokens.body).toMatchObject({ token_type: "Bearer", scope: "openid profile offline_access" });

  // The identity service's own session is in this browser; the security page is the portal's, signed in through it.
  await page.goto("/");
  await page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL(/\/account$/);
  await page.goto("/account/security");
  const card = page.getByRole("listitem").filter({ hasText: "Lobby kiosk on Linux computer" });
  await expect(card).toHaveCount(1);
  await expect(card.getByText("Signed in with a code")).toBeVisible();
  await card.screenshot({ path: "test-results/screens/device-in-sessions-1280.png" });
  await card.getByRole("button", { name: "Sign out of Lobby kiosk on Linux computer" }).click();
  const dialog = page.getByRole("dialog", { name: "Sign out of Lobby kiosk on Linux computer?" });
  await expect(dialog).toContainText("The device stops working as you at once.");
  await dialog.getByRole("button", { name: "Sign out" }).click();
  await expect(card).toHaveCount(0);

  const refreshed = await fetch(`${ISSUER}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ client_id: "demo-kiosk", grant_type: "refresh_token", refresh_token: String(tokens.body.refresh_token) }),
  });
  expect(refreshed.status).toBe(400);
});

test("a wrong code is said in place; the review and the code pages fit a 375 px phone", async ({ browser }) => {
  const member = await createTestMember("device-phone");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const page = await context.newPage();
  const kiosk = await kioskAsks();
  await page.goto("/device");
  await signInAt(page, member);
  const code = page.getByRole("textbox", { name: "Code" });
  await expect(code).toHaveValue("");
  const wrong = kiosk.user_code.startsWith("B") ? "CCCC-CCCC" : "BBBB-BBBB";
  await code.fill(wrong);
  await code.press("Enter");
  await expect(page.getByText("That code doesn’t match a device waiting to sign in.")).toBeVisible();
  await expect(code).toBeFocused();
  await expect(code).toHaveAttribute("aria-invalid", "true");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/device-code-375.png", fullPage: true });

  await code.fill(kiosk.user_code.toLowerCase());
  await code.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Sign in Lobby kiosk on this device?" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/device-review-375.png", fullPage: true });
  await page.getByRole("button", { name: "Deny" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "The device was not signed in" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/device-done-375.png", fullPage: true });
  expect((await kioskPolls(kiosk.device_code)).body).toMatchObject({ error: "access_denied" });
  await context.close();
});
