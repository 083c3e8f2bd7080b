import { expect, test } from "@playwright/test";
import ICAL from "ical.js";
import { localToInstant } from "../../lib/calendar/event-time.ts";
import { expandWithIcalJs } from "../../lib/calendar/ics-expand.testing.ts";
import { staffWithToken } from "../support/admin.ts";
import { createCheckInCampus, createCheckInEvent, createHousehold } from "../support/check-in.ts";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor, tokensFor } from "../support/oauth-client.ts";

// "My schedule" over HTTP (docs/decisions/0025) against real PostgreSQL: the household's places and waitlist
// and the events for its audiences; a private feed address, made once, read by a calendar app without a
// sign-in and parsed by a real iCalendar parser (ical.js) into exactly the schedule's events; replaced or
// revoked, the old address is an unknown one; an app that is not the church's own is refused.

const SCHEDULE = "/api/v1/users/me/schedule";
const FEED = "/api/v1/users/me/schedule-feed";
const DAY = 24 * 60;
const NOT_FOUND = { error: true, message: "not found", statusCode: 404 };

interface ScheduleEvent {
  eventId: string;
  seriesId?: string;
  title: string;
  startDate: string;
  startTime: string;
  timezone: string;
}

test("the schedule lists the household's places and waitlist and its events; its private feed is the same events, until replaced or revoked", async ({ request }) => {
  const staff = await staffWithToken("schedule-staff");
  const campus = await createCheckInCampus();
  const camp = await createCheckInEvent(campus, { title: "Family camp", startsInMinutes: 9 * DAY, capacity: 2, modes: ["NONE"] });
  const club = await createCheckInEvent(campus, { title: "Kids club", startsInMinutes: 4 * DAY, modes: ["NONE"] });
  const youth = await createCheckInEvent(campus, { title: "Youth night", startsInMinutes: 5 * DAY, modes: ["NONE"] });
  await sql(`UPDATE event SET audience = ARRAY['children', 'families'] WHERE id = $1`, [club.id]);
  await sql(`UPDATE event SET audience = ARRAY['youth'] WHERE id = $1`, [youth.id]);
  expect((await callApi("PUT", `/api/v1/admin/events/${camp.id}/registration`, staff.token, { body: { open: true, waitlist: true } })).status).toBe(200);

  const { mum, kids } = await createHousehold("schedule", 2);
  const token = (await portalTokensFor(mum)).access_token;
  const signed = await callApi("POST", `/api/v1/users/me/events/${camp.id}/registration`, token, { body: { person_ids: [mum.id, kids[0]!.id, kids[1]!.id] } });
  expect(signed.status, JSON.stringify(signed.body)).toBe(201);

  const schedule = await callApi("GET", SCHEDULE, token);
  expect(schedule.status, JSON.stringify(schedule.body)).toBe(200);
  expect(schedule.body.registered.map(({ event, registrations }: { event: ScheduleEvent; registrations: { given_name: string; status: string; waitlist_position: number | null }[] }) => [event.eventId, registrations.map((r) => [r.given_name, r.status, r.waitlist_position])])).toEqual([
    [camp.id, [[mum.givenName, "registered", null], ["Kid1", "registered", null], ["Kid2", "waitlisted", 1]]],
  ]);
  // Two six-year-olds: families and children; no teenager, so no youth events.
  expect(schedule.body.audiences).toEqual([
    { audience: "families", given_names: ["Kid1", "Kid2"] },
    { audience: "children", given_names: ["Kid1", "Kid2"] },
  ]);
  const suggested = schedule.body.suggested as { event: ScheduleEvent; audiences: string[] }[];
  expect(suggested.find(({ event }) => event.eventId === club.id)?.audiences).toEqual(["children", "families"]);
  expect(suggested.some(({ event }) => event.eventId === youth.id || event.eventId === camp.id)).toBe(false);

  // The feed: none yet; made once (its address answered this once), then only its status.
  expect(await callApi("GET", FEED, token)).toMatchObject({ status: 200, body: { feed: null } });
  const made = await callApi("POST", FEED, token);
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  expect(made.body).toEqual({
    feed: { id: expect.any(String), created_at: expect.any(String), last_used_at: null },
    url: expect.stringMatching(/^https?:\/\/[^/]+\/api\/calendar\/mine\/[A-Za-z0-9_-]{43}\.ics$/),
    webcal_url: expect.stringMatching(/^webcal:\/\/[^/]+\/api\/calendar\/mine\/[A-Za-z0-9_-]{43}\.ics$/),
  });
  const path = new URL(made.body.url).pathname;
  expect(JSON.stringify(await sql(`SELECT * FROM calendar_feed_token WHERE user_id = $1`, [mum.id]))).not.toContain(path.split("/").at(-1)!.replace(/\.ics$/, ""));

  // A calendar app reads it without any cookie or token; nothing caches it.
  const feed = await request.get(path, { headers: { Cookie: "" } });
  expect(feed.status()).toBe(200);
  expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
  expect(feed.headers()["cache-control"]).toBe("private, no-store");
  expect(feed.headers()["access-control-allow-origin"]).toBeUndefined();
  const text = await feed.text();
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const vevents = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const expected = [...schedule.body.registered.map(({ event }: { event: ScheduleEvent }) => event), ...suggested.map(({ event }) => event)] as ScheduleEvent[];
  const host = new URL(made.body.url).hostname;
  // Exactly the schedule's events at their instants: each one a VEVENT of its own (UID its id), or an occurrence
  // of a recurring series' RRULE (UID the series' id; docs/decisions/0026), expanded by ical.js.
  const instances = expandWithIcalJs(text).map((instance) => ({ uid: instance.key.split("|")[0]!, start: instance.start }));
  const written = new Set(instances.map((instance) => instance.uid));
  const uidOf = (event: ScheduleEvent) => (written.has(`${event.eventId}@${host}`) || !event.seriesId ? `${event.eventId}@${host}` : `${event.seriesId}@${host}`);
  expect(instances.map((instance) => `${instance.uid} ${instance.start}`).sort()).toEqual(
    expected.map((event) => `${uidOf(event)} ${localToInstant(event.startDate, event.startTime, event.timezone).getTime()}`).sort(),
  );
  expect(vevents.find((v) => v.uid.startsWith(camp.id))?.summary).toBe(`Family camp (${mum.givenName}, Kid1; Kid2 on the waitlist, number 1)`);
  expect((await callApi("GET", FEED, token)).body.feed.last_used_at).toEqual(expect.any(String));
  ICAL.TimezoneService.reset();

  // Replaced: the old address answers as an unknown one; the new one works. Revoked: so does the new one.
  const replaced = await callApi("POST", FEED, token);
  expect(replaced.status).toBe(201);
  const old = await request.get(path);
  expect(old.status()).toBe(404);
  expect(await old.json()).toEqual(NOT_FOUND);
  expect(old.headers()["cache-control"]).toBe("private, no-store");
  expect((await request.get(new URL(replaced.body.url).pathname)).status()).toBe(200);
  expect(await callApi("DELETE", FEED, token)).toMatchObject({ status: 200, body: { feed: null } });
  const revoked = await request.get(new URL(replaced.body.url).pathname);
  expect(revoked.status()).toBe(404);
  expect(await revoked.json()).toEqual(NOT_FOUND);
  expect(await callApi("DELETE", FEED, token)).toMatchObject({ status: 404, body: { error: "not_found", error_description: "schedule feed not found" } });
  expect(await sql(`SELECT count(*)::int AS n FROM calendar_feed_token WHERE user_id = $1 AND revoked_at IS NULL`, [mum.id])).toEqual([{ n: 0 }]);

  // Six made at once (tabs, a double tap): each answered, one left live, the last made.
  const many = await Promise.all(Array.from({ length: 6 }, () => callApi("POST", FEED, token)));
  expect(many.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
  const live = await sql<{ id: string }>(`SELECT id::text AS id FROM calendar_feed_token WHERE user_id = $1 AND revoked_at IS NULL`, [mum.id]);
  expect(live).toHaveLength(1);
  expect(many.map((answer) => answer.body.feed.id)).toContain(live[0]!.id);
  expect((await callApi("GET", FEED, token)).body.feed.id).toBe(live[0]!.id);
});

test("unknown and malformed feed addresses answer 404 alike; other methods 405; an app that is not the church's own is refused", async ({ request }) => {
  for (const path of [`/api/calendar/mine/${"A".repeat(43)}.ics`, "/api/calendar/mine/short.ics", `/api/calendar/mine/${"A".repeat(43)}`, "/api/calendar/mine/%00.ics"]) {
    const answer = await request.get(path);
    expect(answer.status(), path).toBe(404);
    expect(await answer.json()).toEqual(NOT_FOUND);
  }
  const posted = await request.post(`/api/calendar/mine/${"A".repeat(43)}.ics`);
  expect(posted.status()).toBe(405);
  expect(await posted.json()).toMatchObject({ error: true, statusCode: 405 });

  const app = await tokensFor(await createTestMember("schedule-app"));
  for (const [method, path] of [["GET", SCHEDULE], ["GET", FEED], ["POST", FEED], ["DELETE", FEED]] as const) {
    expect(await callApi(method, path, app.access_token), `${method} ${path}`).toMatchObject({ status: 403, body: { error: "forbidden", error_description: "missing scope account:calendar" } });
  }
  expect(await callApi("GET", SCHEDULE, "not-a-token")).toMatchObject({ status: 401, body: { error: "invalid_token" } });
});
