import { expect, test, type APIRequestContext } from "@playwright/test";
import { createCampus, eventBody, staffWithToken, uniqueWord } from "../support/admin.ts";
import { readWholeFeed } from "../support/calendar-client.ts";
import { api, callFromOwnIp, invalidRequest, notFound } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { ISSUER } from "../support/oauth-client.ts";
import { localToInstant } from "../../lib/calendar/event-time.ts";
import { expandWithIcalJs, expandWithNodeIcal, type ExpandedInstance } from "../../lib/calendar/ics-expand.testing.ts";
import type { CalendarEvent } from "../support/calendar-contract.ts";

/**
 * Recurring series through the staff API (docs/decisions/0026): created with their occurrences, one edited on
 * its own, one cancelled, all edited; and the served iCalendar feeds, read back by ical.js and node-ical,
 * expand to exactly the JSON feed's events (start and end instants, ids through UID + RECURRENCE-ID, titles,
 * cancellations), across the spring (weekly, New York, February to April 2027) and autumn (monthly, over
 * 7 November 2027) DST changes.
 */
callFromOwnIp();

/** What this spec reads of a series' answer (its own copy: the spec does not take the shape from lib/). */
interface AdminSeries {
  id: string;
  title: string;
  repeat: { frequency: string; interval: number; weekdays: string[]; monthWeek?: number; until?: string; count?: number } | null;
  summary: string | null;
  startDate: string | null;
  startTime: string | null;
  endTime: string | null;
  endDayOffset: number;
  timezone: string | null;
  occurrences: { eventId: string; slug: string; recurrenceDate: string | null; startDate: string; startTime: string; endDate: string; endTime: string; status: string; override: boolean }[];
}

const BASE = "/api/v1/admin/series";
const HOST = new URL(ISSUER).hostname;

let token: string;
test.beforeAll(async () => {
  ({ token } = await staffWithToken("adm-series"));
});

async function createSeries(body: Record<string, unknown>): Promise<AdminSeries> {
  const created = await api("POST", BASE, token, { body });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body as AdminSeries;
}

async function readSeries(id: string): Promise<AdminSeries> {
  const answer = await api("GET", `${BASE}/${id}`, token);
  expect(answer.status).toBe(200);
  return answer.body as AdminSeries;
}

/** The JSON events in the expanded shape: an occurrence on its rule date is `<seriesId>@host|<rule instant>`. */
function expectedFrom(events: CalendarEvent[], series: AdminSeries[]): ExpandedInstance[] {
  const dates = new Map<string, { series: AdminSeries; date: string }>();
  for (const one of series) for (const occurrence of one.occurrences) if (occurrence.recurrenceDate) dates.set(occurrence.eventId, { series: one, date: occurrence.recurrenceDate });
  return events
    .map((event) => {
      const slot = dates.get(event.eventId);
      const key = slot ? `${slot.series.id}@${HOST}|${localToInstant(slot.date, slot.series.startTime!, slot.series.timezone!).getTime()}` : `${event.eventId}@${HOST}|`;
      return {
        key,
        start: localToInstant(event.startDate, event.startTime, event.timezone).getTime(),
        end: localToInstant(event.endDate, event.endTime, event.timezone).getTime(),
        summary: event.title,
        status: event.status === "CANCELLED" ? "CANCELLED" : "CONFIRMED",
      };
    })
    .sort((a, b) => a.start - b.start || (a.key < b.key ? -1 : 1));
}

async function servedIcs(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  return response.text();
}

async function expectFeedAndIcsAgree(request: APIRequestContext, campusId: string, series: AdminSeries[], count: number) {
  const { events } = await readWholeFeed(request, { campusId, limit: 100 });
  expect(events).toHaveLength(count);
  const want = expectedFrom(events, series);
  const ics = await servedIcs(request, `/api/calendar/events/upcoming.ics?campusId=${campusId}`);
  expect(expandWithIcalJs(ics)).toEqual(want);
  expect(expandWithNodeIcal(ics)).toEqual(want);
  // Same input, same bytes.
  expect(await servedIcs(request, `/api/calendar/events/upcoming.ics?campusId=${campusId}`)).toBe(ics);
  return { events, ics, want };
}

function unfoldedEventLines(ics: string): string[] {
  return ics
    .replace(/\r\n[ \t]/g, "")
    .replace(/BEGIN:VTIMEZONE[\s\S]*?END:VTIMEZONE\r\n/g, "")
    .split("\r\n");
}

test("weekly across the spring DST change: create, publish, edit one, cancel one, edit all; the feed, the .ics feed and an occurrence's .ics agree", async ({ request }) => {
  const campus = await createCampus(token, undefined, "America/New_York");
  const title = `Bible study ${uniqueWord()}`;
  const series = await createSeries({
    ...eventBody({ title, eventType: "LIFE_GROUP", startDate: "2027-02-01", endDate: "2027-02-01", startTime: "10:00", endTime: "11:30", campusId: campus.id }),
    repeat: { frequency: "WEEKLY", weekdays: ["SU"], count: 10 },
  });
  expect(series).toMatchObject({ title, repeat: { frequency: "WEEKLY", interval: 1, weekdays: ["SU"], count: 10 }, summary: "Weekly on Sunday, 10 times", startDate: "2027-02-07", startTime: "10:00", endTime: "11:30", endDayOffset: 0, timezone: "America/New_York" });
  const dates = ["2027-02-07", "2027-02-14", "2027-02-21", "2027-02-28", "2027-03-07", "2027-03-14", "2027-03-21", "2027-03-28", "2027-04-04", "2027-04-11"];
  expect(series.occurrences.map((o) => [o.recurrenceDate, o.startDate, o.startTime, o.status, o.override])).toEqual(dates.map((date) => [date, date, "10:00", "DRAFT", false]));
  // 10:00 in New York is 15:00Z before 14 March 2027 and 14:00Z after.
  const rows = await sql<{ start_at: Date }>(`SELECT start_at FROM event WHERE series_id = $1 ORDER BY start_at`, [series.id]);
  expect([rows[0]!.start_at.toISOString(), rows.at(-1)!.start_at.toISOString()]).toEqual(["2027-02-07T15:00:00.000Z", "2027-04-11T14:00:00.000Z"]);
  // Drafts are not public.
  expect((await readWholeFeed(request, { campusId: campus.id })).events).toHaveLength(0);

  const published = await api("POST", `${BASE}/${series.id}/publish`, token);
  expect(published.status).toBe(200);
  expect((published.body as AdminSeries).occurrences.every((o) => o.status === "SCHEDULED")).toBe(true);
  const ids = series.occurrences.map((o) => o.eventId);
  const byDate = new Map(series.occurrences.map((o) => [o.recurrenceDate!, o.eventId]));

  // Edit one (the DST day), cancel one.
  const edited = await api("PATCH", `/api/v1/admin/events/${byDate.get("2027-03-14")}`, token, { body: { title: `${title}: guest speaker` } });
  expect(edited.status).toBe(200);
  expect((await api("POST", `/api/v1/admin/events/${byDate.get("2027-03-28")}/cancel`, token)).status).toBe(200);
  let now = await readSeries(series.id);
  expect(now.occurrences.filter((o) => o.override).map((o) => o.recurrenceDate)).toEqual(["2027-03-14"]);

  // Edit all: a new time and description; the occurrence edited on its own keeps its own; ids stay.
  const all = await api("PATCH", `${BASE}/${series.id}`, token, { body: { startTime: "09:30", endTime: "11:00", description: "<p>Room 4 from now on.</p>" } });
  expect(all.status, JSON.stringify(all.body)).toBe(200);
  now = all.body as AdminSeries;
  expect(now.occurrences.map((o) => o.eventId)).toEqual(ids);
  expect(now.occurrences.map((o) => [o.recurrenceDate, o.startTime, o.endTime, o.status])).toEqual(
    dates.map((date) => [date, date === "2027-03-14" ? "10:00" : "09:30", date === "2027-03-14" ? "11:30" : "11:00", date === "2027-03-28" ? "CANCELLED" : "SCHEDULED"]),
  );
  const [renamed] = await sql<{ title: string; description: string }>(`SELECT title, description FROM event WHERE id = $1`, [byDate.get("2027-03-14")]);
  expect(renamed).toEqual({ title: `${title}: guest speaker`, description: "<p>Bring a dish to share.</p>" });

  const { ics, want } = await expectFeedAndIcsAgree(request, campus.id, [now], 10);
  const lines = unfoldedEventLines(ics);
  expect(lines.filter((line) => line.startsWith("RRULE:"))).toEqual(["RRULE:FREQ=WEEKLY;BYDAY=SU;UNTIL=20270411T133000Z"]);
  expect(lines.filter((line) => line.startsWith("RECURRENCE-ID"))).toEqual(["RECURRENCE-ID;TZID=America/New_York:20270314T093000", "RECURRENCE-ID;TZID=America/New_York:20270328T093000"]);
  expect(want.filter((instance) => instance.status === "CANCELLED")).toHaveLength(1);

  // An occurrence's own .ics ("Add to Apple") is that one date, as the page's Google and Outlook links are.
  const occurrenceId = byDate.get("2027-02-14")!;
  const single = await servedIcs(request, `/api/calendar/events/${occurrenceId}/calendar.ics`);
  const ruleKey = `${now.id}@${HOST}|${localToInstant("2027-02-14", now.startTime!, now.timezone!).getTime()}`;
  const date = want.find((instance) => instance.key === ruleKey)!;
  expect(date).toBeDefined();
  expect(expandWithIcalJs(single)).toEqual([{ ...date, key: `${occurrenceId}@${HOST}|` }]);
  expect(expandWithNodeIcal(single)).toEqual([{ ...date, key: `${occurrenceId}@${HOST}|` }]);
  expect(unfoldedEventLines(single).filter((line) => /^(RRULE|EXDATE|RECURRENCE-ID)/.test(line))).toEqual([]);
});

test("monthly across the autumn DST change; edit all to a shorter rule and another weekday: dates that drop out are cancelled (published) and leave the rule, new ones are added", async ({ request }) => {
  const campus = await createCampus(token, undefined, "America/New_York");
  const title = `Communion ${uniqueWord()}`;
  const series = await createSeries({
    ...eventBody({ title, eventType: "SERVICE", startDate: "2027-09-01", endDate: "2027-09-01", startTime: "09:00", endTime: "10:15", campusId: campus.id }),
    repeat: { frequency: "MONTHLY", weekdays: ["SU"], monthWeek: 1, until: "2028-01-31" },
  });
  expect(series.summary).toBe("Monthly on the first Sunday, until 31 January 2028");
  expect(series.occurrences.map((o) => o.recurrenceDate)).toEqual(["2027-09-05", "2027-10-03", "2027-11-07", "2027-12-05", "2028-01-02"]);
  await api("POST", `${BASE}/${series.id}/publish`, token);
  await expectFeedAndIcsAgree(request, campus.id, [await readSeries(series.id)], 5);

  const ids = new Map(series.occurrences.map((o) => [o.recurrenceDate!, o.eventId]));
  const changed = await api("PATCH", `${BASE}/${series.id}`, token, { body: { repeat: { frequency: "MONTHLY", weekdays: ["SU"], monthWeek: 1, until: "2027-11-30" } } });
  expect(changed.status, JSON.stringify(changed.body)).toBe(200);
  const after = changed.body as AdminSeries;
  expect(after.summary).toBe("Monthly on the first Sunday, until 30 November 2027");
  expect(after.occurrences.map((o) => [o.eventId, o.recurrenceDate, o.status])).toEqual([
    [ids.get("2027-09-05"), "2027-09-05", "SCHEDULED"],
    [ids.get("2027-10-03"), "2027-10-03", "SCHEDULED"],
    [ids.get("2027-11-07"), "2027-11-07", "SCHEDULED"],
    [ids.get("2027-12-05"), null, "CANCELLED"],
    [ids.get("2028-01-02"), null, "CANCELLED"],
  ]);
  await expectFeedAndIcsAgree(request, campus.id, [after], 5);

  // A weekly rule on Sundays and Wednesdays from 1 November: the first Sundays still on it keep their ids, the rest are new and published.
  const weekly = await api("PATCH", `${BASE}/${series.id}`, token, { body: { startDate: "2027-11-01", repeat: { frequency: "WEEKLY", interval: 2, weekdays: ["WE", "SU"], until: "2027-11-30" } } });
  expect(weekly.status, JSON.stringify(weekly.body)).toBe(200);
  const third = weekly.body as AdminSeries;
  expect(third.summary).toBe("Every 2 weeks on Wednesday and Sunday, until 30 November 2027");
  expect(third.occurrences.filter((o) => o.recurrenceDate).map((o) => [o.recurrenceDate, o.status])).toEqual([
    ["2027-11-03", "SCHEDULED"],
    ["2027-11-07", "SCHEDULED"],
    ["2027-11-17", "SCHEDULED"],
    ["2027-11-21", "SCHEDULED"],
  ]);
  expect(third.occurrences.find((o) => o.recurrenceDate === "2027-11-07")!.eventId).toBe(ids.get("2027-11-07"));
  // September and October fell off the rule: published, so cancelled, not deleted.
  expect(third.occurrences.filter((o) => o.status === "CANCELLED").map((o) => o.eventId).sort()).toEqual([ids.get("2027-09-05"), ids.get("2027-10-03"), ids.get("2027-12-05"), ids.get("2028-01-02")].sort());
  await expectFeedAndIcsAgree(request, campus.id, [third], 8);
});

test("bad input is refused in words and changes nothing; unknown series are not_found", async () => {
  const title = `Prayer ${uniqueWord()}`;
  const good = { ...eventBody({ title, startDate: "2027-05-03", endDate: "2027-05-03", startTime: "07:00", endTime: "07:45" }), repeat: { frequency: "WEEKLY", weekdays: ["MO"], count: 4 } };
  const cases: [string, Record<string, unknown>, string][] = [
    ["no end", { ...good, repeat: { frequency: "WEEKLY", weekdays: ["MO"] } }, "repeat.until: give either until (a date) or count (a number of occurrences), not both"],
    ["both ends", { ...good, repeat: { frequency: "WEEKLY", weekdays: ["MO"], count: 3, until: "2027-06-01" } }, "repeat.until: give either until (a date) or count (a number of occurrences), not both"],
    ["too many dates", { ...good, repeat: { frequency: "WEEKLY", weekdays: ["MO", "TH"], until: "2029-12-31" } }, "repeat: a series may have at most 200 dates; end it sooner or repeat less often"],
    ["a count over the cap", { ...good, repeat: { frequency: "WEEKLY", weekdays: ["MO"], count: 201 } }, "repeat.count: must be a whole number from 1 to 200"],
    ["monthly without its week", { ...good, repeat: { frequency: "MONTHLY", weekdays: ["SU"], count: 3 } }, "repeat.monthWeek: a MONTHLY series needs monthWeek (1 to 4, or -1 for the last)"],
    ["monthly on two days", { ...good, repeat: { frequency: "MONTHLY", weekdays: ["SU", "MO"], monthWeek: 2, count: 3 } }, "repeat.weekdays: a MONTHLY series repeats on exactly one weekday"],
    ["a fifth week", { ...good, repeat: { frequency: "MONTHLY", weekdays: ["SU"], monthWeek: 5, count: 3 } }, "repeat.monthWeek: must be 1, 2, 3, 4 or -1 (the last)"],
    ["an unknown weekday", { ...good, repeat: { frequency: "WEEKLY", weekdays: ["XX"], count: 3 } }, "repeat.weekdays.0: each must be one of MO, TU, WE, TH, FR, SA, SU"],
    ["a weekday twice", { ...good, repeat: { frequency: "WEEKLY", weekdays: ["MO", "MO"], count: 3 } }, "repeat.weekdays: must name each weekday at most once"],
    ["no date before until", { ...good, repeat: { frequency: "WEEKLY", weekdays: ["MO"], until: "2027-05-01" } }, "repeat: the rule gives no date on or after startDate (before until)"],
    ["a slug (each date has its own)", { ...good, slug: "prayer-series" }, 'Unrecognized key: "slug"'],
    ["an end before the start", { ...good, endTime: "06:00" }, "endDate: an event cannot end before it starts"],
  ];
  for (const [label, body, description] of cases) {
    const answer = await api("POST", BASE, token, { body });
    expect(answer.status, label).toBe(400);
    expect(answer.body, label).toEqual(invalidRequest(description));
  }
  const [{ count }] = (await sql<{ count: string }>(`SELECT count(*)::text AS count FROM event WHERE title = $1`, [title])) as [{ count: string }];
  expect(count).toBe("0");

  // A bad edit-all changes nothing either.
  const series = await createSeries(good);
  const before = await readSeries(series.id);
  for (const [label, body, description] of [
    ["empty", {}, "the body must change at least one field"],
    ["too many dates", { repeat: { frequency: "WEEKLY", weekdays: ["MO", "TU"], until: "2030-01-01" } }, "repeat: a series may have at most 200 dates; end it sooner or repeat less often"],
    ["an end before the start", { endTime: "06:30" }, "endDate: an event cannot end before it starts"],
    ["a slug", { slug: "x-y-z" }, 'Unrecognized key: "slug"'],
  ] as [string, Record<string, unknown>, string][]) {
    const answer = await api("PATCH", `${BASE}/${series.id}`, token, { body });
    expect(answer.status, label).toBe(400);
    expect(answer.body, label).toEqual(invalidRequest(description));
  }
  expect(await readSeries(series.id)).toEqual(before);

  for (const [method, path] of [["GET", `${BASE}/ser_doesnotexist`], ["PATCH", `${BASE}/ser_doesnotexist`], ["POST", `${BASE}/ser_doesnotexist/publish`], ["GET", `${BASE}/evt_notaseries`]] as const) {
    const answer = await api(method, path, token, { body: method === "PATCH" ? { title: "Renamed" } : undefined });
    expect(answer.status, path).toBe(404);
    expect(answer.body, path).toEqual(notFound("series"));
  }
});

test("the series list: each series with its rule in words, its dates and drafts counted, and its next date; searched, sorted and paged", async () => {
  const word = uniqueWord();
  const start = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  const weekly = await createSeries({ ...eventBody({ title: `Bible study ${word}`, startDate: start, endDate: start, startTime: "19:00", endTime: "20:30" }), repeat: { frequency: "WEEKLY", interval: 2, weekdays: ["TU"], count: 6 } });
  const monthly = await createSeries({ ...eventBody({ title: `Elders meeting ${word}`, startDate: start, endDate: start, startTime: "18:00", endTime: "19:00" }), repeat: { frequency: "MONTHLY", weekdays: ["TH"], monthWeek: -1, count: 3 } });
  expect((await api("POST", `${BASE}/${monthly.id}/publish`, token)).status).toBe(200);

  const list = await api("GET", `${BASE}?q=${encodeURIComponent(word)}`, token);
  expect(list.status).toBe(200);
  expect(list.body.metadata).toEqual({ total: 2, page: 1, per: 20 });
  const first = (series: AdminSeries) => series.occurrences[0]!;
  // By title: "Bible study" before "Elders meeting".
  expect(list.body.items).toEqual([
    {
      id: weekly.id,
      title: weekly.title,
      summary: "Every 2 weeks on Tuesday, 6 times",
      timezone: "America/New_York",
      eventCount: 6,
      draftCount: 6,
      nextOccurrence: { eventId: first(weekly).eventId, startDate: first(weekly).startDate, startTime: "19:00", status: "DRAFT" },
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/),
    },
    {
      id: monthly.id,
      title: monthly.title,
      summary: "Monthly on the last Thursday, 3 times",
      timezone: "America/New_York",
      eventCount: 3,
      draftCount: 0,
      nextOccurrence: { eventId: first(monthly).eventId, startDate: first(monthly).startDate, startTime: "18:00", status: "SCHEDULED" },
      createdAt: expect.any(String),
    },
  ]);

  const reversed = await api("GET", `${BASE}?q=${encodeURIComponent(word)}&sort=-title&per=1&page=2`, token);
  expect(reversed.body).toMatchObject({ metadata: { total: 2, page: 2, per: 1 }, items: [{ id: weekly.id }] });
  for (const [query, description] of [
    ["sort=startAt", "sort: must be one of title, -title, createdAt, -createdAt"],
    ["per=0", "per: must be a whole number from 1 to 100"],
  ] as const) {
    const refused = await api("GET", `${BASE}?${query}`, token);
    expect(refused.status, query).toBe(400);
    expect(refused.body, query).toEqual(invalidRequest(description));
  }
});
