import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { latestMessageTo } from "../support/outbox.ts";
import { expectNoAxeViolations, shoot } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › Import people in Debian's Chromium (issue 40): an office member chooses a Planning Center–style file,
// sees what the import would do and each row's problems (and downloads them), imports with a progress bar that
// is still there after a reload, finds the people in the register, and undoes the import. axe and no sideways
// scroll; screenshots at 1280 and 375 px.

const main = (page: Page) => page.getByRole("main");


test("choose a file, see what it would do and why, import it with a progress bar, find the people, invite them, one makes her account, undo the rest", async ({ page, browser }) => {
  test.setTimeout(120_000);
  const staff = await createStaffMember("people-import");
  const family = `Importson${uniqueWord()}`;
  const base = Math.floor(Math.random() * 1e9);
  const lines = [
    "Person ID,First Name,Last Name,Nickname,Birthdate,Email,Mobile Phone Number,Household ID,Household Name,Household Primary Contact",
    `${base + 1},Maria,${family},,1981-03-14,maria.${family.toLowerCase()}@example.org,(617) 555-0101,HH${base},The ${family} Household,true`,
    `${base + 2},Samuel,${family},Sam,1979-07-02,,617-555-0102,HH${base},The ${family} Household,false`,
    `${base + 3},=HYPERLINK("http://evil.example"),${family},,,,,,,`,
    `${base + 4},Ada,${family},,2015-09-30,not-an-email,,HH${base},The ${family} Household,false`,
  ];
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });

  await page.goto("/admin");
  await main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Import people" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import people" })).toBeVisible();
  await page.locator('input[type="file"]').setInputFiles({ name: `${family}.csv`, mimeType: "text/csv", buffer: Buffer.from(lines.join("\r\n")) });

  // The preview: nothing written yet.
  await expect(main(page).getByRole("heading", { name: `Before you import ${family}.csv` })).toBeVisible();
  await expect(main(page).getByText("It looks like a Planning Center People export, with 4 rows.")).toBeVisible();
  const counts = main(page).getByRole("list", { name: "What the import will do" });
  await expect(counts).toContainText("3 people will be added");
  await expect(counts).toContainText("1 left out");
  await expect(main(page).getByRole("heading", { name: "2 problems" })).toBeVisible();
  await expect(main(page).getByRole("listitem").filter({ hasText: "Left out:" })).toHaveCount(1);
  expect(await sql(`SELECT 1 FROM membership_record WHERE family_name = $1`, [family])).toHaveLength(0);
  const download = page.waitForEvent("download");
  await main(page).getByRole("button", { name: /Download all as a spreadsheet/ }).click();
  const problems = readFileSync(await (await download).path(), "utf8");
  expect(problems).toContain('"Row","Column","Problem","Kind"');
  expect(problems).not.toMatch(/(^|,)"=/m);
  await expectNoAxeViolations(page);
  await shoot(page, "admin-import-preview");

  // The import: its progress survives a reload, then it is done.
  await main(page).getByRole("button", { name: "Import 3 people" }).click();
  await page.reload();
  await expect(main(page).getByRole("heading", { name: new RegExp(`^(Importing|Imported: ) ?${family}\\.csv$`) })).toBeVisible();
  await expect(main(page).getByRole("heading", { name: `Imported: ${family}.csv` })).toBeVisible({ timeout: 30_000 });
  await expect(main(page).getByText("3 people added, 0 updated, 0 already up to date, 1 left out.")).toBeVisible();
  const records = await sql<{ given_name: string; household_id: string; phone: string | null }>(`SELECT given_name, household_id, phone FROM membership_record WHERE family_name = $1 ORDER BY given_name`, [family]);
  expect(records).toEqual([
    { given_name: "Ada", household_id: `HH${base}`, phone: null },
    { given_name: "Maria", household_id: `HH${base}`, phone: "+16175550101" },
    { given_name: "Samuel", household_id: `HH${base}`, phone: "+16175550102" },
  ]);
  await expectNoAxeViolations(page);
  await shoot(page, "admin-import-done");

  // Invited: only Maria has an address that works; her link makes her account, linked to her record and household.
  await main(page).getByRole("button", { name: "Invite the 3 people it added" }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "1 invitation on the way. 2 people have no email address." })).toBeVisible();
  const maria = `maria.${family.toLowerCase()}@example.org`;
  const link = /https?:\/\/\S+\/invitation#[A-Za-z0-9_-]+/.exec((await latestMessageTo(maria)).body)?.[0];
  expect(link, "the invitation email holds its link").toBeTruthy();
  const invited = await browser.newPage();
  try {
    await invited.goto(new URL(link!).pathname + new URL(link!).hash);
    await expect(invited.getByText(`Welcome, Maria ${family}.`)).toBeVisible();
    await expect(invited).toHaveURL(/\/invitation$/);
    await expect(invited.getByLabel("Email address")).toHaveValue(maria);
    await invited.getByLabel("Password").fill("harbour lantern seventy kites");
    await expectNoAxeViolations(invited);
    await shoot(invited, "invitation");
    await invited.getByRole("button", { name: "Make my account", exact: true }).click();
    await expect(invited.getByRole("status")).toContainText("Your account is ready.");
    await expect(main(invited).getByRole("link", { name: "Sign in" })).toBeVisible();
  } finally {
    await invited.close();
  }
  const [linked] = await sql<{ email: string; household: string }>(
    `SELECT a.email, f.name AS household FROM membership_record m JOIN account a ON a.id = m.linked_user_id
       JOIN family_member fm ON fm.user_id = a.id JOIN family f ON f.id = fm.family_id WHERE m.family_name = $1 AND m.given_name = 'Maria'`,
    [family],
  );
  expect(linked).toEqual({ email: maria, household: `The ${family} Household` });

  // The office sees it accepted.
  const importPage = page.url();
  await main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Invitations" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Invitations" })).toBeVisible();
  await main(page).getByRole("button", { name: "Accepted" }).click();
  await expect(main(page).getByRole("listitem").filter({ hasText: `Maria ${family}` })).toContainText("Accepted on");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-invitations");

  // Undone: the people it added are gone, but Maria, who has her account now, stays.
  await page.goto(importPage);
  await expect(main(page).getByRole("heading", { name: `Imported: ${family}.csv` })).toBeVisible();
  await main(page).getByRole("button", { name: "Undo this import…" }).click();
  await main(page).getByRole("button", { name: "Undo the import" }).click();
  await expect(main(page).getByRole("status").filter({ hasText: "Undone: 2 people removed" })).toContainText("1 person kept");
  expect(await sql(`SELECT given_name FROM membership_record WHERE family_name = $1`, [family])).toEqual([{ given_name: "Maria" }]);
});
