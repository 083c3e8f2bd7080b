import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertMember, securityEventsOf } from "../db/test-fixtures.ts";
import { attendanceCsv, csvCell } from "./attendance-csv.ts";
import { getAttendanceOrThrow, listMyCheckIns, staffCheckIn, undoCheckIn } from "./attendance.ts";
import { checkInPeople } from "./check-in-people.ts";
import { kioskCheckOut } from "./check-out.ts";
import { findHousehold } from "./find-household.ts";
import { kioskCheckIn } from "./kiosk-check-in.ts";
import { listOpenEvents } from "./list-open-events.ts";
import { issueMemberCode, verifyMemberCode } from "./member-code.ts";
import { SECURITY_CODE_ALPHABET } from "./security-code.ts";
import { selfCheckIn } from "./self-check-in.ts";
import { insertCampus, insertEvent } from "./test-setup.ts";

// Check-in's rules (docs/decisions/0023) on a database with every migration.
const database = serviceTestDatabase();
const MINUTE = 60_000;

/** A household: two adults (one marked not authorized for the first child) and two children. */
async function household() {
  const { prisma } = database;
  const family = await prisma.family.create({ data: { name: "The Lees", codeHash: `h-${crypto.randomUUID()}`, codeEncrypted: "x", codeExpiresAt: new Date() }, select: { id: true } });
  const mum = await insertMember(database, { givenName: "Mia", phone: `+4477009${String(Math.floor(Math.random() * 90000) + 10000)}` });
  const dad = await insertMember(database, { givenName: "Dan" });
  const amy = await insertMember(database, { givenName: "Amy", email: null, password: false });
  const ben = await insertMember(database, { givenName: "Ben", email: null, password: false });
  await prisma.familyMember.createMany({
    data: [
      { familyId: family.id, userId: mum.id, role: "adult" },
      { familyId: family.id, userId: dad.id, role: "adult" },
      { familyId: family.id, userId: amy.id, role: "child", notes: "Peanut allergy" },
      { familyId: family.id, userId: ben.id, role: "child" },
    ],
  });
  await prisma.pickupPerson.create({ data: { childId: amy.id, kind: "not_authorized", userId: dad.id, name: "Dan Lee" } });
  return { familyId: family.id, mum: mum.id, dad: dad.id, amy: amy.id, ben: ben.id };
}

async function kiosk(campusId: string) {
  const id = `kiosk-${crypto.randomUUID()}`;
  await database.prisma.client.create({ data: { id, name: "Lobby", type: "public", redirectUris: [], grantTypes: ["refresh_token"], scopes: ["openid", "check-in:kiosk"], firstParty: true, checkInCampusId: campusId } });
  return { clientId: id, campusId };
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
    expect(await verifyMemberCode(code.code, now)).toBe(home.mum);
    expect(await verifyMemberCode(code.code, new Date(now.getTime() + 6 * MINUTE))).toBeNull();
    expect(await verifyMemberCode(`${code.code.slice(0, -2)}xx`, now)).toBeNull();
    const found = await findHousehold(database, lobby.clientId, { member_code: code.code });
    expect(found.households[0]!.members.map((m) => [m.given_name, m.role])).toEqual([["Dan", "adult"], ["Mia", "adult"], ["Amy", "child"], ["Ben", "child"]]);
    const byPhone = await findHousehold(database, lobby.clientId, { phone_last_four: (await database.prisma.user.findUniqueOrThrow({ where: { id: home.mum } })).phone!.slice(-4) });
    expect(byPhone.households.some((h) => h.family_id === home.familyId)).toBe(false); // the phone is not verified
    await database.prisma.user.update({ where: { id: home.mum }, data: { phoneVerifiedAt: now } });
    const verified = await findHousehold(database, lobby.clientId, { phone_last_four: (await database.prisma.user.findUniqueOrThrow({ where: { id: home.mum } })).phone!.slice(-4) });
    expect(verified.households.find((h) => h.family_id === home.familyId)?.members.map((m) => m.given_name)).toEqual(["Dan", "Mia", "Amy", "Ben"]);
    expect(JSON.stringify(verified)).not.toContain("Lee");

    const made = await kioskCheckIn(database, lobby, { guardian_id: home.mum, children: [{ child_id: home.amy, event_id: event }, { child_id: home.ben, event_id: event }] }, TEST_CONTEXT, now);
    expect(made.map((m) => [m.given_name, m.label_notes])).toEqual([["Amy", "Peanut allergy"], ["Ben", null]]);
    for (const row of made) expect(row.security_code).toMatch(new RegExp(`^[${SECURITY_CODE_ALPHABET}]{4}$`));
    expect(made[0]!.security_code).not.toBe(made[1]!.security_code);

    // Twice to the same event, or to one at the same time: refused. Another campus's event: not found.
    expect((await failure(kioskCheckIn(database, lobby, { guardian_id: home.mum, children: [{ child_id: home.amy, event_id: event }] }, TEST_CONTEXT, now)))?.description).toBe("Amy is already checked in to Kids church");
    expect((await failure(kioskCheckIn(database, lobby, { guardian_id: home.mum, children: [{ child_id: home.ben, event_id: overlapping }] }, TEST_CONTEXT, now)))?.description).toBe("Ben is already checked in to Kids church at the same time");
    expect((await failure(kioskCheckIn(database, lobby, { guardian_id: home.mum, children: [{ child_id: home.ben, event_id: elsewhere }] }, TEST_CONTEXT, now)))?.code).toBe("not_found");
    expect((await failure(kioskCheckIn(database, lobby, { guardian_id: home.mum, children: [{ child_id: home.ben, event_id: later }] }, TEST_CONTEXT, now)))?.description).toBe("check-in for Kids church is not open");
    const stranger = await insertMember(database, { givenName: "Sid" });
    expect((await failure(kioskCheckIn(database, lobby, { guardian_id: stranger.id, children: [{ child_id: home.amy, event_id: overlapping }] }, TEST_CONTEXT, now)))?.code).toBe("invalid_request");

    // Capacity 3: one place left; two more is refused, all or none.
    const guests = await Promise.all([insertMember(database), insertMember(database)]);
    expect((await failure(checkInPeople(database, { items: guests.map((g) => ({ personId: g.id, eventId: event })), method: "staff", droppedOffBy: null, context: TEST_CONTEXT, now })))?.description).toBe("Kids church has only 1 place left");
    await staffCheckIn(database, home.mum, event, guests[0]!.id, TEST_CONTEXT);
    expect((await failure(staffCheckIn(database, home.mum, event, guests[1]!.id, TEST_CONTEXT)))?.description).toBe("Kids church is full");

    // Check-out: the wrong code refused; Dan may not collect Amy; Mia's code may; Ben by his tag's code.
    const amy = made[0]!;
    const ben = made[1]!;
    const wrong = [...SECURITY_CODE_ALPHABET].find((c) => !amy.security_code!.startsWith(c) && !ben.security_code!.startsWith(c))!;
    expect((await failure(kioskCheckOut(database, lobby, { event_id: event, security_code: `${wrong}${amy.security_code!.slice(1)}` }, TEST_CONTEXT, now)))?.code).toBe("invalid_request");
    const dadCode = (await issueMemberCode(home.dad, now)).code;
    const refused = await failure(kioskCheckOut(database, lobby, { child_id: home.amy, member_code: dadCode }, TEST_CONTEXT, now));
    expect(refused).toMatchObject({ code: "forbidden", description: expect.stringContaining("NOT authorized to collect Amy") });
    const strangerCode = (await issueMemberCode(stranger.id, now)).code;
    expect((await failure(kioskCheckOut(database, lobby, { child_id: home.amy, member_code: strangerCode }, TEST_CONTEXT, now)))?.description).toContain("not on Amy's pickup list");
    expect(await kioskCheckOut(database, lobby, { child_id: home.amy, member_code: code.code }, TEST_CONTEXT, now)).toMatchObject({ given_name: "Amy", checked_out_at: now.toISOString() });
    expect(await kioskCheckOut(database, lobby, { event_id: event, security_code: ben.security_code!.toLowerCase() }, TEST_CONTEXT, now)).toMatchObject({ given_name: "Ben" });
    expect((await failure(kioskCheckOut(database, lobby, { event_id: event, security_code: ben.security_code! }, TEST_CONTEXT, now)))?.code).toBe("invalid_request");
    const [row] = await database.query<{ picked_up_by: string; dropped_off_by: string; check_out_method: string }>(`SELECT picked_up_by::text, dropped_off_by::text, check_out_method FROM check_in WHERE id = $1::uuid`, [amy.id]);
    expect(row).toEqual({ picked_up_by: home.mum, dropped_off_by: home.mum, check_out_method: "adult" });
    // Checked out of the first, Ben may go to the overlapping one.
    await kioskCheckIn(database, lobby, { guardian_id: home.dad, children: [{ child_id: home.ben, event_id: overlapping }] }, TEST_CONTEXT, now);

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
    const [amy] = await kioskCheckIn(database, lobby, { guardian_id: home.mum, children: [{ child_id: home.amy, event_id: ended }] }, TEST_CONTEXT, new Date(now.getTime() - 70 * MINUTE));
    await kioskCheckIn(database, lobby, { guardian_id: home.mum, children: [{ child_id: home.ben, event_id: yesterday }] }, TEST_CONTEXT, new Date(now.getTime() - 24 * 60 * MINUTE));

    const listed = await listOpenEvents(database, campus, now);
    expect(listed.events.map((e) => [e.id, e.check_in_open, e.checked_in])).toEqual([[open, true, 0], [ended, false, 1]]);
    await kioskCheckOut(database, lobby, { event_id: ended, security_code: amy!.security_code! }, TEST_CONTEXT, now);
    expect((await listOpenEvents(database, campus, now)).events.map((e) => e.id)).toEqual([open]);
  });

  it("refuses one child in two events at the same time within a single request, writing nothing", async () => {
    const campus = await insertCampus(database);
    const now = new Date();
    const first = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 20 * MINUTE), title: "Kids church" });
    const second = await insertEvent(database, { campusId: campus, startAt: new Date(now.getTime() + 40 * MINUTE), title: "Toddlers" });
    const lobby = await kiosk(campus);
    const home = await household();
    const refused = await failure(kioskCheckIn(database, lobby, { guardian_id: home.mum, children: [{ child_id: home.amy, event_id: first }, { child_id: home.ben, event_id: first }, { child_id: home.amy, event_id: second }] }, TEST_CONTEXT, now));
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
