import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember } from "../support/admin.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The header's way to the church office (issue 38, item 8): staff reach /admin from every page; a member is
// not offered it. Whether someone is staff is read from their roles, not from the session cookie.

const mainNav = (page: Page) => page.getByRole("banner").getByRole("navigation", { name: "Main" });

test("staff reach the church office from any page's header; a member is not offered it", async ({ page, browser }) => {
  const staff = await createStaffMember("header-staff");
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/calendar");
  await mainNav(page).getByRole("link", { name: "Church office" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Church office" })).toBeVisible();
  await expect(mainNav(page).getByRole("link", { name: "Church office" })).toHaveAttribute("aria-current", "page");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto("/account");
    await expect(mainNav(page).getByRole("link", { name: "Church office" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.getByRole("banner").screenshot({ path: `test-results/screens/header-staff-${width}.png` });
  }
  await expectNoAxeViolations(page);

  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  const member = await createTestMember("header-member");
  await signInOverHttp(memberPage, member);
  await expect(mainNav(memberPage).getByRole("link", { name: "Account" })).toBeVisible();
  await expect(mainNav(memberPage).getByRole("link", { name: "Church office" })).toHaveCount(0);
  await memberContext.close();
});
