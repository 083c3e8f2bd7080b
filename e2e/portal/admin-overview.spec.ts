import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The church office's front page (issue 38, item 8): what waits for staff, counted, each linking to where it
// is done. The counting rules are a service test (lib/office); here a member's request shows up as waiting and
// leads to the requests page. Other specs share the database, so counts are compared before and after.

test.use({ timezoneId: "UTC" });

const waiting = (page: Page) => page.getByRole("main").getByRole("list", { name: "Waiting for you" });
const requestsItem = (page: Page) => waiting(page).getByRole("listitem").filter({ hasText: /Membership requests?/ });

async function shownCount(page: Page): Promise<number> {
  return Number((await requestsItem(page).getByRole("link").innerText()).match(/^\d+/)![0]);
}

test("staff see what waits for them, counted; a new membership request is one more, and its card leads to it", async ({ page }) => {
  const staff = await createStaffMember("overview-staff");
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin");
  await expect(waiting(page).getByRole("listitem").filter({ hasText: /Events? this week/ })).toContainText(/\d+ (person|people) signed up/);
  const before = await shownCount(page);

  const member = await createTestMember("overview-request");
  const [record] = await sql<{ id: string }>(`SELECT id FROM membership_record WHERE linked_user_id IS NULL ORDER BY id LIMIT 1`);
  await sql(`INSERT INTO membership_link_request (membership_id, user_id) VALUES ($1, $2::uuid)`, [record!.id, member.id]);
  await page.reload();
  expect(await shownCount(page)).toBeGreaterThanOrEqual(before + 1);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-overview-1280.png", fullPage: true });

  await page.setViewportSize({ width: 375, height: 812 });
  await expectNoSidewaysScroll(page);
  await page.screenshot({ path: "test-results/screens/admin-overview-375.png", fullPage: true });
  await requestsItem(page).getByRole("link").click();
  await expect(page).toHaveURL(/\/admin\/membership$/);
});
