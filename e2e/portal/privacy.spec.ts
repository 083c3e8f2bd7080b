import { readFile } from "node:fs/promises";
import { expect, test, type Page } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// /account/privacy in Debian's Chromium: a member makes a copy of their data and downloads it (the file
// read back and checked), asks for their account to be deleted through the confirmation, and cancels it,
// with the keyboard, axe-clean, and on a 375 px phone. Each test has its own fresh member.

const PRIVACY_PATH = "/account/privacy";
const DAY_MS = 24 * 60 * 60 * 1000;

test.use({ timezoneId: "UTC" });

const main = (page: Page) => page.getByRole("main");
const section = (page: Page, name: string) => main(page).getByRole("region", { name });
const exportSection = (page: Page) => section(page, "Get a copy of your data");
const deletionSection = (page: Page) => section(page, "Delete your account");
const requestsSection = (page: Page) => section(page, "Your requests");

async function openPrivacyPage(page: Page) {
  await page.goto(PRIVACY_PATH);
  await expect(page.getByRole("heading", { level: 1, name: "Privacy" })).toBeVisible();
  await expect(requestsSection(page).getByText(/Loading/)).toHaveCount(0);
}

test("make a copy of my data with the keyboard and download it, from the page and from the list", async ({ page }) => {
  const member = await createTestMember("privacy-portal-export");
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openPrivacyPage(page);
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Privacy" })).toHaveAttribute("aria-current", "page");
  await expect(requestsSection(page).getByText("You have not asked for a copy of your data or for your account to be deleted.")).toBeVisible();
  await expectNoAxeViolations(page);

  const make = exportSection(page).getByRole("button", { name: "Make a copy of my data" });
  await tabTo(page, make);
  await page.keyboard.press("Enter");
  await expect(exportSection(page).getByRole("status")).toHaveText("Your copy is ready to download.");
  const downloadNow = exportSection(page).getByRole("button", { name: "Download your copy" });
  await expect(downloadNow).toBeFocused();

  const [download] = await Promise.all([page.waitForEvent("download"), page.keyboard.press("Enter")]);
  const [request] = await sql<{ id: string; created_at: Date }>(`SELECT id, created_at FROM data_request WHERE user_id = $1 AND type = 'export'`, [member.id]);
  expect(download.suggestedFilename()).toBe(`account-data-${request!.created_at.toISOString().slice(0, 10)}.json`);
  const text = await readFile(await download.path(), "utf8");
  const file = JSON.parse(text);
  expect(file).toMatchObject({
    format: "church-account-export/1",
    request_id: request!.id,
    profile: { id: member.id, email: member.email, given_name: member.givenName, family_name: member.familyName, has_password: true },
    two_factor: { status: "disabled" },
  });
  expect(file.sessions.length).toBeGreaterThan(0);
  expect(file.security_events.map((event: { type: string }) => event.type)).toContain("sign_in");
  const [account] = await sql<{ password_hash: string }>(`SELECT password_hash FROM account WHERE id = $1`, [member.id]);
  expect(text).not.toContain(account!.password_hash);

  // The list shows it ready, and downloads the same file again.
  const card = requestsSection(page).getByRole("article", { name: /Copy of your data/ });
  await expect(card.getByRole("heading", { name: "Copy of your data Ready" })).toBeVisible();
  const [again] = await Promise.all([page.waitForEvent("download"), card.getByRole("button", { name: /^Download/ }).click()]);
  expect(await readFile(await again.path(), "utf8")).toBe(text);
  await expectNoAxeViolations(page);

  // Both the copy and the downloads are in the security log, in words.
  await page.goto("/account/security");
  await expect(main(page).getByText("Copy of your data made")).toBeVisible();
  await expect(main(page).getByText("Copy of your data downloaded").first()).toBeVisible();
});

test("ask for the account to be deleted through the confirmation with the keyboard, then cancel it", async ({ page }) => {
  const member = await createTestMember("privacy-portal-deletion");
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openPrivacyPage(page);

  // The confirmation says what goes; Escape and Cancel change nothing.
  const deleteButton = deletionSection(page).getByRole("button", { name: "Delete my account" });
  await tabTo(page, deleteButton);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Delete your account?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("This cannot be undone once it is done.");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(deleteButton).toBeFocused();
  expect(await sql(`SELECT 1 FROM data_request WHERE user_id = $1`, [member.id])).toEqual([]);

  // Confirmed: Tab from Cancel to the dangerous button, then Enter.
  await page.keyboard.press("Enter");
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: "Delete my account" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  const [pending] = await sql<{ status: string; due_at: Date; created_at: Date }>(`SELECT status, due_at, created_at FROM data_request WHERE user_id = $1`, [member.id]);
  expect(pending!.status).toBe("pending");
  expect(pending!.due_at.getTime() - pending!.created_at.getTime()).toBe(14 * DAY_MS);
  const dueDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" }).format(pending!.due_at);
  const status = deletionSection(page).getByRole("status");
  await expect(status).toContainText(`Your account will be deleted on ${dueDay}`);
  await expect(status).toContainText("You can cancel until then.");
  await expect(deletionSection(page).getByRole("heading", { name: "Delete your account" })).toBeFocused();
  await expect(deletionSection(page).getByText(/Your account will be deleted on .*\.$/).first()).toBeVisible();
  await expect(requestsSection(page).getByRole("heading", { name: "Account deletion Scheduled" })).toBeVisible();
  await expectNoAxeViolations(page);

  // Still there after a reload, and cancelled with the keyboard.
  await page.reload();
  const cancel = deletionSection(page).getByRole("button", { name: "Cancel the deletion" });
  await tabTo(page, cancel);
  await page.keyboard.press("Enter");
  await expect(deletionSection(page).getByRole("status")).toHaveText("The deletion is cancelled. Your account stays as it is.");
  await expect(deletionSection(page).getByRole("heading", { name: "Delete your account" })).toBeFocused();
  await expect(deletionSection(page).getByRole("button", { name: "Delete my account" })).toBeVisible();
  await expect(requestsSection(page).getByRole("heading", { name: "Account deletion Cancelled" })).toBeVisible();
  const [cancelled] = await sql<{ status: string }>(`SELECT status FROM data_request WHERE user_id = $1`, [member.id]);
  expect(cancelled).toEqual({ status: "cancelled" });
  await expectNoAxeViolations(page);
});

test("the privacy page fits a 375 px phone, with its confirmation", async ({ browser }) => {
  const member = await createTestMember("privacy-portal-phone");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: member.email, password: member.password });
  await openPrivacyPage(page);
  await expectNoSidewaysScroll(page);

  await exportSection(page).getByRole("button", { name: "Make a copy of my data" }).click();
  await expect(exportSection(page).getByRole("button", { name: "Download your copy" })).toBeVisible();
  await expect(requestsSection(page).getByRole("article")).toHaveCount(1);
  await expectNoSidewaysScroll(page);

  await deletionSection(page).getByRole("button", { name: "Delete my account" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete your account?" }).getByRole("button", { name: "Delete my account" });
  await expect(confirm).toBeInViewport({ ratio: 1 });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await confirm.click();
  await expect(deletionSection(page).getByRole("button", { name: "Cancel the deletion" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await context.close();
});
