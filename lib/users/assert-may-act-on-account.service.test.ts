import { describe, expect, it } from "vitest";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { TEST_CONTEXT, insertClient, insertGrant, insertMember, insertSession } from "../db/test-fixtures.ts";
import { IdentityError } from "../identity/errors.ts";
import { ELEVATED_ACCOUNT_FORBIDDEN_REASON, SIGN_IN_AGAIN_FOR_ELEVATED_ACCOUNT } from "./staff-schemas.ts";
import { disableUser } from "./disable-user.ts";
import { enableUser } from "./enable-user.ts";
import { endUserSessions } from "./end-user-sessions.ts";
import { setUserRoles } from "./set-user-roles.ts";
import { ADMIN_ONLY_PERMISSIONS } from "../identity/permissions.ts";

// Issue 36, section 3: nobody acts on an account more powerful than their own, and an account with staff or
// volunteer permissions only after a recent sign-in (lib/users/assert-may-act-on-account.ts).
const database = serviceTestDatabase();

const now = () => Math.floor(Date.now() / 1000);
/** Older than the ten minutes a recent sign-in lasts. */
const elevenMinutesAgo = () => now() - 11 * 60;

async function memberWithRoles(...roles: string[]) {
  const member = await insertMember(database);
  for (const name of roles) {
    const role = await database.prisma.role.findUniqueOrThrow({ where: { name }, select: { id: true } });
    await database.prisma.userRole.create({ data: { userId: member.id, roleId: role.id } });
  }
  return member;
}

const missing = (permissions: string) => ({
  code: "forbidden",
  description: `missing permission ${permissions}: ${ELEVATED_ACCOUNT_FORBIDDEN_REASON}`,
});

const stepUp = {
  code: "insufficient_user_authentication",
  description: SIGN_IN_AGAIN_FOR_ELEVATED_ACCOUNT,
  headers: { "WWW-Authenticate": `Bearer error="insufficient_user_authentication", error_description="${SIGN_IN_AGAIN_FOR_ELEVATED_ACCOUNT}", max_age=600` },
};

async function stateOf(userId: string) {
  const { prisma } = database;
  return {
    disabledAt: (await prisma.user.findUniqueOrThrow({ where: { id: userId }, select: { disabledAt: true } })).disabledAt,
    liveSessions: await prisma.session.count({ where: { userId, revokedAt: null } }),
    roles: (await prisma.userRole.findMany({ where: { userId }, select: { role: { select: { name: true } } } })).map((row) => row.role.name).sort(),
    events: await prisma.securityEvent.count({ where: { userId } }),
  };
}

describe("acting on a more powerful account", () => {
  it("staff with users:write cannot disable, sign out or enable an administrator; nothing changes", async () => {
    const staff = await memberWithRoles("staff", "member");
    const admin = await memberWithRoles("admin");
    await insertSession(database, admin.id);
    const asStaff = { id: staff.id, authTime: now() };
    const before = await stateOf(admin.id);

    // Staff hold every staff permission but the administrators' own: each is named, in order.
    const administratorsOwn = [...ADMIN_ONLY_PERMISSIONS].sort().join(", ");
    expect(await thrownBy(IdentityError, disableUser(database, asStaff, admin.id, TEST_CONTEXT))).toMatchObject(missing(administratorsOwn));
    expect(await thrownBy(IdentityError, endUserSessions(database, asStaff, admin.id, TEST_CONTEXT))).toMatchObject(missing(administratorsOwn));
    expect(await stateOf(admin.id)).toEqual(before);

    // A disabled administrator (a former one whose password someone still knows) stays disabled.
    await database.prisma.user.update({ where: { id: admin.id }, data: { disabledAt: new Date() } });
    expect(await thrownBy(IdentityError, enableUser(database, asStaff, admin.id, TEST_CONTEXT))).toMatchObject(missing(administratorsOwn));
    expect((await stateOf(admin.id)).disabledAt).not.toBeNull();
  });

  it("an account whose permissions the actor holds needs a recent sign-in; a member's does not", async () => {
    const admin = await memberWithRoles("admin");
    const otherAdmin = await memberWithRoles("admin");
    const staff = await memberWithRoles("staff", "member");
    const volunteer = await memberWithRoles("kiosk", "member");
    const guardianOnly = await memberWithRoles("guardian", "member");
    const session = await insertSession(database, otherAdmin.id);
    await insertGrant(database, { userId: otherAdmin.id, clientId: await insertClient(database), sessionId: session });

    const stale = { id: admin.id, authTime: elevenMinutesAgo() };
    const unknown = { id: admin.id, authTime: null };
    const fresh = { id: admin.id, authTime: now() };
    for (const target of [otherAdmin, staff, volunteer]) {
      const before = await stateOf(target.id);
      expect(await thrownBy(IdentityError, disableUser(database, stale, target.id, TEST_CONTEXT))).toMatchObject(stepUp);
      expect(await thrownBy(IdentityError, endUserSessions(database, unknown, target.id, TEST_CONTEXT))).toMatchObject(stepUp);
      expect(await stateOf(target.id)).toEqual(before);
    }

    // Signed in again: the administrator signs another out and disables and enables them.
    expect(await endUserSessions(database, fresh, otherAdmin.id, TEST_CONTEXT)).toEqual({ status: "ok", revoked: 1 });
    expect((await disableUser(database, fresh, otherAdmin.id, TEST_CONTEXT)).disabled_at).not.toBeNull();
    expect(await thrownBy(IdentityError, enableUser(database, stale, otherAdmin.id, TEST_CONTEXT))).toMatchObject(stepUp);
    expect((await enableUser(database, fresh, otherAdmin.id, TEST_CONTEXT)).disabled_at).toBeNull();

    // Staff hold every permission of a volunteer and of other staff: with a recent sign-in they may act.
    const asStaff = { id: staff.id, authTime: now() };
    expect((await disableUser(database, asStaff, volunteer.id, TEST_CONTEXT)).disabled_at).not.toBeNull();
    const otherStaff = await memberWithRoles("staff");
    expect((await disableUser(database, asStaff, otherStaff.id, TEST_CONTEXT)).disabled_at).not.toBeNull();

    // A guardian's permission comes from a guardianship, a member's are everyone's: no step-up for them.
    const oldStaff = { id: staff.id, authTime: elevenMinutesAgo() };
    expect((await disableUser(database, oldStaff, guardianOnly.id, TEST_CONTEXT)).disabled_at).not.toBeNull();
    expect((await enableUser(database, oldStaff, guardianOnly.id, TEST_CONTEXT)).disabled_at).toBeNull();
  });

  it("roles:write gives and takes only what the actor holds", async () => {
    const { prisma } = database;
    // A role that may assign roles but holds nothing else of the office: a church's own custom role.
    await prisma.role.create({ data: { name: "role-clerk", description: "Assigns roles", permissions: ["roles:write", "users:read"] } });
    const clerk = await memberWithRoles("role-clerk");
    const member = await memberWithRoles("member");
    const admin = await memberWithRoles("admin");
    const asClerk = { id: clerk.id, authTime: now() };

    // Giving: the staff role's permissions the clerk lacks, each named.
    const staffRole = await prisma.role.findUniqueOrThrow({ where: { name: "staff" }, select: { permissions: true } });
    const lacking = staffRole.permissions.filter((permission) => permission !== "users:read").sort();
    expect(lacking.length).toBeGreaterThan(0);
    expect(await thrownBy(IdentityError, setUserRoles(database, asClerk, member.id, ["member", "staff"], TEST_CONTEXT))).toMatchObject(missing(lacking.join(", ")));
    expect(await thrownBy(IdentityError, setUserRoles(database, asClerk, member.id, ["member", "kiosk"], TEST_CONTEXT))).toMatchObject(missing("attendance:kiosk"));
    // Taking: an administrator's roles cannot be changed by someone holding less, even to fewer.
    expect(await thrownBy(IdentityError, setUserRoles(database, asClerk, admin.id, ["member"], TEST_CONTEXT))).toMatchObject({ code: "forbidden" });
    expect((await stateOf(admin.id)).roles).toEqual(["admin"]);
    expect((await stateOf(member.id)).roles).toEqual(["member"]);

    // What the clerk holds, the clerk may give, after a recent sign-in.
    expect(await thrownBy(IdentityError, setUserRoles(database, { id: clerk.id, authTime: elevenMinutesAgo() }, member.id, ["member", "role-clerk"], TEST_CONTEXT))).toMatchObject(stepUp);
    expect((await setUserRoles(database, asClerk, member.id, ["member", "role-clerk"], TEST_CONTEXT)).roles).toEqual(["member", "role-clerk"]);

    // An administrator holds everything: gives the staff role and takes it back.
    const asAdmin = { id: admin.id, authTime: now() };
    expect((await setUserRoles(database, asAdmin, member.id, ["member", "staff"], TEST_CONTEXT)).roles).toEqual(["member", "staff"]);
    expect((await setUserRoles(database, asAdmin, member.id, ["member"], TEST_CONTEXT)).roles).toEqual(["member"]);
  });
});
