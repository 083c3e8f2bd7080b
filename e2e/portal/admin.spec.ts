import { expect, test, type Page } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { createCampus, createEvent, createStaffMember, daysFromNow, staffWithToken, uniqueWord } from "../support/admin.ts";
import { api, memberWithToken } from "../support/contacts.ts";
import { insertRecord, linkedUserOf } from "../support/membership.ts";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { expectNoAxeViolations, expectNoSidewaysScroll, tabTo } from "../support/page-checks.ts";
import { signInOverHttp } from "../support/portal.ts";

// The staff pages at /admin in Debian's Chromium (docs/decisions/0017): a staff member creates an event
// with the keyboard, publishes it from the list's row menu and finds it on /calendar, cancels it on its own
// page and sees it marked cancelled there; the events table sorts by title and date either way, its row
// menu works with the keyboard, and an event cancelled on its page shows cancelled in the list, which
// offers no cancelling; approves a member's request to link a register record, which the member then sees
// on /account/membership. Members without the permission get a "not available" page. axe, 1280 and 375 px.

test.use({ timezoneId: "UTC" });
const main = (page: Page) => page.getByRole("main");
const eventsTable = (page: Page) => main(page).getByRole("table", { name: /^Events/ });
const eventRow = (page: Page, title: string) => eventsTable(page).getByRole("row").filter({ has: page.getByRole("rowheader", { name: title, exact: true }) });

async function searchEvents(page: Page, text: string) {
  const search = main(page).getByRole("searchbox", { name: "Search by title or address" });
  await search.fill(text);
  await search.press("Enter");
}

async function confirmIn(page: Page, title: string, button: string) {
  const dialog = page.getByRole("dialog", { name: title });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("Tab");
  await expect(dialog.getByRole("button", { name: button, exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
}

test("events: create with the keyboard, publish, visible on /calendar; cancel, shown cancelled there", async ({ page }) => {
  const { member, token } = await staffWithToken("admin-page-events");
  const campus = await createCampus(token, `Campus ${uniqueWord()}`, "America/Chicago");
  const title = `Carol service ${uniqueWord()}`;
  await signInOverHttp(page, { email: member.email, password: member.password, totpSecret: DEMO_TOTP_SECRET });

  await page.goto("/admin/events");
  await expect(page.getByRole("heading", { level: 1, name: "Events" })).toBeVisible();
  await expect(main(page).getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Events" })).toHaveAttribute("aria-current", "page");
  await expect(eventsTable(page).getByRole("rowheader").first()).toBeVisible();
  await expectNoAxeViolations(page);

  await tabTo(page, main(page).getByRole("link", { name: "New event" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/admin\/events\/new$/);
  const form = main(page).getByRole("form", { name: "New event" });
  await expectNoAxeViolations(page);

  // Nothing typed: the route's own rules, under their fields, and focus on the first.
  // Past every field, the audiences' and check-in's boxes included.
  await tabTo(page, form.getByRole("button", { name: "Create draft" }), 80);
  await page.keyboard.press("Enter");
  await expect(form.getByText("Enter the title.")).toBeVisible();
  await expect(form.getByRole("textbox", { name: "Title" })).toBeFocused();

  await page.keyboard.type(title);
  await form.getByLabel("Description").fill("<p>Candles and carols.</p>");
  await form.getByLabel("Type").selectOption({ label: "Service" });
  const date = daysFromNow(12);
  await form.getByLabel("Starts on").fill(date);
  await form.getByLabel("Start time").fill("18:00");
  await form.getByLabel("End time").fill("17:00");
  await form.getByLabel("Campus").selectOption({ label: campus.name });
  await expect(form.getByRole("combobox", { name: "Time zone" })).toHaveValue("America/Chicago");
  // Who it is for from the public calendar's own list, and how people check in, in words.
  await form.getByRole("checkbox", { name: "Families" }).check();
  await form.getByRole("checkbox", { name: "Children" }).check();
  await form.getByRole("checkbox", { name: "At the kiosk" }).check();
  await form.getByRole("button", { name: "Create draft" }).press("Enter");
  // Ends before it starts: the API says so under the end date.
  await expect(form.getByText("An event cannot end before it starts.")).toBeVisible();
  await form.getByLabel("End time").fill("19:30");
  await form.getByRole("button", { name: "Create draft" }).press("Enter");

  await expect(page).toHaveURL(/\/admin\/events\?created=evt_/);
  const createdId = new URL(page.url()).searchParams.get("created");
  expect(await sql(`SELECT audience, attendance_modes::text[] AS modes FROM event WHERE id = $1`, [createdId])).toEqual([{ audience: ["families", "children"], modes: ["QR_CODE"] }]);
  await expect(main(page).getByRole("status").first()).toHaveText("The event was created as a draft. Publish it when it is ready.");
  await searchEvents(page, title);
  const row = eventRow(page, title);
  await expect(row).toHaveCount(1);
  await expect(row.getByRole("cell", { name: "Draft", exact: true })).toBeVisible();

  // Publish from the row's menu, with the keyboard: a draft's menu offers editing and publishing, nothing else.
  const actions = row.getByRole("button", { name: `Actions for ${title}` });
  await tabTo(page, actions);
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: `Actions for ${title}` });
  await expect(menu.getByRole("menuitem")).toHaveText(["Edit", "Publish"]);
  await expect(menu.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Publish" })).toBeFocused();
  await page.keyboard.press("Enter");
  await confirmIn(page, "Publish this event?", "Publish");
  await expect(main(page).getByRole("status").first()).toHaveText(`“${title}” is published on the calendar.`);
  await expect(row.getByRole("cell", { name: "Scheduled", exact: true })).toBeVisible();
  await expect(actions).toBeFocused();
  await expect(menu).toBeHidden();
  // Cancelling and postponing are on the event's own page, never in the list.
  await expect(main(page).getByRole("button", { name: /Cancel event|Postpone/ })).toHaveCount(0);

  await page.goto(`/calendar?campusId=${campus.id}`);
  await expect(main(page).getByRole("heading", { name: title })).toBeVisible();

  // Cancel it on its own page: asked first, said, and the section's heading takes focus.
  await page.goto(`/admin/events/${createdId}`);
  const status = main(page).getByRole("region", { name: "Status", exact: true });
  await expect(status).toContainText("Scheduled");
  await status.getByRole("button", { name: "Cancel event" }).focus();
  await page.keyboard.press("Enter");
  await confirmIn(page, "Cancel this event?", "Cancel event");
  await expect(status.getByRole("status")).toHaveText(`“${title}” is marked cancelled on the calendar.`);
  await expect(status).toContainText("Cancelled");
  await expect(status.getByRole("heading", { name: "Status" })).toBeFocused();
  await expect(status.getByRole("button", { name: "Cancel event" })).toHaveCount(0);

  await page.goto(`/calendar?campusId=${campus.id}`);
  const card = main(page).getByRole("article").filter({ hasText: title });
  await expect(card).toContainText(/cancelled/i);
});

test("the events table: sorted by date or title either way, a row's menu with the keyboard to Edit, cancelled on the event's page and shown cancelled in the list; 1280 and 375 px", async ({ page }) => {
  const { member, token } = await staffWithToken("admin-events-table");
  const word = uniqueWord();
  // Titles in one order, start dates in the other; Bravo is published, so it can be cancelled.
  const [alpha, bravo, charlie] = [`Alpha supper ${word}`, `Bravo supper ${word}`, `Charlie supper ${word}`];
  const ids: Record<string, string> = {};
  for (const [title, days] of [
    [alpha, 14],
    [bravo, 13],
    [charlie, 12],
  ] as const) {
    ids[title] = (await createEvent(token, { title, startDate: daysFromNow(days), endDate: daysFromNow(days) })).eventId;
  }
  const bravoId = ids[bravo]!;
  expect((await api("POST", `/api/v1/admin/events/${bravoId}/publish`, token)).status).toBe(200);

  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOverHttp(page, { email: member.email, password: member.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/events");
  await searchEvents(page, word);
  const table = eventsTable(page);
  const titles = table.getByRole("rowheader");

  // By date, earliest first, until a header is pressed.
  await expect(titles).toHaveText([charlie, bravo, alpha]);
  await expect(table).toHaveAccessibleName("Events, sorted by date, earliest first");
  await expect(table.getByRole("columnheader", { name: "When" })).toHaveAttribute("aria-sort", "ascending");
  await expect(table.getByRole("columnheader", { name: "Title" })).not.toHaveAttribute("aria-sort");

  // By title with the keyboard: A to Z, then Z to A; focus stays on the header's button.
  const byTitle = table.getByRole("button", { name: "Title", exact: true });
  await tabTo(page, byTitle);
  await page.keyboard.press("Enter");
  await expect(titles).toHaveText([alpha, bravo, charlie]);
  await expect(table.getByRole("columnheader", { name: "Title" })).toHaveAttribute("aria-sort", "ascending");
  await expect(table.getByRole("columnheader", { name: "When" })).not.toHaveAttribute("aria-sort");
  await expect(table).toHaveAccessibleName("Events, sorted by title, A to Z");
  await expect(byTitle).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(titles).toHaveText([charlie, bravo, alpha]);
  await expect(table.getByRole("columnheader", { name: "Title" })).toHaveAttribute("aria-sort", "descending");
  await page.keyboard.press("Enter");
  await expect(titles).toHaveText([alpha, bravo, charlie]);

  // Each row says when (in the event's own zone), its status, type and campus.
  const row = eventRow(page, bravo);
  await expect(row.getByRole("cell", { name: "Scheduled", exact: true })).toBeVisible();
  await expect(row.getByRole("cell", { name: /6:00 PM/ })).toBeVisible();
  await expect(row.getByRole("cell", { name: "Special event", exact: true })).toBeVisible();
  await expect(eventRow(page, alpha).getByRole("cell", { name: "Draft", exact: true })).toHaveText("Draft", { useInnerText: true });
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-events-1280.png", fullPage: true });

  // The row's menu with the keyboard: Enter opens it on its first item, Up goes round to the last, Escape
  // closes it and focus is back on its button; Down opens it again, and Enter on Edit opens the event.
  const actions = row.getByRole("button", { name: `Actions for ${bravo}` });
  await tabTo(page, actions);
  await expect(actions).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: `Actions for ${bravo}` });
  await expect(actions).toHaveAttribute("aria-expanded", "true");
  await expect(menu.getByRole("menuitem")).toHaveText(["Edit", "Attendance", "View on calendar"]);
  await expect(menu.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.keyboard.press("ArrowUp");
  await expect(menu.getByRole("menuitem", { name: "View on calendar" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(actions).toBeFocused();
  await expect(actions).toHaveAttribute("aria-expanded", "false");
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Edit" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/admin/events/${bravoId}$`));

  // On the event's own page: cancelled through the confirmation; Cancel (focused first) changes nothing.
  const status = main(page).getByRole("region", { name: "Status", exact: true });
  await expect(status).toContainText("Scheduled");
  await expect(status.getByRole("button")).toHaveText(["Postpone", "Cancel event"]);
  const cancel = status.getByRole("button", { name: "Cancel event" });
  await cancel.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Cancel this event?" });
  await expect(dialog).toContainText(bravo);
  await expect(dialog.getByRole("button", { name: "Cancel", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(dialog).toBeHidden();
  await expect(cancel).toBeFocused();
  expect(await sql(`SELECT status FROM event WHERE id = $1`, [bravoId])).toEqual([{ status: "SCHEDULED" }]);
  await page.keyboard.press("Enter");
  await confirmIn(page, "Cancel this event?", "Cancel event");
  await expect(status.getByRole("status")).toHaveText(`“${bravo}” is marked cancelled on the calendar.`);
  await expect(status).toContainText("Cancelled");
  await expect(status.getByRole("button")).toHaveText(["Publish"]);
  await expect(status.getByRole("heading", { name: "Status" })).toBeFocused();
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-event-status-1280.png", fullPage: true });

  // Back in the list: cancelled, and nothing there cancels or postpones.
  await page.goto("/admin/events");
  await searchEvents(page, word);
  await expect(eventRow(page, bravo).getByRole("cell", { name: /^Cancelled$/i })).toBeVisible();
  await expect(main(page).getByRole("button", { name: /Cancel|Postpone/ })).toHaveCount(0);
  await eventRow(page, bravo).getByRole("button", { name: `Actions for ${bravo}` }).click();
  await expect(page.getByRole("menu", { name: `Actions for ${bravo}` }).getByRole("menuitem")).toHaveText(["Edit", "Attendance", "View on calendar"]);
  await page.keyboard.press("Escape");

  // On a phone: each row a block, its cells under their labels, the sort buttons still there; no sideways scroll.
  await page.setViewportSize({ width: 375, height: 800 });
  await expect(byTitle).toBeVisible();
  await expect(eventRow(page, alpha).getByRole("cell", { name: "Draft", exact: true })).toContainText("Status", { useInnerText: true });
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-events-375.png", fullPage: true });
  await eventRow(page, alpha).getByRole("button", { name: `Actions for ${alpha}` }).click();
  await expect(page.getByRole("menu", { name: `Actions for ${alpha}` }).getByRole("menuitem")).toHaveText(["Edit", "Publish"]);
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-events-menu-375.png", fullPage: true });
  await page.goto(`/admin/events/${bravoId}`);
  await expect(main(page).getByRole("region", { name: "Status", exact: true })).toContainText("Cancelled");
  await expectNoSidewaysScroll(page);
  await expectNoAxeViolations(page);
  await page.screenshot({ path: "test-results/screens/admin-event-status-375.png", fullPage: true });
});

test("events on a 375 px phone: list, search with no match, edit form; a member without the permission is told so", async ({ browser }) => {
  const staff = await createStaffMember("admin-page-phone");
  const context = await browser.newContext({ viewport: { width: 375, height: 740 }, timezoneId: "UTC" });
  const page = await context.newPage();
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/events");
  await expect(eventsTable(page).getByRole("rowheader").first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  await main(page).getByRole("searchbox", { name: "Search by title or address" }).fill(`nothing ${uniqueWord()}`);
  await main(page).getByRole("button", { name: "Search", exact: true }).click();
  await expect(main(page).getByText("No events match this search.")).toBeVisible();
  await expectNoAxeViolations(page);
  await page.goto("/admin/events/new");
  await expect(main(page).getByRole("form", { name: "New event" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // A waiting request about a record whose id has no break opportunity must still fit (an id of its own, so a
  // second run against the same database does not collide with the first's).
  const longId = `mbr_phone_${uniqueWord("")}${"0123456789abcdef".repeat(3)}`;
  const asker = await createTestMember("admin-page-asker");
  await sql(`INSERT INTO membership_record (id, given_name, family_name) VALUES ($1, 'Long', 'Identifier')`, [longId]);
  await sql(`INSERT INTO membership_link_request (membership_id, user_id) VALUES ($1, $2)`, [longId, asker.id]);
  await page.goto("/admin/membership");
  await expect(main(page).getByRole("heading", { level: 2, name: /Waiting requests/ })).toBeVisible();
  await expect(main(page).getByText(`Register record ${longId}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await context.close();

  const member = await createTestMember("admin-page-member");
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signInOverHttp(memberPage, { email: member.email, password: member.password });
  for (const [path, permission] of [
    ["/admin/events", "events:read"],
    ["/admin/events/new", "events:write"],
    ["/admin/membership", "membership:read"],
  ] as const) {
    await memberPage.goto(path);
    await expect(memberPage.getByRole("heading", { level: 1, name: "Not available to your account" })).toBeVisible();
    await expect(main(memberPage).getByRole("alert")).toContainText(permission);
  }
  await expectNoAxeViolations(memberPage);
  await memberContext.close();
});

test("membership requests: approve links the record, and the member sees it on /account/membership", async ({ browser }) => {
  const { member, token } = await memberWithToken("admin-page-asker");
  const record = await insertRecord();
  expect((await api("POST", "/api/v1/users/me/membership/suggest", token, { body: { membership_id: record.id } })).status).toBe(200);
  const staff = await createStaffMember("admin-page-approver");

  const staffContext = await browser.newContext({ timezoneId: "UTC" });
  const page = await staffContext.newPage();
  await signInOverHttp(page, { email: staff.email, password: staff.password, totpSecret: DEMO_TOTP_SECRET });
  await page.goto("/admin/membership");
  await expect(page.getByRole("heading", { level: 1, name: "Membership requests" })).toBeVisible();
  const search = main(page).getByRole("searchbox", { name: "Search by the member’s or the record’s name or email" });
  await tabTo(page, search);
  await page.keyboard.type(record.familyName);
  await page.keyboard.press("Enter");
  const row = main(page).getByRole("listitem").filter({ hasText: record.familyName });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(`${record.givenName} ${record.familyName}`);
  await expect(row).toContainText(member.email);
  await expectNoAxeViolations(page);

  await tabTo(page, row.getByRole("button", { name: "Approve and link Test Member admin-page-asker’s request" }));
  await page.keyboard.press("Enter");
  await confirmIn(page, "Link this record to the account?", "Approve and link");
  await expect(main(page).getByRole("status").first()).toHaveText(`Linked Test Member admin-page-asker’s account to the record of ${record.givenName} ${record.familyName}.`);
  await expect(main(page).getByRole("heading", { level: 2, name: /Waiting requests/ })).toBeFocused();
  await expect(main(page).getByText("No waiting request matches this search.")).toBeVisible();
  expect(await linkedUserOf(record.id)).toBe(member.id);
  await staffContext.close();

  const memberContext = await browser.newContext({ timezoneId: "UTC" });
  const memberPage = await memberContext.newPage();
  await signInOverHttp(memberPage, { email: member.email, password: member.password });
  await memberPage.goto("/account/membership");
  await expect(main(memberPage).getByRole("heading", { name: new RegExp(`^${record.givenName} ${record.familyName}\\s*Linked$`) })).toBeVisible();
  await expect(main(memberPage).getByText("Born 1980 · Harbor Point Campus")).toBeVisible();
  await memberContext.close();
});
