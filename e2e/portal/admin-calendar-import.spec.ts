import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createStaffMember, uniqueWord } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { expectNoAxeViolations, shoot } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// Staff › Import a calendar in Debian's Chromium (issue 40): an office member pastes the church's calendar
// address (served here by a calendar on this machine, which the test server's operator setting allows), sees
// what the import would do (a weekly series kept, a daily week split and why), imports, finds the events on
// the public calendar, and reads the address again after the source changed; then a saved .ics file, and one
// that is not a calendar. axe and no sideways scroll; screenshots at 1280 and 375 px.

const main = (page: Page) => page.getByRole("main");


const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10).replaceAll("-", "");

function calendar(word: string, options: { groupTitle: string }): string {
  const event = (lines: string[]) => ["BEGIN:VEVENT", "DTSTAMP:20261101T120000Z", ...lines, "END:VEVENT"];
  return [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Google Inc//Google Calendar 70.9054//EN",
    `X-WR-CALNAME:${word} Church`,
    ...event([`DTSTART;TZID=America/New_York:${day(10)}T190000`, `DTEND;TZID=America/New_York:${day(10)}T203000`, "RRULE:FREQ=WEEKLY;COUNT=8", `UID:${word}-group@google.com`, `SUMMARY:${options.groupTitle}`, "CATEGORIES:Life group"]),
    ...event([`DTSTART;TZID=America/New_York:${day(12)}T070000`, `DTEND;TZID=America/New_York:${day(12)}T073000`, "RRULE:FREQ=DAILY;COUNT=3", `UID:${word}-prayer@google.com`, `SUMMARY:${word} morning prayer`]),
    "END:VCALENDAR",
    "",
  ].join("\r\n");
}

let served = "";
let server: Server;
let calendarAddress = "";
test.beforeAll(async () => {
  server = createServer((_request, response) => {
    response.writeHead(200, { "content-type": "text/calendar; charset=utf-8" });
    response.end(served);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  calendarAddress = `http://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ical/private-secret/basic.ics`;
});
test.afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

test("paste the calendar's address, see what the import would do, import it, find the events, and read it again after a change", async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await createStaffMember("calendar-import");
  const word = `Cal${uniqueWord()}`;
  served = calendar(word, { groupTitle: `${word} home group` });
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });

  await page.goto("/admin");
  await main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Import a calendar" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import a calendar" })).toBeVisible();
  await main(page).getByLabel("The calendar’s address").fill(calendarAddress);
  await main(page).getByLabel("The events are").selectOption({ label: "Special event" });
  await expectNoAxeViolations(page);
  await shoot(page, "admin-calendar-import");
  await main(page).getByRole("button", { name: "Check the calendar" }).click();

  // The preview: nothing on the calendar yet.
  await expect(main(page).getByRole("heading", { name: `Before you import ${word} Church` })).toBeVisible();
  const counts = main(page).getByRole("list", { name: "What the import will do" });
  await expect(counts).toContainText("11 events added");
  await expect(main(page).getByText("1 repeating event stays a series")).toBeVisible();
  await expect(main(page).getByRole("listitem").filter({ hasText: `${word} morning prayer` })).toContainText("repeats");
  expect(await sql(`SELECT 1 FROM event WHERE import_key LIKE $1`, [`${word}-%`])).toHaveLength(0);
  // The address is a password to the calendar: once sent, the page never shows it again.
  await page.reload();
  await expect(main(page).getByRole("heading", { name: `Before you import ${word} Church` })).toBeVisible();
  expect(await page.content()).not.toContain("private-secret");
  await expectNoAxeViolations(page);
  await shoot(page, "admin-calendar-import-preview");

  await main(page).getByRole("button", { name: "Import 11 events" }).click();
  await expect(main(page).getByRole("list", { name: "What the last import did" })).toContainText("11 events added");
  await expect(main(page).getByRole("checkbox", { name: "Keep this calendar up to date" })).toBeChecked();
  const imported = await sql<{ title: string; event_type: string; series: boolean }>(
    `SELECT title, event_type::text, series_id IS NOT NULL AS series FROM event WHERE import_key LIKE $1 ORDER BY start_at`,
    [`${word}-%`],
  );
  expect(imported).toHaveLength(11);
  // The category "Life group" names one of our kinds; the rest are what the office chose.
  expect(imported.filter((event) => event.title === `${word} home group`).every((event) => event.event_type === "LIFE_GROUP" && event.series)).toBe(true);
  expect(imported.filter((event) => event.title === `${word} morning prayer`).every((event) => event.event_type === "SPECIAL_EVENT" && !event.series)).toBe(true);
  await expectNoAxeViolations(page);
  await shoot(page, "admin-calendar-import-done");

  // On the public calendar.
  const [first] = await sql<{ slug: string }>(`SELECT slug FROM event WHERE import_key LIKE $1 ORDER BY start_at LIMIT 1`, [`${word}-group%`]);
  const detail = await page.request.get(`/api/calendar/events/${first!.slug}`);
  expect(detail.status()).toBe(200);
  expect((await detail.json()).event).toMatchObject({ title: `${word} home group`, eventType: "LIFE_GROUP", status: "SCHEDULED" });

  // The source changes; reading it again updates the events, never doubling them.
  served = calendar(word, { groupTitle: `${word} home group (new house)` });
  await main(page).getByRole("button", { name: "Read it again now" }).click();
  await expect(main(page).getByRole("list", { name: "What the last import did" })).toContainText("8 updated");
  expect(await sql(`SELECT 1 FROM event WHERE import_key LIKE $1`, [`${word}-%`])).toHaveLength(11);
  expect(await sql(`SELECT 1 FROM event WHERE import_key LIKE $1 AND title = $2`, [`${word}-group%`, `${word} home group (new house)`])).toHaveLength(8);
});

test("a saved .ics file is imported once however often it is chosen; a file that is not a calendar is refused in words", async ({ page }) => {
  test.setTimeout(120_000);
  const staff = await createStaffMember("calendar-file");
  const word = `Ics${uniqueWord()}`;
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/calendar-import");

  await main(page).getByLabel("A file you saved (.ics)").check();
  await page.locator('input[type="file"]').setInputFiles({ name: "events.csv", mimeType: "text/csv", buffer: Buffer.from("Title,Date\nPicnic,2027-06-01\n") });
  await main(page).getByRole("button", { name: "Check the calendar" }).click();
  await expect(main(page).getByRole("alert")).toContainText("This file is not a calendar (.ics) file.");

  for (const round of [1, 2]) {
    await page.locator('input[type="file"]').setInputFiles({ name: `${word}.ics`, mimeType: "text/calendar", buffer: Buffer.from(calendar(word, { groupTitle: `${word} group` })) });
    await main(page).getByRole("button", { name: "Check the calendar" }).click();
    await expect(main(page).getByRole("heading", { name: `Before you import ${word} Church` })).toBeVisible();
    const counts = main(page).getByRole("list", { name: "What the import will do" });
    await expect(counts).toContainText(round === 1 ? "11 events added" : "11 already up to date");
    await main(page).getByRole("button", { name: round === 1 ? "Import 11 events" : "Import 0 events" }).click();
    await expect(main(page).getByRole("list", { name: "What the last import did" })).toBeVisible();
  }
  expect(await sql(`SELECT 1 FROM event WHERE import_key LIKE $1`, [`${word}-%`])).toHaveLength(11);
  await expect(main(page).getByRole("region", { name: "Calendars brought in" }).getByRole("button", { name: `${word} Church` })).toHaveCount(2);
});
