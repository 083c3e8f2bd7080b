import { expect, test, type Page } from "@playwright/test";
import { generate } from "otplib";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The staff policy (issue 17): staff tools need a second factor. A staff member without one is sent to set
// it up before /admin opens, while their member pages stay open; with it, /admin opens.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");

test("a staff member without two-step sign-in is sent to set it up, and after signing in with it the staff pages open", async ({ page }) => {
  const member = await createTestMember("admin-no-second-factor");
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = 'staff'`, [member.id]);
  await signInOverHttp(page, { email: member.email, password: member.password });

  await page.goto("/admin/events");
  await expect(page.getByRole("heading", { level: 1, name: "Turn on two-step sign-in first" })).toBeVisible();
  await expect(main(page).getByRole("table")).toHaveCount(0);
  await expectNoAxeViolations(page);
  // The member pages stay open.
  await page.goto("/account");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Turn on two-step sign-in first")).toHaveCount(0);

  await page.goto("/admin");
  await main(page).getByRole("link", { name: "Set up two-step sign-in" }).click();
  await expect(page).toHaveURL(/\/account\/security$/);
  const twoFactor = main(page).getByRole("region", { name: "Two-step sign-in" });
  await twoFactor.getByRole("button", { name: "Set up two-step sign-in" }).click();
  const setupKey = (await twoFactor.locator("[data-setup-key]").innerText()).replace(/\s/g, "");
  const codeField = twoFactor.getByRole("textbox", { name: "Code from the app" });
  await codeField.fill(await generate({ secret: setupKey }));
  await codeField.press("Enter");
  await expect(twoFactor.getByRole("heading", { name: "Save your recovery codes" })).toBeFocused();

  // Signed in with a password alone the session still lacks the second factor: a new sign-in with it opens /admin.
  await page.getByRole("banner").getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in", exact: true })).toBeVisible();
  await signInOverHttp(page, { email: member.email, password: member.password, totpSecret: setupKey });
  await page.goto("/admin/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
});
