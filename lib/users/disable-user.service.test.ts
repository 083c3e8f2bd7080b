import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TEST_CONTEXT, failure, insertClient, insertGrant, insertMember, insertSession } from "../db/test-fixtures.ts";
import { disableUser } from "./disable-user.ts";
import { enableUser } from "./enable-user.ts";
import { getStaffUserOrThrow } from "./get-staff-user-or-throw.ts";
import { listRoles } from "./list-roles.ts";
import { listUsers } from "./list-users.ts";
import { setUserRoles } from "./set-user-roles.ts";

// Staff's account tools on a database with every migration (docs/decisions/0019: services take the handle).
const database = serviceTestDatabase();

describe("staff's account tools", () => {
  it("disable an account with every session and grant in one transaction, enable it again, and never disable oneself", async () => {
    const { prisma } = database;
    const staff = await insertMember(database);
    const jane = await insertMember(database, { email: "jane@example.org" });
    // Jane holds no staff or volunteer permission: an old sign-in is enough to act on her account.
    const asStaff = { id: staff.id, authTime: null };
    const session = await insertSession(database, jane.id);
    await insertGrant(database, { userId: jane.id, clientId: await insertClient(database), sessionId: session });

    expect((await failure(disableUser(database, asStaff, staff.id, TEST_CONTEXT)))?.description).toBe("you cannot disable your own account");
    expect((await failure(disableUser(database, asStaff, "not-a-uuid", TEST_CONTEXT)))?.code).toBe("not_found");

    const disabled = await disableUser(database, asStaff, jane.id, TEST_CONTEXT);
    expect(disabled).toMatchObject({ id: jane.id, email: "jane@example.org", disabled_at: expect.stringMatching(/Z$/), roles: [], mfa_enabled: false });
    expect(await prisma.session.findUniqueOrThrow({ where: { id: session }, select: { revokedAt: true } })).toEqual({ revokedAt: expect.any(Date) });
    expect(await prisma.grant.findFirstOrThrow({ where: { userId: jane.id }, select: { revokedReason: true } })).toEqual({ revokedReason: "account_disabled" });
    // Again: nothing changes, and the log has one entry.
    expect((await disableUser(database, asStaff, jane.id, TEST_CONTEXT)).disabled_at).toBe(disabled.disabled_at);
    expect(await prisma.securityEvent.count({ where: { userId: jane.id, type: "account_disabled" } })).toBe(1);

    const enabled = await enableUser(database, asStaff, jane.id, TEST_CONTEXT);
    expect(enabled.disabled_at).toBeNull();
    expect(await prisma.securityEvent.count({ where: { userId: jane.id, type: "account_enabled" } })).toBe(1);
    expect(await prisma.session.findUniqueOrThrow({ where: { id: session }, select: { revokedAt: true } })).not.toEqual({ revokedAt: null });
  });

  it("set roles exactly, keep guardian, and page, search and sort the lists", async () => {
    const { prisma } = database;
    // The migrations make admin, member, guardian and staff.
    const admin = await prisma.role.findUniqueOrThrow({ where: { name: "admin" }, select: { id: true } });
    await prisma.role.create({ data: { name: "editor", description: "Events", permissions: ["events:write"] } });
    const boss = await insertMember(database);
    await prisma.userRole.create({ data: { userId: boss.id, roleId: admin.id } });
    const sam = await insertMember(database, { email: "sam_50%@example.org" });
    const asBoss = { id: boss.id, authTime: Math.floor(Date.now() / 1000) };

    expect((await setUserRoles(database, asBoss, sam.id, ["editor", "admin", "editor"], TEST_CONTEXT)).roles).toEqual(["admin", "editor"]);
    expect((await failure(setUserRoles(database, asBoss, sam.id, ["guardian"], TEST_CONTEXT)))?.code).toBe("invalid_request");
    expect((await failure(setUserRoles(database, asBoss, sam.id, ["nobody"], TEST_CONTEXT)))?.description).toBe("roles: no role named nobody");
    expect((await failure(setUserRoles(database, asBoss, boss.id, ["editor"], TEST_CONTEXT)))?.description).toBe("you cannot take roles:write away from yourself");
    expect(await prisma.securityEvent.count({ where: { userId: sam.id, type: "roles_changed" } })).toBe(1);

    // LIKE wildcards in a search are the characters themselves.
    const found = await listUsers(database, { page: 1, per: 20, sort: "familyName", q: "_50%" });
    expect(found).toEqual({ metadata: { total: 1, page: 1, per: 20 }, items: [expect.objectContaining({ id: sam.id, roles: ["admin", "editor"] })] });
    const byEmail = await listUsers(database, { page: 2, per: 1, sort: "-email" });
    expect(byEmail.metadata.total).toBe(await prisma.user.count());
    expect(byEmail.items).toHaveLength(1);
    expect(await getStaffUserOrThrow(database, sam.id)).toEqual(found.items[0]);

    const roles = await listRoles(database, { page: 1, per: 2, sort: "name" });
    expect(roles).toEqual({
      metadata: { total: 6, page: 1, per: 2 },
      items: [
        expect.objectContaining({ name: "admin", permissions: expect.arrayContaining(["roles:write"]), assignable: true }),
        { name: "editor", description: "Events", permissions: ["events:write"], assignable: true },
      ],
    });
    expect((await listRoles(database, { page: 1, per: 20, sort: "-name", q: "guard" })).items).toEqual([expect.objectContaining({ name: "guardian", assignable: false })]);
  });
});
