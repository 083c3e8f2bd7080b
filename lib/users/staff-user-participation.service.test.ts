import { describe, expect, it } from "vitest";
import { insertCampus, insertEvent, insertHousehold } from "../check-in/test-setup.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { failure, insertMember } from "../db/test-fixtures.ts";
import { getStaffUserParticipationOrThrow } from "./get-staff-user-participation-or-throw.ts";

// A person's page for the office (issue 38, "one person, one page"), on a database with every migration.
const database = serviceTestDatabase();
const ALL = new Set(["users:read", "events:read", "attendance:read", "families:read"]);
const HOUR = 3_600_000;

describe("a person's sign-ups, check-ins and pickup list for staff", () => {
  it("answers each part only to a caller who may read it, newest first, with a child's pickup list", async () => {
    const { prisma } = database;
    const campus = await insertCampus(database);
    const home = await insertHousehold(database, { family: "The Okafor family", mum: "Ngozi", dad: "Emeka", first: "Ada", second: "Obi", notes: "Peanuts" });
    const base = Date.now();
    const earlier = await insertEvent(database, { campusId: campus, startAt: new Date(base - 48 * HOUR), title: "Kids church, last week" });
    const later = await insertEvent(database, { campusId: campus, startAt: new Date(base + 48 * HOUR), title: "Kids church, next week" });
    await prisma.eventRegistration.create({ data: { eventId: earlier, personId: home.amy, registeredBy: home.mum, status: "cancelled", cancelledAt: new Date(base - 72 * HOUR) } });
    await prisma.eventRegistration.create({ data: { eventId: later, personId: home.amy, registeredBy: home.mum, status: "registered" } });
    const kept = await prisma.checkIn.create({
      data: { eventId: earlier, personId: home.amy, familyId: home.familyId, droppedOffBy: home.mum, method: "staff", securityCode: "KQ7P", serviceDate: "2026-01-01", checkedInAt: new Date(base - 48 * HOUR) },
      select: { id: true },
    });
    await prisma.checkIn.create({
      data: { eventId: later, personId: home.amy, method: "staff", securityCode: "KQ7H", serviceDate: "2026-01-08", checkedInAt: new Date(base - 47 * HOUR), undoneAt: new Date(base - 47 * HOUR) },
    });
    await prisma.pickupPerson.create({ data: { childId: home.amy, kind: "authorized", name: "Grandma Ify", relation: "Grandmother" } });

    const ada = await getStaffUserParticipationOrThrow(database, home.amy, { permissions: ALL });
    expect(ada.sign_ups?.map((signUp) => [signUp.event_id, signUp.status])).toEqual([
      [later, "registered"],
      [earlier, "cancelled"],
    ]);
    expect(ada.check_ins?.map((checkIn) => checkIn.id)).toEqual([kept.id]);
    // The adults joined together, so their order is the ids' (random): compared by name.
    expect(ada.pickup?.household_adults.toSorted((a, b) => a.name.localeCompare(b.name))).toEqual([
      { user_id: home.dad, name: expect.stringMatching(/^Emeka /), authorized: false },
      { user_id: home.mum, name: expect.stringMatching(/^Ngozi /), authorized: true },
    ]);
    expect(ada.pickup?.people.map((person) => [person.kind, person.name])).toEqual([
      ["authorized", "Grandma Ify"],
      ["not_authorized", "Emeka"],
    ]);

    // An adult has no pickup list; someone in no household neither.
    expect((await getStaffUserParticipationOrThrow(database, home.mum, { permissions: ALL })).pickup).toBeNull();
    const loner = await insertMember(database);
    expect(await getStaffUserParticipationOrThrow(database, loner.id, { permissions: ALL })).toEqual({ sign_ups: [], check_ins: [], pickup: null });

    // Each part needs its own permission, and is absent (not empty) without it.
    expect(await getStaffUserParticipationOrThrow(database, home.amy, { permissions: new Set(["users:read"]) })).toEqual({});
    const attendanceOnly = await getStaffUserParticipationOrThrow(database, home.amy, { permissions: new Set(["users:read", "attendance:read"]) });
    expect(Object.keys(attendanceOnly)).toEqual(["check_ins"]);

    expect((await failure(getStaffUserParticipationOrThrow(database, "not-a-uuid", { permissions: ALL })))?.code).toBe("not_found");
    expect((await failure(getStaffUserParticipationOrThrow(database, "00000000-0000-4000-8000-0000000000ff", { permissions: ALL })))?.code).toBe("not_found");
  });
});
