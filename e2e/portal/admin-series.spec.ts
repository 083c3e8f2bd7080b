import { mkdirSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createCampus, staffWithToken, uniqueWord } from "../support/admin.ts";
import { api } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll } from "../support/page-checks.ts";
import { signInThroughPortal } from "../support/portal.ts";

// Recurring series on the staff pages in Debian's Chromium (docs/decisions/0026): "Repeats" on the new-event
// form says in words what it will make and creates the dates; an occurrence's page saves for this date or
// for every date to come, and cancels this date. axe, 1280 and 375 px. Screenshots go to SHOTS_DIR when set.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");

async function shot(page: Page, name: string) {
  const folder = process.env.SHOTS_DIR;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

test("new event that repeats: weekly every 2 weeks on Sunday, 12 times; then one date edited alone, every date edited, one cancelled", async ({ page }) => {
  const { member, token } = await staffWithToken("admin-page-series");
  const campus = await createCampus(token, `Campus ${uniqueWord()}`, "America/New_York");
  const title = `Youth group ${uniqueWord()}`;
  await signInThroughPortal(page, { email: member.email, password: member.password, totpSecret: DEMO_TOTP_SECRET });

  await page.goto("/admin/events/new");
  const form = main(page).getByRole("form", { name: "New event" });
  await form.getByRole("textbox", { name: "Title" }).fill(title);
  await form.getByLabel("Type").selectOption({ label: "Life group" });
  await form.getByLabel("Starts on").fill("2027-02-07");
  await form.getByLabel("Start time").fill("18:00");
  await form.getByLabel("End time").fill("19:30");
  await form.getByLabel("Campus").selectOption({ label: (await sql<{ name: string }>(`SELECT name FROM campus WHERE id = $1`, [campus.id]))[0]!.name });

  const repeats = form.getByRole("group", { name: "Repeats" });
  await repeats.getByLabel("How often").selectOption({ label: "Weekly" });
  // The first date's day is chosen for you.
  await expect(repeats.getByRole("checkbox", { name: "Sunday" })).toBeChecked();
  await repeats.getByLabel("Every how many weeks").fill("2");
  await repeats.getByLabel("How many times").fill("12");
  await expect(repeats.getByText("Every 2 weeks on Sunday, 12 times · 12 dates, from Sunday 7 February 2027 to Sunday 11 July 2027")).toBeVisible();
  // Too many dates is said before anything is sent.
  await repeats.getByLabel("How many times").fill("300");
  await expect(repeats.getByText("Every 2 weeks on Sunday, 300 times: that is more than 200 dates; end it sooner or repeat less often.")).toBeVisible();
  await repeats.getByLabel("Ends").selectOption({ label: "On a date" });
  await repeats.getByLabel("Last date").fill("2027-04-30");
  await expect(repeats.getByText("Every 2 weeks on Sunday, until 30 April 2027 · 6 dates, from Sunday 7 February 2027 to Sunday 18 April 2027")).toBeVisible();
  await expectNoAxeViolations(page);
  await shot(page, "new-series-1280");
  await form.getByRole("button", { name: "Create draft series" }).click();
  await expect(page).toHaveURL(/\/admin\/events\?created=evt_/);

  const rows = await sql<{ id: string; start_date: string; series_id: string }>(`SELECT id, start_date, series_id FROM event WHERE title = $1 ORDER BY start_at`, [title]);
  expect(rows.map((row) => row.start_date)).toEqual(["2027-02-07", "2027-02-21", "2027-03-07", "2027-03-21", "2027-04-04", "2027-04-18"]);
  const seriesId = rows[0]!.series_id;
  expect(rows.every((row) => row.series_id === seriesId)).toBe(true);

  // One date edited alone.
  await page.goto(`/admin/events/${rows[1]!.id}`);
  const edit = main(page).getByRole("form", { name: "Edit event" });
  await expect(edit.getByRole("group", { name: "Save the changes for" })).toBeVisible();
  await expect(main(page).getByText("Every 2 weeks on Sunday, until 30 April 2027", { exact: true })).toBeVisible();
  await expect(main(page).getByText("This date follows the series: saving for every date changes it too.")).toBeVisible();
  await edit.getByRole("textbox", { name: "Title" }).fill(`${title}: games night`);
  await edit.getByRole("button", { name: "Save changes" }).click();
  await expect(main(page).getByText(`Saved “${title}: games night”. Only this date changed; the series’ other dates stay as they are.`, { exact: false })).toBeVisible();
  await expect(main(page).getByText("This date was edited on its own: saving for every date leaves it as it is.")).toBeVisible();
  await expectNoAxeViolations(page);

  // Every date to come, from another date's page.
  await page.goto(`/admin/events/${rows[2]!.id}`);
  await edit.getByRole("radio", { name: /Every date to come in the series/ }).check();
  await edit.getByLabel("Start time").fill("17:30");
  await edit.getByRole("button", { name: "Save for every date" }).click();
  await expect(main(page).getByText(/Saved for every date to come of “.*” that was not edited on its own \(5 in the series follow it\)\./)).toBeVisible();
  const times = await sql<{ start_date: string; start_time: string; title: string }>(`SELECT start_date, start_time, title FROM event WHERE series_id = $1 ORDER BY start_at`, [seriesId]);
  expect(times.map((row) => [row.start_date, row.start_time])).toEqual([
    ["2027-02-07", "17:30"],
    ["2027-02-21", "18:00"],
    ["2027-03-07", "17:30"],
    ["2027-03-21", "17:30"],
    ["2027-04-04", "17:30"],
    ["2027-04-18", "17:30"],
  ]);
  await shot(page, "occurrence-1280");

  // Publish every date from the page, then cancel one date.
  await page.goto(`/admin/events/${rows[3]!.id}`);
  await main(page).getByRole("button", { name: "Publish all 6 draft dates" }).click();
  await expect(main(page).getByText(/^Published 6 dates of “.*”: the calendar shows them now\.$/)).toBeVisible();
  await shot(page, "occurrence-published-1280");
  await main(page).getByRole("button", { name: "Cancel this date" }).click();
  const dialog = page.getByRole("dialog", { name: "Cancel this date?" });
  await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog.getByRole("button", { name: "Cancel this date", exact: true }).click();
  await expect(main(page).getByText(/on 2027-03-21 is cancelled\. The other dates of the series are unchanged\./)).toBeVisible();
  const statuses = await sql<{ status: string }>(`SELECT status FROM event WHERE series_id = $1 ORDER BY start_at`, [seriesId]);
  expect(statuses.map((row) => row.status)).toEqual(["SCHEDULED", "SCHEDULED", "SCHEDULED", "CANCELLED", "SCHEDULED", "SCHEDULED"]);
});

test("the Repeats section and an occurrence's page on a 375 px phone", async ({ browser }) => {
  const { member, token } = await staffWithToken("admin-page-series-phone");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInThroughPortal(page, { email: member.email, password: member.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/events/new");
  const form = main(page).getByRole("form", { name: "New event" });
  await form.getByLabel("Starts on").fill("2027-09-01");
  const repeats = form.getByRole("group", { name: "Repeats" });
  await repeats.getByLabel("How often").selectOption({ label: "Monthly, on a weekday" });
  await repeats.getByLabel("On the").selectOption({ label: "last" });
  await repeats.getByLabel("Weekday").selectOption({ label: "Friday" });
  await expect(repeats.getByText("Monthly on the last Friday, 10 times · 10 dates, from Friday 24 September 2027 to Friday 30 June 2028")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, "new-series-375");

  const created = await api("POST", "/api/v1/admin/series", token, {
    body: { title: `Prayer breakfast ${uniqueWord()}`, eventType: "PRAYER_CAMPAIGN", startDate: "2027-09-01", endDate: "2027-09-01", startTime: "07:00", endTime: "08:00", timezone: "America/New_York", repeat: { frequency: "MONTHLY", weekdays: ["FR"], monthWeek: -1, count: 4 } },
  });
  expect(created.status).toBe(201);
  const series = created.body as { occurrences: { eventId: string }[] };
  await page.goto(`/admin/events/${series.occurrences[1]!.eventId}`);
  await expect(main(page).getByRole("group", { name: "Save the changes for" })).toBeVisible();
  await expect(main(page).getByText("This date follows the series: saving for every date changes it too.")).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await shot(page, "occurrence-375");
  await context.close();
});
