import "server-only";
import type { Database } from "../db/database.ts";
import { GUARDIAN_ROLE } from "../guardians/schemas.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { assertMayActOnAccount, type StaffActor } from "./assert-may-act-on-account.ts";
import { getStaffUserOrThrow } from "./get-staff-user-or-throw.ts";
import { lockAccountOrThrow } from "./account-lock.ts";
import type { AdminUser } from "./staff-schemas.ts";

/**
 * PUT /api/v1/admin/users/{id}/roles (roles:write): the account holds exactly these roles afterwards.
 * `guardian` is not assignable: guardianships give and take it, so it is kept as it is. An administrator
 * cannot take `roles:write` away from themselves (someone must be able to assign roles). Nobody gives a
 * staff or volunteer permission they do not hold, nor changes the roles of an account holding one they lack
 * (./assert-may-act-on-account.ts): `roles:write` alone would otherwise make any administrator's powers
 * anyone's.
 */
export async function setUserRoles(database: Database, actor: StaffActor, userId: string, names: string[], context: RequestContext): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  const wanted = [...new Set(names)].sort();
  if (wanted.includes(GUARDIAN_ROLE)) throw new IdentityError("invalid_request", "roles: guardian comes from guardianships and cannot be assigned");
  await database.transaction(async (tx) => {
    await lockAccountOrThrow(tx, userId);
    const roles = await tx.prisma.role.findMany({ where: { name: { in: wanted } }, select: { id: true, name: true, permissions: true } });
    const unknown = wanted.filter((name) => !roles.some((role) => role.name === name));
    if (unknown.length > 0) throw new IdentityError("invalid_request", `roles: no role named ${unknown.join(", ")}`);
    if (userId.toLowerCase() === actor.id.toLowerCase() && !roles.some((role) => role.permissions.includes("roles:write"))) {
      throw new IdentityError("conflict", "you cannot take roles:write away from yourself");
    }
    await assertMayActOnAccount(tx, actor, userId, roles.flatMap((role) => role.permissions));
    const before = await tx.prisma.userRole.findMany({ where: { userId }, select: { role: { select: { name: true } } } });
    await tx.prisma.userRole.deleteMany({ where: { userId, role: { name: { not: GUARDIAN_ROLE } }, roleId: { notIn: roles.map((role) => role.id) } } });
    await tx.prisma.userRole.createMany({ data: roles.map((role) => ({ userId, roleId: role.id })), skipDuplicates: true });
    const previous = before.map((row) => row.role.name).filter((name) => name !== GUARDIAN_ROLE).sort();
    if (previous.join(",") !== wanted.join(",")) {
      await recordSecurityEvent(tx, { userId, type: "roles_changed", context, detail: { by: actor.id, before: previous, after: wanted } });
    }
  });
  return getStaffUserOrThrow(database, userId);
}
