import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildIcsCalendar } from "../calendar/ics.ts";
import { expandWithIcalJs, expandWithNodeIcal, type ExpandedInstance } from "../calendar/ics-expand.testing.ts";
import { listUpcomingEventsForSubscription } from "../calendar/list-upcoming-events.ts";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { IdentityError } from "../identity/errors.ts";
import { loadIcsSeries } from "../series/ics-series.ts";
import { addDays, expandRule, weekdayOf } from "../series/recurrence.ts";
import { getCalendarImportOrThrow } from "./calendar-import-answer.ts";
import { createCalendarImport, setCalendarKeptInSync, startCalendarImport, syncCalendarImport, syncDueCalendarImports } from "./run-calendar-import.ts";
import type { CreateCalendarImportBody } from "./schemas.ts";

// Importing a church's Google Calendar (issue 40, part 2): a preview that writes nothing, a weekly series
// across a DST change with an exception, a moved date and a cancelled one kept as a series whose .ics feed
// expands, in ical.js and node-ical, to the source's instances; a re-import that changes nothing; a newer copy
// that updates, and cancels what the source deleted with the sign-ups told; an address kept in sync. The dates
// are counted from today, so the calendar is always ahead. On PGlite and PostgreSQL.
const database = serviceTestDatabase({ CHURCH_TIME_ZONE: "America/New_York", OUTBOUND_ALLOW_PRIVATE_ADDRESSES: "true" });

const today = new Date().toISOString().slice(0, 10);
/** The first Sunday at least a week ahead: 40 weekly dates from it always cross a DST change (at most 238 days apart). */
const firstSunday = (() => {
  let date = addDays(today, 7);
  while (weekdayOf(date) !== "SU") date = addDays(date, 1);
  return date;
})();
const compact = (date: string) => date.replaceAll("-", "");
const sundays = expandRule({ frequency: "WEEKLY", interval: 1, weekdays: ["SU"], count: 40 }, firstSunday);
const concertDay = addDays(firstSunday, 20);
const prayerDay = addDays(firstSunday, 1);

const NEW_YORK = `BEGIN:VTIMEZONE
TZID:America/New_York
X-LIC-LOCATION:America/New_York
BEGIN:DAYLIGHT
TZOFFSETFROM:-0500
TZOFFSETTO:-0400
TZNAME:EDT
DTSTART:19700308T020000
RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU
END:DAYLIGHT
BEGIN:STANDARD
TZOFFSETFROM:-0400
TZOFFSETTO:-0500
TZNAME:EST
DTSTART:19701101T020000
RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU
END:STANDARD
END:VTIMEZONE`;

function vevent(lines: string[]): string {
  return ["BEGIN:VEVENT", "DTSTAMP:20261101T120000Z", ...lines, "END:VEVENT"].join("\r\n");
}

/** A Google Calendar export, as its secret address answers it. */
function googleCalendar(options: { concertTitle?: string; withPrayerWeek?: boolean } = {}): string {
  const events = [
    vevent([
      `DTSTART;TZID=America/New_York:${compact(firstSunday)}T100000`,
      `DTEND;TZID=America/New_York:${compact(firstSunday)}T113000`,
      "RRULE:FREQ=WEEKLY;BYDAY=SU;COUNT=40",
      `EXDATE;TZID=America/New_York:${compact(sundays[4]!)}T100000`,
      "UID:sunday-worship@google.com",
      "SUMMARY:Sunday Worship",
      "LOCATION:Main Sanctuary",
      "DESCRIPTION:All welcome.",
      "CATEGORIES:Service",
      "STATUS:CONFIRMED",
    ]),
    vevent([
      `RECURRENCE-ID;TZID=America/New_York:${compact(sundays[2]!)}T100000`,
      `DTSTART;TZID=America/New_York:${compact(sundays[2]!)}T110000`,
      `DTEND;TZID=America/New_York:${compact(sundays[2]!)}T123000`,
      "UID:sunday-worship@google.com",
      "SUMMARY:Sunday Worship with baptisms",
      "LOCATION:Main Sanctuary",
      "STATUS:CONFIRMED",
    ]),
    vevent([
      `RECURRENCE-ID;TZID=America/New_York:${compact(sundays[6]!)}T100000`,
      `DTSTART;TZID=America/New_York:${compact(sundays[6]!)}T100000`,
      `DTEND;TZID=America/New_York:${compact(sundays[6]!)}T113000`,
      "UID:sunday-worship@google.com",
      "SUMMARY:Sunday Worship",
      "STATUS:CANCELLED",
    ]),
    vevent([`DTSTART:${compact(concertDay)}T230000Z`, `DTEND:${compact(addDays(concertDay, 1))}T010000Z`, "UID:concert@google.com", `SUMMARY:${options.concertTitle ?? "Christmas Concert"}`]),
  ];
  if (options.withPrayerWeek ?? true) {
    events.push(vevent([`DTSTART;TZID=America/New_York:${compact(prayerDay)}T070000`, `DTEND;TZID=America/New_York:${compact(prayerDay)}T073000`, "RRULE:FREQ=DAILY;COUNT=5", "UID:prayer-week@google.com", "SUMMARY:Week of Prayer"]));
  }
  return ["BEGIN:VCALENDAR", "PRODID:-//Google Inc//Google Calendar 70.9054//EN", "VERSION:2.0", "CALSCALE:GREGORIAN", "METHOD:PUBLISH", "X-WR-CALNAME:Grace Church", "X-WR-TIMEZONE:America/New_York", NEW_YORK, ...events, "END:VCALENDAR", ""].join("\r\n");
}

const fileBody = (text: string, name = "grace.ics"): CreateCalendarImportBody => ({
  file_name: name,
  content: Buffer.from(text).toString("base64"),
  event_type: "SPECIAL_EVENT",
  campus_id: null,
  ministry_id: null,
  audience: [],
  publish: true,
  keep_in_sync: false,
});

async function importedEvents() {
  return database.prisma.event.findMany({
    where: { importKey: { not: null } },
    select: { id: true, title: true, importKey: true, status: true, eventType: true, startDate: true, startTime: true, seriesId: true, seriesOverride: true, recurrenceDate: true },
    orderBy: [{ startAt: "asc" }, { id: "asc" }],
  });
}

/** Instances as a calendar app shows them: when, what, and whether cancelled (UIDs differ between the two calendars). */
const shown = (instances: ExpandedInstance[], titles: Set<string>) =>
  instances.filter((instance) => titles.has(instance.summary)).map((instance) => ({ start: instance.start, end: instance.end, summary: instance.summary, cancelled: instance.status === "CANCELLED" }));

let actorId = "";
beforeAll(async () => {
  actorId = (await database.prisma.user.create({ data: { email: "office@grace.example", givenName: "Olive", familyName: "Office" }, select: { id: true } })).id;
});

describe("importing a Google calendar", () => {
  const TEXT = googleCalendar();
  let importId = "";

  it("previews without touching the calendar: counts, the series kept, the daily event split and why", async () => {
    importId = await createCalendarImport(database, fileBody(TEXT), actorId);
    const found = await getCalendarImportOrThrow(database, importId);
    // 40 Sundays less the one taken out (the cancelled one stays, marked), the concert, 5 days of prayer.
    expect(found).toMatchObject({ status: "ready", name: "Grace Church", source: "file", preview: { events: 3, occurrences: 45, series: 1, created: 45, updated: 0, unchanged: 0, cancelled: 0 } });
    expect(found.preview.split).toEqual([{ title: "Week of Prayer", reason: expect.any(String), occurrences: 5 }]);
    expect(await importedEvents()).toEqual([]);
  });

  it("imports: the Sundays one series at 10:00 local on both sides of the clock change, the moved and cancelled dates as the source has them", async () => {
    expect(await startCalendarImport(database, importId)).toEqual({ created: 45, updated: 0, unchanged: 0, cancelled: 0 });
    const events = await importedEvents();
    const worship = events.filter((event) => event.importKey?.startsWith("sunday-worship@google.com|"));
    expect(worship.map((event) => event.recurrenceDate)).toEqual(sundays.filter((date) => date !== sundays[4]));
    expect(new Set(worship.map((event) => event.seriesId)).size).toBe(1);
    expect(worship.every((event) => event.eventType === "SERVICE")).toBe(true);
    expect(worship.filter((event) => event.startTime !== "10:00").map((event) => [event.recurrenceDate, event.startTime, event.title, event.seriesOverride])).toEqual([[sundays[2], "11:00", "Sunday Worship with baptisms", true]]);
    expect(worship.filter((event) => event.status === "CANCELLED").map((event) => event.recurrenceDate)).toEqual([sundays[6]]);
    const series = await database.prisma.eventSeries.findUniqueOrThrow({ where: { id: worship[0]!.seriesId! }, select: { frequency: true, weekdays: true, startDate: true, startTime: true, timezone: true } });
    expect(series).toEqual({ frequency: "WEEKLY", weekdays: ["SU"], startDate: firstSunday, startTime: "10:00", timezone: "America/New_York" });
    const prayer = events.filter((event) => event.importKey?.startsWith("prayer-week@google.com"));
    expect(prayer.map((event) => [event.startTime, event.seriesId, event.eventType])).toEqual(Array.from({ length: 5 }, () => ["07:00", null, "SPECIAL_EVENT"]));
    // 23:00 UTC is 18:00 or 19:00 in New York, by the date's offset.
    const localConcert = new Intl.DateTimeFormat("en-GB", { timeZone: "America/New_York", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(`${concertDay}T23:00:00Z`));
    expect(events.find((event) => event.importKey === "concert@google.com")).toMatchObject({ title: "Christmas Concert", startDate: concertDay, startTime: localConcert });
  });

  it("our .ics feed expands, in ical.js and in node-ical, to the source's own instances", async () => {
    const feedEvents = await listUpcomingEventsForSubscription(database, {});
    const feed = buildIcsCalendar(feedEvents, { name: "Grace Church events", baseUrl: "http://localhost:3000", series: await loadIcsSeries(database, feedEvents) });
    const titles = new Set(["Sunday Worship", "Sunday Worship with baptisms", "Christmas Concert", "Week of Prayer"]);
    const source = shown(expandWithIcalJs(TEXT), titles);
    expect(source).toHaveLength(45);
    expect(shown(expandWithIcalJs(feed), titles)).toEqual(source);
    expect(shown(expandWithNodeIcal(feed), titles)).toEqual(source);
    // The feed keeps the Sundays a series: one rule, not 39 separate events.
    expect(feed.match(/^RRULE:FREQ=WEEKLY/gm)).toHaveLength(1);
  });

  it("importing the same file again, even uploaded anew, changes nothing and doubles nothing", async () => {
    const again = await createCalendarImport(database, fileBody(TEXT, "grace (1).ics"), actorId);
    expect((await getCalendarImportOrThrow(database, again)).preview).toMatchObject({ created: 0, updated: 0, unchanged: 45, cancelled: 0 });
    expect(await startCalendarImport(database, again)).toEqual({ created: 0, updated: 0, unchanged: 45, cancelled: 0 });
    expect(await importedEvents()).toHaveLength(45);
    expect(await thrownBy(IdentityError, startCalendarImport(database, again))).toMatchObject({ code: "conflict" });
    importId = again;
  });

  it("a newer copy updates what changed and cancels what the source deleted, telling those signed up", async () => {
    const member = await database.prisma.user.create({ data: { email: "pat@grace.example", givenName: "Pat", familyName: "Prayer" }, select: { id: true } });
    const firstPrayer = (await importedEvents()).find((event) => event.importKey?.startsWith("prayer-week@google.com"))!;
    await database.prisma.eventRegistration.create({ data: { eventId: firstPrayer.id, personId: member.id, registeredBy: member.id, status: "registered" } });
    const newer = await createCalendarImport(database, fileBody(googleCalendar({ concertTitle: "Christmas Concert & Carols", withPrayerWeek: false })), actorId);
    expect((await getCalendarImportOrThrow(database, newer)).preview).toMatchObject({ created: 0, updated: 1, unchanged: 39, cancelled: 5 });
    expect(await startCalendarImport(database, newer)).toEqual({ created: 0, updated: 1, unchanged: 39, cancelled: 5 });
    const events = await importedEvents();
    expect(events.find((event) => event.importKey === "concert@google.com")?.title).toBe("Christmas Concert & Carols");
    expect(events.filter((event) => event.importKey?.startsWith("prayer-week@google.com")).map((event) => event.status)).toEqual(Array.from({ length: 5 }, () => "CANCELLED"));
    const notices = await database.query<{ recipient: string }>(`SELECT recipient FROM outbox_message WHERE recipient = 'pat@grace.example'`);
    expect(notices).toHaveLength(1);
  });

  it("refuses what is not a calendar, and changes nothing", async () => {
    const refusal = await thrownBy(IdentityError, createCalendarImport(database, fileBody("Name,Date\nPicnic,2027-06-01\n", "events.csv"), actorId));
    expect(refusal).toMatchObject({ code: "invalid_request", description: "file: This file is not a calendar (.ics) file." });
    expect(await database.prisma.calendarImport.count({ where: { name: "events.csv" } })).toBe(0);
  });
});

describe("a calendar address kept in sync", () => {
  let served = "";
  let server: Server;
  let address = "";
  beforeAll(async () => {
    server = createServer((_request, response) => {
      response.writeHead(200, { "content-type": "text/calendar" });
      response.end(served);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    address = `webcal://127.0.0.1:${(server.address() as AddressInfo).port}/calendar/ical/secret-token/basic.ics`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const uidPrefix = `youth-${Date.now()}`;
  const youthNight = (title: string) =>
    ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Test//EN", "X-WR-CALNAME:Youth", vevent([`DTSTART;TZID=America/New_York:${compact(addDays(today, 10))}T190000`, `DTEND;TZID=America/New_York:${compact(addDays(today, 10))}T210000`, `UID:${uidPrefix}@example.org`, `SUMMARY:${title}`]), "END:VCALENDAR", ""].join("\r\n");

  it("is read through the address (webcal:// read as https://, here http on this machine, allowed by the operator), and never answered back", async () => {
    served = youthNight("Youth Night");
    const id = await createCalendarImport(database, { ...fileBody(""), file_name: undefined, content: undefined, address: address.replace("webcal://", "http://"), keep_in_sync: true }, actorId);
    const found = await getCalendarImportOrThrow(database, id);
    expect(found).toMatchObject({ source: "address", name: "Youth", keep_in_sync: true, address_host: expect.stringMatching(/^127\.0\.0\.1:\d+$/) });
    expect(JSON.stringify(found)).not.toContain("secret-token");
    const row = await database.prisma.calendarImport.findUniqueOrThrow({ where: { id }, select: { addressSealed: true } });
    expect(row.addressSealed).not.toContain("secret-token");
    await startCalendarImport(database, id);

    served = youthNight("Youth Night: Games");
    expect(await syncCalendarImport(database, id)).toEqual({ created: 0, updated: 1, unchanged: 0, cancelled: 0 });
    expect((await database.prisma.event.findUniqueOrThrow({ where: { importKey: `${uidPrefix}@example.org` }, select: { title: true } })).title).toBe("Youth Night: Games");

    // The hourly job skips an address read within the hour, and records a source that stopped answering.
    expect(await syncDueCalendarImports(database)).toMatchObject({ synced: 0 });
    await database.prisma.calendarImport.update({ where: { id }, data: { syncedAt: new Date(Date.now() - 2 * 3_600_000) } });
    served = "<html>moved</html>";
    expect(await syncDueCalendarImports(database)).toMatchObject({ failed: 1 });
    expect(await getCalendarImportOrThrow(database, id)).toMatchObject({ status: "failed", last_error: "file: This file is not a calendar (.ics) file." });
    expect((await database.prisma.event.findUniqueOrThrow({ where: { importKey: `${uidPrefix}@example.org` }, select: { status: true } })).status).toBe("SCHEDULED");

    await setCalendarKeptInSync(database, id, false);
    expect((await getCalendarImportOrThrow(database, id)).keep_in_sync).toBe(false);
  });
});
