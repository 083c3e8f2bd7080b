import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure } from "../db/test-fixtures.ts";
import { getAttendanceOrThrow } from "./attendance.ts";
import { findKioskPickup, kioskCheckOut } from "./check-out.ts";
import { findHousehold } from "./find-household.ts";
import { KIOSK_MISS_POLICY } from "./rules.ts";
import type { Kiosk } from "./kiosk-campus.ts";
import { kioskCheckIn } from "./kiosk-check-in.ts";
import { issueMemberCode } from "./member-code.ts";
import { startKioskPhoneCheck } from "./phone-check.ts";
import { newPickupTagSecret } from "./pickup-tag.ts";
import { findHouseholdBodySchema, kioskCheckOutBodySchema } from "./schemas.ts";
import { insertCampus, insertEvent, insertHousehold, insertKiosk } from "./test-setup.ts";

// Issue 36's child-safety rules (docs/decisions/0023, "Pickup" and "Finding a household") on a database with
// every migration: a child goes home only on the parent's pickup tag or an authorized adult's own code; a
// household is found only by someone who proves they are at the tablet; every refusal is counted per tablet
// and shown to staff.
const database = serviceTestDatabase({ DEV_OUTBOX: "true" });
const MINUTE = 60_000;

/** Mina (with a verified phone of her own), Daniel (marked NOT authorized for Amy), and Amy and Ben. */
async function household() {
  const phone = await unusedPhone();
  const home = await insertHousehold(database, { family: "The Parks", mum: "Mina", dad: "Daniel", first: "Amy", second: "Ben", notes: "Peanut allergy", mumPhone: phone });
  return { ...home, phone };
}

/** A valid North American number (a 555 exchange, kept for fiction) that no account of this database has. */
async function unusedPhone(): Promise<string> {
  for (;;) {
    const phone = `+1617555${String(1000 + Math.floor(Math.random() * 9000))}`;
    if ((await database.query(`SELECT 1 FROM account WHERE phone = $1`, [phone])).length === 0) return phone;
  }
}

async function setting() {
  const campus = await insertCampus(database);
  const event = await insertEvent(database, { campusId: campus, startAt: new Date(Date.now() + 20 * MINUTE), title: "Kids church" });
  const tabletA = await insertKiosk(database, campus);
  const tabletB = await insertKiosk(database, campus, tabletA.clientId);
  return { campus, event, tabletA, tabletB, home: await household() };
}

async function checkInBoth(tablet: Kiosk, home: Awaited<ReturnType<typeof household>>, event: string, now = new Date()) {
  const { presence } = await findHousehold(database, tablet, { member_code: (await issueMemberCode(home.mum, now)).code }, TEST_CONTEXT, now);
  return kioskCheckIn(database, tablet, { presence, guardian_id: home.mum, children: [{ child_id: home.amy, event_id: event }, { child_id: home.ben, event_id: event }] }, TEST_CONTEXT, now);
}

const alertsOf = async (event: string) => (await getAttendanceOrThrow(database, event)).kiosk_alerts.map((alert) => [alert.kind, alert.child_given_name]);

/** The last text the outbox holds for the number, and the code in it. */
async function textedCode(phone: string): Promise<string> {
  const [message] = await database.query<{ body: string }>(`SELECT body FROM outbox_message WHERE channel = 'sms' AND recipient = $1 ORDER BY created_at DESC LIMIT 1`, [phone]);
  const code = /\b(\d{6})\b/.exec(message?.body ?? "")?.[1];
  if (!code) throw new Error(`no code was texted to ${phone}`);
  return code;
}

describe("pickup at a kiosk", () => {
  it("releases a child only on the parent's pickup tag or an authorized adult's own code, never on the label's 4-character code", async () => {
    const { event, tabletA, tabletB, home } = await setting();
    const made = await checkInBoth(tabletA, home, event);
    const [amy, ben] = made.check_ins;

    // The label's code is not a pickup credential: the API has no shape for it, and as a tag it is unknown.
    expect(kioskCheckOutBodySchema.safeParse({ event_id: event, security_code: amy!.security_code }).success).toBe(false);
    expect(await failure(findKioskPickup(database, tabletA, { pickup_tag: amy!.security_code! }, TEST_CONTEXT))).toMatchObject({ code: "invalid_request", description: "pickup_tag: is not a pickup tag printed here; fetch a staff member" });
    // Nor is a well-formed tag that was never printed.
    expect((await failure(findKioskPickup(database, tabletA, { pickup_tag: newPickupTagSecret() }, TEST_CONTEXT)))?.code).toBe("invalid_request");

    // The tag printed at tablet A shows both children at tablet B, with their labels' codes to compare.
    const pickup = await findKioskPickup(database, tabletB, { pickup_tag: made.pickup_tag! }, TEST_CONTEXT);
    expect(pickup.children.map((child) => [child.given_name, child.security_code])).toEqual([
      ["Amy", amy!.security_code],
      ["Ben", ben!.security_code],
    ]);
    // A check-in the tag did not print cannot be slipped in; Ben goes home, Amy stays.
    const other = await checkInBoth(tabletB, await household(), event);
    expect((await failure(kioskCheckOut(database, tabletB, { pickup_tag: made.pickup_tag!, check_in_ids: [ben!.id, other.check_ins[0]!.id] }, TEST_CONTEXT)))?.code).toBe("not_found");
    expect((await kioskCheckOut(database, tabletB, { pickup_tag: made.pickup_tag!, check_in_ids: [ben!.id] }, TEST_CONTEXT)).check_ins.map((row) => row.given_name)).toEqual(["Ben"]);
    expect((await findKioskPickup(database, tabletA, { pickup_tag: made.pickup_tag! }, TEST_CONTEXT)).children.map((child) => child.given_name)).toEqual(["Amy"]);

    // The tag is for the day it was printed: tomorrow it collects nobody, though Amy was never checked out.
    const tomorrow = new Date(Date.now() + 24 * 60 * MINUTE);
    expect((await failure(findKioskPickup(database, tabletA, { pickup_tag: made.pickup_tag! }, TEST_CONTEXT, tomorrow)))?.code).toBe("not_found");
    expect(await alertsOf(event)).toEqual([
      ["unknown_pickup_tag", null],
      ["unknown_pickup_tag", null],
    ]);
  });

  it("spends an adult's code on the pickup it made, refuses a disabled adult's, and refuses the adult marked not authorized", async () => {
    const { event, tabletA, tabletB, home } = await setting();
    const made = await checkInBoth(tabletA, home, event);
    const [amy, ben] = made.check_ins;

    const dadCode = (await issueMemberCode(home.dad)).code;
    expect(await findKioskPickup(database, tabletA, { member_code: dadCode }, TEST_CONTEXT)).toMatchObject({ children: [{ given_name: "Ben" }], refused: [{ given_name: "Amy", reason: "not_authorized" }] });
    expect(await failure(kioskCheckOut(database, tabletA, { member_code: dadCode, check_in_ids: [amy!.id] }, TEST_CONTEXT))).toMatchObject({ code: "forbidden" });

    // One fresh code used at two tablets at once (a screenshot passed on): one child goes home, not two.
    const mumCode = (await issueMemberCode(home.mum)).code;
    const both = await Promise.allSettled([
      kioskCheckOut(database, tabletA, { member_code: mumCode, check_in_ids: [amy!.id] }, TEST_CONTEXT),
      kioskCheckOut(database, tabletB, { member_code: mumCode, check_in_ids: [ben!.id] }, TEST_CONTEXT),
    ]);
    expect(both.filter((result) => result.status === "fulfilled")).toHaveLength(1);
    const refusedOne = both.find((result) => result.status === "rejected") as PromiseRejectedResult;
    // Spent before the second looked (PGlite runs one at a time), or while it was checking out (PostgreSQL).
    expect(refusedOne.reason).toMatchObject({ code: "invalid_request", description: expect.stringMatching(/^member_code: (has already been used to collect a child|is not a valid or current check-in code)/) });
    // Afterwards the spent code is refused as any invalid code; a fresh one collects the other child.
    const invalid = { code: "invalid_request", description: "member_code: is not a valid or current check-in code" };
    const left = both[0]!.status === "fulfilled" ? ben! : amy!;
    expect(await failure(findKioskPickup(database, tabletB, { member_code: mumCode }, TEST_CONTEXT))).toMatchObject(invalid);
    expect(await failure(kioskCheckOut(database, tabletB, { member_code: mumCode, check_in_ids: [left.id] }, TEST_CONTEXT))).toMatchObject(invalid);
    expect((await kioskCheckOut(database, tabletB, { member_code: (await issueMemberCode(home.mum)).code, check_in_ids: [left.id] }, TEST_CONTEXT)).check_ins).toHaveLength(1);

    // A disabled account's code, still within its five minutes, collects nobody.
    const home2 = await household();
    const made2 = await checkInBoth(tabletA, home2, event);
    const code2 = (await issueMemberCode(home2.mum)).code;
    await database.prisma.user.update({ where: { id: home2.mum }, data: { disabledAt: new Date() }, select: { id: true } });
    expect(await failure(kioskCheckOut(database, tabletA, { member_code: code2, check_in_ids: [made2.check_ins[1]!.id] }, TEST_CONTEXT))).toMatchObject(invalid);

    expect((await alertsOf(event)).filter(([kind]) => kind === "not_authorized")).toEqual([
      ["not_authorized", "Amy"],
      ["not_authorized", "Amy"],
    ]);
  });
});

describe("finding a household at a kiosk", () => {
  it("no longer takes a phone's last four digits; a phone search texts a code, and only that code at that tablet finds the household", async () => {
    const { event, tabletA, tabletB, home } = await setting();
    expect(findHouseholdBodySchema.safeParse({ phone_last_four: home.phone.slice(-4) }).success).toBe(false);

    const check = await startKioskPhoneCheck(database, tabletA, { phone: `+1 (617) 555-${home.phone.slice(-4)}` }, TEST_CONTEXT);
    const code = await textedCode(home.phone);
    // The code at the other tablet, or a wrong code here: refused, counted and shown to staff.
    expect((await failure(findHousehold(database, tabletB, { phone_check_id: check.id, code }, TEST_CONTEXT)))?.code).toBe("invalid_request");
    const wrong = code === "000000" ? "111111" : "000000";
    expect((await failure(findHousehold(database, tabletA, { phone_check_id: check.id, code: wrong }, TEST_CONTEXT)))?.description).toMatch(/^code: is not the code we texted; \d tries left$/);
    const found = await findHousehold(database, tabletA, { phone_check_id: check.id, code }, TEST_CONTEXT);
    expect(found.households).toHaveLength(1);
    expect(found.households[0]!.scanned_id).toBe(home.mum);
    expect(found.households[0]!.members.map((member) => member.given_name)).toEqual(["Daniel", "Mina", "Amy", "Ben"]);
    expect(JSON.stringify(found)).not.toMatch(/Park|Peanut/);
    // The code is used up.
    expect((await failure(findHousehold(database, tabletA, { phone_check_id: check.id, code }, TEST_CONTEXT)))?.code).toBe("invalid_request");

    // A number no household has: the same answer, and nothing is texted.
    const stranger = await unusedPhone();
    const decoy = await startKioskPhoneCheck(database, tabletA, { phone: stranger }, TEST_CONTEXT);
    expect(Object.keys(decoy)).toEqual(Object.keys(check));
    expect(await database.query(`SELECT 1 FROM outbox_message WHERE recipient = $1`, [stranger])).toEqual([]);
    expect(await failure(startKioskPhoneCheck(database, tabletA, { phone: home.phone.slice(-4) }, TEST_CONTEXT))).toMatchObject({ code: "invalid_request" });

    expect((await alertsOf(event)).map(([kind]) => kind)).toEqual(["wrong_phone_code", "wrong_phone_code"]);
  });

  it("checks children in only for the adult proven present at this tablet, not an adult marked not authorized, and sends a second check-in to a volunteer", async () => {
    const { event, tabletA, tabletB, home } = await setting();
    const mum = await findHousehold(database, tabletA, { member_code: (await issueMemberCode(home.mum)).code }, TEST_CONTEXT);
    const children = [{ child_id: home.amy, event_id: event }];

    // Ids seen on a screen are not enough: no proof, another tablet's proof, or someone the proof does not name.
    expect((await failure(kioskCheckIn(database, tabletA, { presence: "forged", guardian_id: home.mum, children }, TEST_CONTEXT)))?.code).toBe("invalid_request");
    expect((await failure(kioskCheckIn(database, tabletB, { presence: mum.presence, guardian_id: home.mum, children }, TEST_CONTEXT)))?.code).toBe("invalid_request");
    expect((await failure(kioskCheckIn(database, tabletA, { presence: mum.presence, guardian_id: home.dad, children }, TEST_CONTEXT)))?.code).toBe("forbidden");
    // The proof lasts ten minutes.
    expect((await failure(kioskCheckIn(database, tabletA, { presence: mum.presence, guardian_id: home.mum, children }, TEST_CONTEXT, new Date(Date.now() + 11 * MINUTE))))?.code).toBe("invalid_request");

    // Daniel is marked NOT authorized for Amy: he cannot check her in either (Ben, yes).
    const dad = await findHousehold(database, tabletA, { member_code: (await issueMemberCode(home.dad)).code }, TEST_CONTEXT);
    expect(await failure(kioskCheckIn(database, tabletA, { presence: dad.presence, guardian_id: home.dad, children }, TEST_CONTEXT))).toMatchObject({
      code: "forbidden",
      description: "this adult is marked NOT authorized for Amy: do not check them in; fetch a staff member",
    });
    expect((await kioskCheckIn(database, tabletA, { presence: dad.presence, guardian_id: home.dad, children: [{ child_id: home.ben, event_id: event }] }, TEST_CONTEXT)).pickup_tag).toMatch(/^PICKUP-/);

    // Amy checked in by Mina; checked in again (by anyone), the adult is sent to a volunteer and no second tag exists.
    const first = await kioskCheckIn(database, tabletA, { presence: mum.presence, guardian_id: home.mum, children }, TEST_CONTEXT);
    expect(await failure(kioskCheckIn(database, tabletA, { presence: mum.presence, guardian_id: home.mum, children }, TEST_CONTEXT))).toMatchObject({
      code: "conflict",
      description: "Amy is already checked in to Kids church: please see a volunteer",
    });
    const tags = await database.query<{ n: number }>(`SELECT count(DISTINCT pickup_tag_id)::int AS n FROM check_in WHERE person_id = $1::uuid`, [home.amy]);
    expect(tags).toEqual([{ n: 1 }]);
    expect((await findKioskPickup(database, tabletA, { pickup_tag: first.pickup_tag! }, TEST_CONTEXT)).children.map((child) => child.given_name)).toEqual(["Amy"]);
    expect(await alertsOf(event)).toEqual([
      ["already_checked_in", "Amy"],
      ["not_authorized", "Amy"],
    ]);
  });
});

describe("a kiosk tablet's limits", () => {
  it("counts wrong scans per tablet: a blocked tablet never blocks the right code at another", async () => {
    const { event, tabletA, tabletB, home } = await setting();
    const made = await checkInBoth(tabletA, home, event);
    for (let i = 0; i <= KIOSK_MISS_POLICY.freeFailures; i += 1) {
      expect((await failure(findKioskPickup(database, tabletA, { pickup_tag: newPickupTagSecret() }, TEST_CONTEXT)))?.code).toBe("invalid_request");
    }
    // Tablet A now waits; the parent's own code and the tag still work at tablet B.
    expect((await failure(findKioskPickup(database, tabletA, { member_code: (await issueMemberCode(home.mum)).code }, TEST_CONTEXT)))?.code).toBe("too_many_requests");
    expect((await kioskCheckOut(database, tabletB, { member_code: (await issueMemberCode(home.mum)).code, check_in_ids: [made.check_ins[0]!.id] }, TEST_CONTEXT)).check_ins).toHaveLength(1);
    expect((await kioskCheckOut(database, tabletB, { pickup_tag: made.pickup_tag!, check_in_ids: [made.check_ins[1]!.id] }, TEST_CONTEXT)).check_ins).toHaveLength(1);
    const alerts = (await getAttendanceOrThrow(database, event)).kiosk_alerts;
    expect(alerts).toHaveLength(KIOSK_MISS_POLICY.freeFailures + 1);
    expect(alerts[0]).toMatchObject({ kind: "unknown_pickup_tag", kiosk_name: "Lobby check-in", tablet: { set_up_by: "Vera Volunteer", set_up_at: expect.any(String) } });
  });
});

describe("a kiosk's alerts on the attendance page", () => {
  it("are the event's day's, stretched to its check-in window where that crosses midnight", async () => {
    const campus = await insertCampus(database);
    const tablet = await insertKiosk(database, campus);
    // An event at 00:15 (UTC, its time zone) tomorrow: check-in opens at 23:15 today, and it ends at 01:45.
    const midnight = new Date(`${new Date(Date.now() + 2 * 24 * 60 * MINUTE).toISOString().slice(0, 10)}T00:00:00Z`);
    const event = await insertEvent(database, { campusId: campus, startAt: new Date(midnight.getTime() + 15 * MINUTE), minutes: 90 });
    const alertAt = async (minutesFromMidnight: number, kind: string) => {
      await database.prisma.kioskAlert.create({ data: { clientId: tablet.clientId, campusId: campus, kind, createdAt: new Date(midnight.getTime() + minutesFromMidnight * MINUTE) }, select: { id: true } });
    };
    await alertAt(-60 * 5, "invalid_member_code"); // the afternoon before: another day's
    await alertAt(-40, "unknown_pickup_tag"); // 23:20, check-in open
    await alertAt(30, "not_authorized"); // 00:30, the event's day
    await alertAt(24 * 60 + 10, "wrong_phone_code"); // the next night: another day's
    expect((await alertsOf(event)).map(([kind]) => kind)).toEqual(["not_authorized", "unknown_pickup_tag"]);
  });
});
