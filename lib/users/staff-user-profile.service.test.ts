import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertClient, insertGrant, insertMember, insertSession, securityEventsOf } from "../db/test-fixtures.ts";
import { endUserSessions } from "./end-user-sessions.ts";
import { getStaffUserDetailOrThrow } from "./get-staff-user-detail-or-throw.ts";
import { listStaffUserSecurityEvents } from "./list-staff-user-security-events.ts";
import { listStaffUserSessions } from "./list-staff-user-sessions.ts";
import { listUsers, phoneDigitsOf } from "./list-users.ts";

// A member's profile as the office sees it (issue 17), on a database with every migration.
const database = serviceTestDatabase();
const ALL = new Set(["users:read", "families:read", "membership:read"]);

describe("phoneDigitsOf", () => {
  it.each([
    ["+1 (415) 555-0123", "14155550123"],
    ["415.555.0123", "4155550123"],
    ["07700 900123", "7700900123"],
    ["0044 7700 900123", "447700900123"],
    ["555", "555"],
    ["55", null],
    ["0 12", null],
    ["jane", null],
    ["jane 555", null],
    ["member+555@example.org", null],
  ])("%s", (text, digits) => {
    expect(phoneDigitsOf(text)).toBe(digits);
  });
});

describe("a member's profile for staff", () => {
  it("finds a member by the digits of their verified phone, never an unverified one", async () => {
    const { prisma } = database;
    const verified = await insertMember(database, { phone: "+14155550199" });
    await prisma.user.update({ where: { id: verified.id }, data: { phoneVerifiedAt: new Date() } });
    const unverified = await insertMember(database, { phone: "+14155550198" });
    const ids = async (q: string) => (await listUsers(database, { page: 1, per: 20, sort: "familyName", q })).items.map((item) => item.id);
    expect(await ids("(415) 555-0199")).toEqual([verified.id]);
    expect(await ids("+1 415 555 0199")).toEqual([verified.id]);
    expect(await ids("555-0198")).toEqual([]);
    expect(await ids("415555019")).toEqual([verified.id]);
    const [item] = (await listUsers(database, { page: 1, per: 20, sort: "familyName", q: "4155550199" })).items;
    expect(item?.phone_number).toBe("+14155550199");
    expect((await getStaffUserDetailOrThrow(database, unverified.id, { permissions: ALL })).phone_number).toBeNull();
  });

  it("answers the household and the linked register record only to a caller who may read them", async () => {
    const { prisma } = database;
    const jane = await insertMember(database);
    const family = await prisma.family.create({ data: { name: "The Jones family", codeHash: `hash-${jane.id}`, codeEncrypted: "sealed", codeExpiresAt: new Date() }, select: { id: true } });
    await prisma.familyMember.create({ data: { familyId: family.id, userId: jane.id, role: "adult" } });
    await prisma.membershipRecord.create({ data: { id: `mbr_${jane.id.slice(0, 8)}`, givenName: "Jane", familyName: "Jones", birthDate: "1980-02-03", linkedUserId: jane.id, linkedAt: new Date(Date.UTC(2026, 0, 2)) } });

    const full = await getStaffUserDetailOrThrow(database, jane.id, { permissions: ALL });
    expect(full.household).toEqual({ id: family.id, name: "The Jones family", role: "adult", member_count: 1 });
    expect(full.membership_record).toEqual({
      membership_id: `mbr_${jane.id.slice(0, 8)}`,
      given_name: "Jane",
      family_name: "Jones",
      birth_date: "1980-02-03",
      campus: null,
      linked_at: "2026-01-02T00:00:00.000Z",
    });
    const narrow = await getStaffUserDetailOrThrow(database, jane.id, { permissions: new Set(["users:read"]) });
    expect(narrow).not.toHaveProperty("household");
    expect(narrow).not.toHaveProperty("membership_record");
    const loner = await insertMember(database);
    expect(await getStaffUserDetailOrThrow(database, loner.id, { permissions: ALL })).toMatchObject({ household: null, membership_record: null });
    expect((await failure(getStaffUserDetailOrThrow(database, "not-a-uuid", { permissions: ALL })))?.code).toBe("not_found");
  });

  it("lists live sessions without tokens, ends every session and grant once, logs it, and never the caller's own", async () => {
    const { prisma } = database;
    const staff = await insertMember(database);
    const jane = await insertMember(database);
    const first = await insertSession(database, jane.id);
    const second = await insertSession(database, jane.id);
    const client = await insertClient(database);
    await insertGrant(database, { userId: jane.id, clientId: client, sessionId: first });
    const offline = await insertGrant(database, { userId: jane.id, clientId: client, sessionId: null });
    await prisma.grant.update({ where: { id: offline }, data: { offlineUntil: new Date(Date.now() + 86_400_000) } });
    // Jane holds no staff or volunteer permission: an old sign-in is enough to sign her out.
    const asStaff = { id: staff.id, authTime: null };

    const listed = await listStaffUserSessions(database, jane.id);
    expect(listed.sessions.map((session) => session.id).sort()).toEqual([first, second].sort());
    expect(JSON.stringify(listed)).not.toMatch(/token|current/);

    expect((await failure(endUserSessions(database, asStaff, staff.id, TEST_CONTEXT)))?.code).toBe("conflict");
    expect((await failure(endUserSessions(database, asStaff, "00000000-0000-4000-8000-0000000000ff", TEST_CONTEXT)))?.code).toBe("not_found");
    expect(await endUserSessions(database, asStaff, jane.id, TEST_CONTEXT)).toEqual({ status: "ok", revoked: 2 });
    expect(await prisma.session.count({ where: { userId: jane.id, revokedAt: null } })).toBe(0);
    expect(await prisma.grant.count({ where: { userId: jane.id, revokedAt: null } })).toBe(0);
    expect((await listStaffUserSessions(database, jane.id)).sessions).toEqual([]);
    // Again: nothing live, nothing written.
    expect(await endUserSessions(database, asStaff, jane.id, TEST_CONTEXT)).toEqual({ status: "ok", revoked: 0 });
    expect((await securityEventsOf(database, jane.id)).filter((event) => event.type === "sessions_ended_by_staff")).toEqual([
      { type: "sessions_ended_by_staff", detail: { by: staff.id, sessions: 2 } },
    ]);
    const log = await listStaffUserSecurityEvents(database, jane.id, 20, undefined);
    expect(log.events.map((event) => event.type)).toContain("sessions_ended_by_staff");
    expect((await failure(listStaffUserSessions(database, "00000000-0000-4000-8000-0000000000ff")))?.code).toBe("not_found");
    expect((await failure(listStaffUserSecurityEvents(database, "nope", 20, undefined)))?.code).toBe("not_found");
  });
});
