import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { attendanceCsv, csvCell } from "./attendance-csv.ts";
import { getAttendanceOrThrow, listMyCheckIns, staffCheckIn, undoCheckIn } from "./attendance.ts";
import { checkInPeople } from "./check-in-people.ts";
import { findKioskPickup, kioskCheckOut } from "./check-out.ts";
import { findHousehold } from "./find-household.ts";
import { kioskCheckIn } from "./kiosk-check-in.ts";
import { listOpenEvents } from "./list-open-events.ts";
import { issueMemberCode, verifyMemberCode } from "./member-code.ts";
import type { CheckIn } from "./schemas.ts";
import { SECURITY_CODE_ALPHABET } from "./rules.ts";
import { selfCheckIn } from "./self-check-in.ts";
import type { Kiosk } from "./kiosk-campus.ts";
import { insertCampus, insertEvent, insertHousehold, insertKiosk } from "./test-setup.ts";

// Check-in's rules (docs/decisions/0023) on a database with every migration.
const database = serviceTestDatabase();
const MINUTE = 60_000;

/** Mia and Dan (marked not authorized for Amy), Amy (a peanut allergy) and Ben; Mia's phone is not verified. */
async function household() {
  const home = await insertHousehold(database, { family: "The Lees", mum: "Mia", dad: "Dan", first: "Amy", second: "Ben", notes: "Peanut allergy" });
  await database.prisma.user.update({ where: { id: home.mum }, data: { phone: `+1617555${String(1000 + Math.floor(Math.random() * 9000))}` }, select: { id: true } });
  return home;
}

const kiosk = (campusId: string) => insertKiosk(database, campusId);

/** The adult's household as the tablet finds it when they scan their own code, and the proof of presence it answers. */
async function scanIn(lobby: Kiosk, adultId: string, now: Date) {
  return findHousehold(database, lobby, { member_code: (await issueMemberCode(adultId, now)).code }, TEST_CONTEXT, now);
}

/** Checks children in as the adult at the tablet: scan their code, then check in. */
async function checkInAs(lobby: Kiosk, adultId: string, children: { child_id: string; event_id: string }[], now: Date) {
  const { presence } = await scanIn(lobby, adultId, now);
  return kioskCheckIn(database, lobby, { presence, guardian_id: adultId, children }, TEST_CONTEXT, now);
}

describe("check-in", () => {
  it("checks children in with codes, keeps capacity and overlap, and checks them out by code or adult", async () => {
    const campus = await insertCampus(database);
    const otherCampus = await insertCampus(database);
    const now = new Date();
    const event = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 30 * MINUTE), capacity: 3 });
    const overlapping = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 45 * MINUTE), title: "Toddlers" });
    const later = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 3 * 60 * MINUTE) });
    const elsewhere = await insertEvent(database, { campusId: otherCampus, startAt: new Date(now.getTime() + 10 * MINUTE) });
    const lobby = await kiosk(campus);
    const home = await household();

    const open = await listOpenEvents(database, campus, now);
    expect(open.events.map((e) => e.id)).toEqual([event, overlapping]);
    expect(open.events[0]).toMatchObject({ capacity: 3, checked_in: 0 });

    const code = await issueMemberCode(home.mum, now);
    expect(code.expiresAt.getTime() - now.getTime()).toBeLessThanOrEqual(300_000);
    expect(await verifyMemberCode(code.code, now)).toEqual({ userId: home.mum, jti: expect.any(String), expiresAt: code.expiresAt });
    expect(await verifyMemberCode(code.code, new Date(now.getTime() + 6 * MINUTE))).toBeNull();
    expect(await verifyMemberCode(`${code.code.slice(0, -2)}xx`, now)).toBeNull();
    const found = await findHousehold(database, lobby, { member_code: code.code }, TEST_CONTEXT, now);
    expect(found.households[0]!.members.map((m) => [m.given_name, m.role])).toEqual([["Dan", "adult"], ["Mia", "adult"], ["Amy", "child"], ["Ben", "child"]]);
    expect(found.households[0]!.scanned_id).toBe(home.mum);
    expect(JSON.stringify(found)).not.toContain("Lee");
    expect(JSON.stringify(found)).not.toContain("Peanut");

    const made = await kioskCheckIn(database, lobby, { presence: found.presence, guardian_id: home.mum, children: [{ child_id: home.amy, event_id: event }, { child_id: home.ben, event_id: event }] }, TEST_CONTEXT, now);
    expect(made.check_ins.map((m) => [m.given_name, m.label_notes])).toEqual([["Amy", "Peanut allergy"], ["Ben", null]]);
    for (const row of made.check_ins) expect(row.security_code).toMatch(new RegExp(`^[${SECURITY_CODE_ALPHABET}]{4}$`));
    expect(made.check_ins[0]!.security_code).not.toBe(made.check_ins[1]!.security_code);
    expect(made.pickup_tag).toMatch(/^PICKUP-[A-Z2-7]{16}$/);

    // Twice to the same event, or to one at the same time: refused, sending the adult to a volunteer. Another campus's event: not found.
    expect((await failure(checkInAs(lobby, home.mum, [{ child_id: home.amy, event_id: event }], now)))?.description).toBe("Amy is already checked in to Kids church: please see a volunteer");
    expect((await failure(checkInAs(lobby, home.mum, [{ child_id: home.ben, event_id: overlapping }], now)))?.description).toBe("Ben is already checked in to Kids church at the same time: please see a volunteer");
    expect((await failure(checkInAs(lobby, home.mum, [{ child_id: home.ben, event_id: elsewhere }], now)))?.code).toBe("not_found");
    expect((await failure(checkInAs(lobby, home.mum, [{ child_id: home.ben, event_id: later }], now)))?.description).toBe("check-in for Kids church is not open");
    const stranger = await insertMember(database, { givenName: "Sid" });
    expect((await failure(checkInAs(lobby, stranger.id, [{ child_id: home.amy, event_id: overlapping }], now)))?.code).toBe("invalid_request");

    // Capacity 3: one place left; two more is refused, all or none.
    const guests = await Promise.all([insertMember(database), insertMember(database)]);
    expect((await failure(checkInPeople(database, { items: guests.map((g) => ({ personId: g.id, eventId: event })), method: "staff", droppedOffBy: null, context: TEST_CONTEXT, now })))?.description).toBe("Kids church has only 1 place left");
    await staffCheckIn(database, home.mum, event, guests[0]!.id, TEST_CONTEXT);
    expect((await failure(staffCheckIn(database, home.mum, event, guests[1]!.id, TEST_CONTEXT)))?.description).toBe("Kids church is full");

    // Pickup: Dan is marked not authorized for Amy, so his code shows only Ben and names Amy as refused; a
    // stranger's code collects nobody; Mia's code collects Amy; the tag collects Ben.
    const [amy, ben] = made.check_ins as [CheckIn, CheckIn];
    const dadCode = (await issueMemberCode(home.dad, now)).code;
    expect(await findKioskPickup(database, lobby, { member_code: dadCode }, TEST_CONTEXT, now)).toEqual({
      children: [{ check_in_id: ben.id, person_id: home.ben, given_name: "Ben", event_id: event, event_title: "Kids church", security_code: ben.security_code }],
      refused: [{ given_name: "Amy", reason: "not_authorized" }],
    });
    expect(await failure(kioskCheckOut(database, lobby, { member_code: dadCode, check_in_ids: [amy.id] }, TEST_CONTEXT, now))).toMatchObject({ code: "forbidden", description: expect.stringContaining("NOT authorized to collect Amy") });
    const strangerCode = (await issueMemberCode(stranger.id, now)).code;
    expect((await failure(findKioskPickup(database, lobby, { member_code: strangerCode }, TEST_CONTEXT, now)))?.code).toBe("not_found");
    expect((await failure(kioskCheckOut(database, lobby, { member_code: strangerCode, check_in_ids: [amy.id] }, TEST_CONTEXT, now)))?.code).toBe("not_found");
    expect(await kioskCheckOut(database, lobby, { member_code: code.code, check_in_ids: [amy.id] }, TEST_CONTEXT, now)).toMatchObject({ check_ins: [{ given_name: "Amy", checked_out_at: now.toISOString() }] });
    expect(await findKioskPickup(database, lobby, { pickup_tag: made.pickup_tag!.toLowerCase() }, TEST_CONTEXT, now)).toMatchObject({ children: [{ given_name: "Ben" }], refused: [] });
    expect(await kioskCheckOut(database, lobby, { pickup_tag: made.pickup_tag!, check_in_ids: [ben.id] }, TEST_CONTEXT, now)).toMatchObject({ check_ins: [{ given_name: "Ben" }] });
    expect((await failure(findKioskPickup(database, lobby, { pickup_tag: made.pickup_tag! }, TEST_CONTEXT, now)))?.code).toBe("not_found");
    const rows = await database.query<{ person_id: string; picked_up_by: string | null; dropped_off_by: string; check_out_method: string }>(
      `SELECT person_id::text, picked_up_by::text, dropped_off_by::text, check_out_method FROM check_in WHERE id = ANY($1::uuid[]) ORDER BY check_out_method`,
      [[amy.id, ben.id]],
    );
    expect(rows).toEqual([
      { person_id: home.amy, picked_up_by: home.mum, dropped_off_by: home.mum, check_out_method: "adult" },
      { person_id: home.ben, picked_up_by: null, dropped_off_by: home.mum, check_out_method: "tag" },
    ]);
    // Checked out of the first, Ben may go to the overlapping one.
    await checkInAs(lobby, home.dad, [{ child_id: home.ben, event_id: overlapping }], now);

    const attendance = await getAttendanceOrThrow(database, event);
    expect(attendance).toMatchObject({ capacity: 3, checked_in: 3, present: 1, children_present: 0 });
    await undoCheckIn(database, home.mum, attendance.check_ins[2]!.id);
    expect(await getAttendanceOrThrow(database, event)).toMatchObject({ checked_in: 2, present: 0 });
    expect((await securityEventsOf(database, home.amy)).map((e) => e.type)).toEqual(["checked_in", "checked_out"]);
    expect((await listMyCheckIns(database, home.amy)).check_ins.map((c) => c.event_id)).toEqual([event]);

    const csv = await attendanceCsv(database, { event_id: event });
    expect(csv.split("\r\n")[0]).toBe("event_id,event_title,event_start,person_id,given_name,family_name,method,checked_in_at,checked_out_at,check_out_method");
    expect(csv.split("\r\n").filter(Boolean)).toHaveLength(3);
    expect(csvCell("=HYPERLINK()")).toBe("'=HYPERLINK()");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });

  it("lets a member check themselves in only where the event allows it, inside its window", async () => {
    const campus = await insertCampus(database);
    const now = new Date();
    const selfEvent = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 50 * MINUTE), modes: ["SELF_CHECK_IN"] });
    const kioskOnly = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 200 * MINUTE), modes: ["QR_CODE"] });
    const member = await insertMember(database, { givenName: "Zoe" });
    expect(await selfCheckIn(database, member.id, selfEvent, TEST_CONTEXT, now)).toMatchObject({ method: "self", security_code: null });
    expect((await failure(selfCheckIn(database, member.id, kioskOnly, TEST_CONTEXT, now)))?.description).toBe("Kids church does not take this kind of check-in");
    expect((await failure(selfCheckIn(database, member.id, selfEvent, TEST_CONTEXT, new Date(now.getTime() - 20 * MINUTE))))?.description).toBe("check-in for Kids church is not open");
    // A private event (staff's) is not one a member can find, nor check in to by its id.
    const privateEvent = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 30 * MINUTE), modes: ["SELF_CHECK_IN"] });
    await database.query(`UPDATE event SET visibility = 'private' WHERE id = $1`, [privateEvent]);
    const refused = await failure(selfCheckIn(database, member.id, privateEvent, TEST_CONTEXT, now));
    expect(refused?.code).toBe("not_found");
  });

  it("lists an ended event for pickup while a child is still checked in to it today, and not once they are collected", async () => {
    const campus = await insertCampus(database);
    // Noon UTC: the same date in every time zone the events use, whatever the clock says when this runs.
    const now = new Date("2026-06-07T12:00:00Z");
    const ended = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() - 80 * MINUTE), minutes: 60, title: "Early service" });
    const yesterday = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() - 24 * 60 * MINUTE), minutes: 60, title: "Saturday club" });
    const open = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 30 * MINUTE) });
    const lobby = await kiosk(campus);
    const home = await household();
    const earlier = await checkInAs(lobby, home.mum, [{ child_id: home.amy, event_id: ended }], new Date(now.getTime() - 70 * MINUTE));
    await checkInAs(lobby, home.mum, [{ child_id: home.ben, event_id: yesterday }], new Date(now.getTime() - 24 * 60 * MINUTE));

    const listed = await listOpenEvents(database, campus, now);
    expect(listed.events.map((e) => [e.id, e.check_in_open, e.checked_in])).toEqual([[open, true, 0], [ended, false, 1]]);
    // Each with its own zone, for the kiosk to show its times there (issue 38).
    expect(listed.events.map((e) => e.timezone)).toEqual(["UTC", "UTC"]);
    await kioskCheckOut(database, lobby, { pickup_tag: earlier.pickup_tag!, check_in_ids: [earlier.check_ins[0]!.id] }, TEST_CONTEXT, now);
    expect((await listOpenEvents(database, campus, now)).events.map((e) => e.id)).toEqual([open]);
  });

  it("refuses one child in two events at the same time within a single request, writing nothing", async () => {
    const campus = await insertCampus(database);
    const now = new Date();
    const first = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 20 * MINUTE), title: "Kids church" });
    const second = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 40 * MINUTE), title: "Toddlers" });
    const lobby = await kiosk(campus);
    const home = await household();
    const refused = await failure(checkInAs(lobby, home.mum, [{ child_id: home.amy, event_id: first }, { child_id: home.ben, event_id: first }, { child_id: home.amy, event_id: second }], now));
    expect(refused).toMatchObject({ code: "conflict", description: "Amy cannot be checked in to Kids church and Toddlers: they are at the same time" });
    expect(await database.query(`SELECT 1 FROM check_in WHERE event_id IN ($1, $2)`, [first, second])).toHaveLength(0);
  });

  it("admits exactly one of many simultaneous check-ins to the last place", async () => {
    const campus = await insertCampus(database);
    const now = new Date();
    const event = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 10 * MINUTE), capacity: 1, modes: ["MANUAL"] });
    const people = await Promise.all(Array.from({ length: 8 }, () => insertMember(database)));
    const results = await Promise.allSettled(people.map((person) => checkInPeople(database, { items: [{ personId: person.id, eventId: event }], method: "staff", droppedOffBy: null, context: TEST_CONTEXT, now })));
    expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    expect((await getAttendanceOrThrow(database, event)).present).toBe(1);
  });
});
