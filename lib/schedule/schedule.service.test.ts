import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { insertCampus, insertEvent } from "../check-in/test-setup.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { EXPORT_SECTIONS } from "../privacy/export-sections.ts";
import { registerPeople } from "../registrations/register-people.ts";
import { setRegistrationSettings } from "../registrations/set-registration-settings.ts";
import { getMySchedule } from "./get-my-schedule.ts";
import { ageOn, householdAudiences } from "./household-audiences.ts";
import { getScheduleFeed, issueScheduleFeed, resolveScheduleFeed, revokeScheduleFeed, showScheduleFeed } from "./schedule-feed.ts";
import { buildScheduleIcs } from "./schedule-ics.ts";

// "My schedule" (docs/decisions/0025) on a database with every migration.
const database = serviceTestDatabase();
const DAY = 24 * 60 * 60_000;
const CALENDAR_URL = "https://church.example/api/calendar";

/** `years` ago from today, as a YYYY-MM-DD birth date (a day later, so the birthday has not quite come round). */
function bornYearsAgo(years: number): string {
  const date = new Date(Date.now() + DAY);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return date.toISOString().slice(0, 10);
}

/** An adult, a teen (14), a child (6 and three quarters… ) and a child without a birth date; and a stranger. */
async function household() {
  const family = await database.prisma.family.create({ data: { name: "The Okafors", codeHash: `h-${crypto.randomUUID()}`, codeEncrypted: "x", codeExpiresAt: new Date() }, select: { id: true } });
  const [mum, theo, chloe, dan] = await Promise.all([
    insertMember(database, { givenName: "Ngozi" }),
    insertMember(database, { givenName: "Theo", birthDate: bornYearsAgo(15) }),
    insertMember(database, { givenName: "Chloe", email: null, password: false, birthDate: bornYearsAgo(7) }),
    insertMember(database, { givenName: "Dan", email: null, password: false }),
  ]);
  await database.prisma.familyMember.createMany({
    data: [
      { familyId: family.id, userId: mum.id, role: "adult" },
      { familyId: family.id, userId: theo.id, role: "child" },
      { familyId: family.id, userId: chloe.id, role: "child" },
      { familyId: family.id, userId: dan.id, role: "child" },
    ],
  });
  return { mum: mum.id, theo: theo.id, chloe: chloe.id, dan: dan.id };
}

async function event(title: string, fields: { audience?: string[]; visibility?: string; status?: string; inDays?: number; capacity?: number | null; signUp?: boolean } = {}) {
  const id = await insertEvent(database, { campusId: await insertCampus(database), startAt: new Date(Date.now() + (fields.inDays ?? 7) * DAY), capacity: fields.capacity ?? null, title });
  await database.query(`UPDATE event SET audience = $2::text[], visibility = $3::"EventVisibility", status = $4::"EventStatus" WHERE id = $1`, [id, fields.audience ?? [], fields.visibility ?? "public", fields.status ?? "SCHEDULED"]);
  if (fields.signUp) await setRegistrationSettings(database, id, { open: true, opens_at: null, closes_at: null, waitlist: true });
  return id;
}

describe("the household's audiences", () => {
  it("counts ages in whole years on the day, and matches only what the household's facts show", () => {
    expect(ageOn("2015-06-10", "2026-06-09")).toBe(10);
    expect(ageOn("2015-06-10", "2026-06-10")).toBe(11);
    expect(ageOn("2008-02-29", "2026-02-28")).toBe(17);
    expect(ageOn(null, "2026-01-01")).toBeNull();
    expect(ageOn("not a date", "2026-01-01")).toBeNull();
    expect(ageOn("2030-01-01", "2026-01-01")).toBeNull();

    const today = "2026-11-26";
    expect(householdAudiences([{ given_name: "Sol", relation: "self", birth_date: "1990-01-01" }], today)).toEqual([]);
    expect(
      householdAudiences(
        [
          { given_name: "Gina", relation: "self", birth_date: null },
          { given_name: "Theo", relation: "child", birth_date: "2009-11-27" }, // 16 today, 17 tomorrow
          { given_name: "Sam", relation: "dependant", birth_date: "2008-11-26" }, // 18 today: not youth
          { given_name: "Chloe", relation: "child", birth_date: "2015-11-27" }, // 10 today
          { given_name: "Dan", relation: "child", birth_date: null },
        ],
        today,
      ),
    ).toEqual([
      { audience: "families", given_names: ["Theo", "Sam", "Chloe", "Dan"] },
      { audience: "children", given_names: ["Chloe"] },
      { audience: "youth", given_names: ["Theo"] },
    ]);
  });
});

describe("my schedule", () => {
  it("lists the household's places and waitlist, then the upcoming events for its audiences that nobody signed up for", async () => {
    const { mum, theo, chloe } = await household();
    const stranger = await insertMember(database, { givenName: "Sol" });
    const camp = await event("Family camp", { capacity: 1, signUp: true, inDays: 10, audience: ["families"] });
    const youthNight = await event("Youth night", { audience: ["youth", "students"], inDays: 3 });
    const kidsClub = await event("Kids club", { audience: ["children"], visibility: "members", inDays: 5 });
    const youthTrip = await event("Youth trip", { audience: ["youth"], signUp: true, inDays: 20 });
    await event("Seniors lunch", { audience: ["seniors"], inDays: 4 });
    await event("Youth draft", { audience: ["youth"], status: "DRAFT", inDays: 4 });
    await event("Youth leaders", { audience: ["youth"], visibility: "private", inDays: 4 });
    await event("Youth last week", { audience: ["youth"], inDays: -7 });
    await event("Youth weekend", { audience: ["youth"], inDays: 15 });
    await event("Members meeting", { audience: ["members", "adults"], inDays: 2 });

    await registerPeople(database, mum, camp, [mum, chloe]);
    await registerPeople(database, theo, youthTrip, [theo]);
    // Someone else's sign-up is not the household's, and does not hide the event from it.
    const other = await event("Kids disco", { audience: ["children"], signUp: true, inDays: 6 });
    await registerPeople(database, stranger.id, other, [stranger.id]);

    const schedule = await getMySchedule(database, mum);
    expect(schedule.registered.map(({ event: e, registrations }) => [e.eventId, registrations.map((r) => [r.given_name, r.status, r.waitlist_position])])).toEqual([
      [camp, [["Ngozi", "registered", null], ["Chloe", "waitlisted", 1]]],
      [youthTrip, [["Theo", "registered", null]]],
    ]);
    expect(schedule.audiences.map((a) => [a.audience, a.given_names])).toEqual([["families", ["Chloe", "Dan", "Theo"]], ["children", ["Chloe"]], ["youth", ["Theo"]]]);
    const mine = schedule.suggested.filter(({ event: e }) => [youthNight, kidsClub, other].includes(e.eventId) || e.title.startsWith("Youth") || e.title.startsWith("Seniors") || e.title.startsWith("Members"));
    expect(mine.map(({ event: e, audiences }) => [e.title, audiences])).toEqual([["Youth night", ["youth"]], ["Kids club", ["children"]], ["Kids disco", ["children"]]]);
    expect(schedule.suggested.find(({ event: e }) => e.eventId === kidsClub)?.event.visibility).toBe("members");

    // A member alone matches no audience: their sign-ups only.
    const alone = await getMySchedule(database, stranger.id);
    expect(alone.audiences).toEqual([]);
    expect(alone.registered.map(({ event: e }) => e.eventId)).toEqual([other]);
    expect(alone.suggested).toEqual([]);
  });

  it("gives one live feed address, shown once and kept as a hash; replacing or revoking it stops the old one at once", async () => {
    const { mum } = await household();
    expect(await getScheduleFeed(database, mum)).toEqual({ feed: null });
    const first = await issueScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT);
    const token = /^https:\/\/church\.example\/api\/calendar\/mine\/([A-Za-z0-9_-]{43})\.ics$/.exec(first.url)?.[1];
    expect(token).toBeDefined();
    expect(first.webcal_url).toBe(first.url.replace(/^https:/, "webcal:"));
    expect(await resolveScheduleFeed(database, token!)).toBe(mum);
    const status = await getScheduleFeed(database, mum);
    expect(status.feed).toMatchObject({ id: first.feed.id });
    expect(status.feed?.last_used_at).not.toBeNull();
    expect(JSON.stringify(await database.query(`SELECT * FROM calendar_feed_token WHERE user_id = $1`, [mum]))).not.toContain(token);

    const second = await issueScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT);
    const secondToken = second.url.split("/").at(-1)!.replace(/\.ics$/, "");
    expect(await resolveScheduleFeed(database, token!)).toBeNull();
    expect(await resolveScheduleFeed(database, secondToken)).toBe(mum);
    expect((await getScheduleFeed(database, mum)).feed?.id).toBe(second.feed.id);
    // A second live row for the member is refused by the database itself.
    expect(await failure(database.query(`INSERT INTO calendar_feed_token (user_id, token_hash) VALUES ($1, 'x')`, [mum]))).toBeDefined();

    expect(await revokeScheduleFeed(database, mum, TEST_CONTEXT)).toEqual({ feed: null });
    expect(await resolveScheduleFeed(database, secondToken)).toBeNull();
    expect((await failure(revokeScheduleFeed(database, mum, TEST_CONTEXT)))?.code).toBe("not_found");
    for (const hostile of ["", "x", `${secondToken}x`, "../../etc/passwd", "a".repeat(43)]) expect(await resolveScheduleFeed(database, hostile)).toBeNull();
    // The security log: each make and the revocation (compared as a set: securityEventsOf orders by random ids).
    const logged = (await securityEventsOf(database, mum)).map((e) => [e.type, (e.detail as { replaced?: boolean }).replaced ?? null]);
    expect(logged.sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1))).toEqual([
      ["schedule_feed_issued", false],
      ["schedule_feed_issued", true],
      ["schedule_feed_revoked", null],
    ]);

    // The privacy export lists the feeds by their dates, never an address or a hash.
    const exported = await EXPORT_SECTIONS.calendar_feeds(database, { userId: mum, email: null, phone: null });
    expect(exported.map((feed) => [feed.id, feed.revoked_at !== null])).toEqual([[first.feed.id, true], [second.feed.id, true]]);
    expect(Object.keys(exported[0]!)).toEqual(["id", "created_at", "revoked_at", "last_used_at"]);

    // A disabled member's feed answers as an unknown one.
    const third = await issueScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT);
    await database.query(`UPDATE account SET disabled_at = now() WHERE id = $1`, [mum]);
    expect(await resolveScheduleFeed(database, third.url.split("/").at(-1)!.replace(/\.ics$/, ""))).toBeNull();
  });

  it("shows the live feed's address again, the same one, sealed at rest and logged; a replaced or revoked one is gone", async () => {
    const { mum } = await household();
    expect((await failure(showScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT)))?.code).toBe("not_found");
    const made = await issueScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT);
    const token = made.url.split("/").at(-1)!.replace(/\.ics$/, "");
    // Kept sealed: the row holds neither the token nor anything it starts with.
    expect(JSON.stringify(await database.query(`SELECT * FROM calendar_feed_token WHERE user_id = $1`, [mum]))).not.toContain(token.slice(0, 12));

    const shown = await showScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT);
    expect(shown).toEqual(made);
    expect(await resolveScheduleFeed(database, token)).toBe(mum);
    expect((await securityEventsOf(database, mum)).filter((event) => event.type === "schedule_feed_shown")).toEqual([{ type: "schedule_feed_shown", detail: { feed_id: made.feed.id } }]);

    const replaced = await issueScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT);
    expect((await showScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT)).url).toBe(replaced.url);
    // A feed made before tokens were kept sealed can be replaced, not shown.
    await database.query(`UPDATE calendar_feed_token SET token_sealed = NULL WHERE user_id = $1 AND revoked_at IS NULL`, [mum]);
    expect((await failure(showScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT)))?.code).toBe("conflict");
    await revokeScheduleFeed(database, mum, TEST_CONTEXT);
    expect((await failure(showScheduleFeed(database, mum, CALENDAR_URL, TEST_CONTEXT)))?.code).toBe("not_found");
  });

  it("writes the schedule as iCalendar that a real parser reads back event for event, naming who signed up", async () => {
    const { mum, chloe } = await household();
    const camp = await event("Family camp", { capacity: 1, signUp: true, inDays: 9 });
    await event("Youth night", { audience: ["youth"], inDays: 2 });
    await registerPeople(database, mum, camp, [mum, chloe]);
    const schedule = await getMySchedule(database, mum);
    const ics = buildScheduleIcs(schedule, { name: "My schedule", baseUrl: "https://church.example" });

    const vevents = new ICAL.Component(ICAL.parse(ics)).getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
    const expected = [...schedule.registered.map(({ event: e }) => e), ...schedule.suggested.map(({ event: e }) => e)].sort(
      (a, b) => Date.parse(`${a.startDate}T${a.startTime}Z`) - Date.parse(`${b.startDate}T${b.startTime}Z`) || (a.eventId < b.eventId ? -1 : 1),
    );
    expect(vevents.map((v) => v.uid)).toEqual(expected.map((e) => `${e.eventId}@church.example`));
    expect(vevents.map((v) => v.startDate.toJSDate().toISOString())).toEqual(expected.map((e) => new Date(`${e.startDate}T${e.startTime}:00Z`).toISOString()));
    expect(vevents.find((v) => v.uid.startsWith(camp))?.summary).toBe("Family camp (Ngozi; Chloe on the waitlist, number 1)");
    expect(vevents.find((v) => v.summary === "Youth night")).toBeDefined();
  });
});
