import { describe, expect, it } from "vitest";
import { verifyPassword } from "../crypto/password.ts";
import { serviceTestDatabase } from "../db/service-test.ts";
import { failure, insertMember, insertSession, securityEventsOf } from "../db/test-fixtures.ts";
import { ensureBuiltIns } from "../system/ensure-built-ins.ts";
import { AdministratorInputError, COMMAND_LINE, createAdministrator } from "./create-administrator.ts";

// `npm run admin:create` (issue 39): the first administrator of an empty start, and access back for a church
// whose administrators are locked out; every change in the audit log.
const database = serviceTestDatabase();
const PASSWORD = "harbour lantern seventy";

const rolesOf = async (userId: string) => (await database.prisma.userRole.findMany({ where: { userId }, select: { role: { select: { name: true } } } })).map((row) => row.role.name).sort();
const auditOf = (userId: string) =>
  database.query<{ method: string; path: string; client_id: string; changes: { table: string; operation: string; after: Record<string, unknown> | null }[] }>(
    `SELECT method, path, client_id, changes FROM staff_audit_entry WHERE actor_id = $1::uuid ORDER BY at`,
    [userId],
  );

describe("createAdministrator", () => {
  it("makes a new administrator with a confirmed address and a judged password, recorded in the audit log without the password", async () => {
    await ensureBuiltIns(database);
    const email = `ada-${crypto.randomUUID()}@church.example`;
    const made = await createAdministrator(database, { email: ` ${email.toUpperCase()} `, given_name: "Ada", family_name: "Lovelace", password: PASSWORD });
    expect(made).toEqual({ userId: expect.any(String), created: true, roles: ["admin", "member"] });
    const account = await database.prisma.user.findUniqueOrThrow({ where: { id: made.userId }, select: { email: true, emailVerifiedAt: true, passwordHash: true } });
    expect(account.email).toBe(email);
    expect(account.emailVerifiedAt).not.toBeNull();
    expect(await verifyPassword(account.passwordHash!, PASSWORD)).toBe(true);
    expect(await rolesOf(made.userId)).toEqual(["admin", "member"]);

    const [entry] = await auditOf(made.userId);
    expect(entry).toMatchObject({ method: "CLI", path: "npm run admin:create", client_id: COMMAND_LINE });
    expect(entry!.changes.map((change) => `${change.table}:${change.operation}`).sort()).toEqual(["user_role:insert", "user_role:insert"]);
    expect(JSON.stringify(entry)).not.toContain(PASSWORD);
    expect((await securityEventsOf(database, made.userId)).map((event) => event.type)).toEqual(["roles_changed"]);
  });

  it("gives a locked-out member access back: the role, enabled, a new password that ends their sessions, a fresh second factor", async () => {
    await ensureBuiltIns(database);
    const locked = await insertMember(database, { givenName: "Grace", familyName: "Hopper" });
    await database.prisma.user.update({ where: { id: locked.id }, data: { disabledAt: new Date() } });
    const session = await insertSession(database, locked.id);
    await database.prisma.totpCredential.create({ data: { userId: locked.id, secretEncrypted: "sealed", status: "confirmed", confirmedAt: new Date() } });

    const again = await createAdministrator(database, { email: locked.email!, password: PASSWORD, reset_two_step: true });
    expect(again).toEqual({ userId: locked.id, created: false, roles: ["admin", "member"] });
    const account = await database.prisma.user.findUniqueOrThrow({ where: { id: locked.id }, select: { disabledAt: true, passwordHash: true } });
    expect(account.disabledAt).toBeNull();
    expect(await verifyPassword(account.passwordHash!, PASSWORD)).toBe(true);
    expect((await database.prisma.session.findUniqueOrThrow({ where: { id: session }, select: { revokedAt: true } })).revokedAt).not.toBeNull();
    expect(await database.prisma.totpCredential.count({ where: { userId: locked.id } })).toBe(0);
    expect((await securityEventsOf(database, locked.id)).map((event) => event.type).sort()).toEqual(["password_changed", "roles_changed"]);

    // Run again without a password: nothing more to give, nothing more logged.
    await createAdministrator(database, { email: locked.email!, password: null });
    expect((await securityEventsOf(database, locked.id)).map((event) => event.type).sort()).toEqual(["password_changed", "roles_changed"]);
    expect(await auditOf(locked.id)).toHaveLength(2);
  });

  it("refuses, in words and with nothing written, what it cannot make an administrator of", async () => {
    await ensureBuiltIns(database);
    const email = `new-${crypto.randomUUID()}@church.example`;
    const refusal = async (input: Parameters<typeof createAdministrator>[1]) => (await failure<AdministratorInputError>(createAdministrator(database, input)))?.message;
    expect(await refusal({ email, password: PASSWORD })).toBe("a new account needs --given-name and --family-name");
    expect(await refusal({ email, given_name: "Ann", family_name: "Lee", password: null })).toBe("a new account needs a password (ADMIN_PASSWORD, or on standard input)");
    expect(await refusal({ email, given_name: "Ann", family_name: "Lee", password: "password" })).toMatch(/^password: /);
    expect(await refusal({ email: "not an address", given_name: "Ann", family_name: "Lee", password: PASSWORD })).toBe("email: Enter your email address, like name@example.org.");
    expect(await database.prisma.user.count({ where: { email } })).toBe(0);
  });
});
