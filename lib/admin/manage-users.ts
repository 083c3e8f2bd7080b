import "server-only";
import { db, sql } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { GUARDIAN_ROLE } from "../guardians/schemas.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { containsPattern, offsetOf, orderBy, pageEnvelope } from "./paging.ts";
import type { AdminUser, AdminUsersQuery } from "./schemas.ts";

/**
 * Staff's view of accounts (users:read) and what they may do to one (users:write: disable, enable;
 * roles:write: assign roles). The select lists name every column answered: the password hash, TOTP
 * secret and codes are never read here.
 */

const USER_COLUMNS = `a.id, a.email, a.email_verified_at IS NOT NULL AS email_verified, a.given_name, a.family_name,
  ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = a.id ORDER BY r.name) AS roles,
  EXISTS (SELECT 1 FROM totp_credential t WHERE t.user_id = a.id AND t.status = 'confirmed') AS mfa_enabled,
  to_char(a.disabled_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS disabled_at,
  to_char(a.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at`;
const USER_SORT = { email: "a.email", familyName: "lower(a.family_name || ' ' || a.given_name)", createdAt: "a.created_at" };

export async function listUsers(query: AdminUsersQuery) {
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    conditions.push(`(a.email ILIKE $1 OR (a.given_name || ' ' || a.family_name) ILIKE $1)`);
  }
  if (query.status) conditions.push(query.status === "disabled" ? "a.disabled_at IS NOT NULL" : "a.disabled_at IS NULL");
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const [count] = await sql<{ total: string }>(`SELECT count(*)::text AS total FROM account a ${where}`, values);
  const rows = await sql<AdminUser>(
    `SELECT ${USER_COLUMNS} FROM account a ${where}
      ORDER BY ${orderBy(query.sort, USER_SORT, "a.id")} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.per, offsetOf(query)],
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows);
}

export async function getAdminUserOrThrow(userId: string): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  const [row] = await sql<AdminUser>(`SELECT ${USER_COLUMNS} FROM account a WHERE a.id = $1::uuid`, [userId]);
  if (!row) throw notFound("user");
  return row;
}

/**
 * POST /api/v1/admin/users/{id}/disable: the account can no longer sign in (lib/sessions/create-session.ts
 * refuses it), and every session and grant it has is revoked in the same transaction, so its refresh
 * tokens die and its access tokens stop working on our routes at once. Staff cannot disable themselves
 * (nobody locks the office out by a slip). Disabling again changes nothing.
 */
export async function disableUser(staffId: string, userId: string, context: RequestContext): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  if (userId.toLowerCase() === staffId.toLowerCase()) throw new IdentityError("conflict", "you cannot disable your own account");
  await (await db()).$transaction(async (tx) => {
    const [account] = await tx.$queryRaw<{ disabled: boolean }[]>`SELECT disabled_at IS NOT NULL AS disabled FROM account WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!account) throw notFound("user");
    if (account.disabled) return;
    const now = new Date();
    await tx.user.update({ where: { id: userId }, data: { disabledAt: now }, select: { id: true } });
    await tx.session.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now } });
    await tx.grant.updateMany({ where: { userId, revokedAt: null }, data: { revokedAt: now, revokedReason: "account_disabled" } });
    await recordSecurityEvent({ userId, type: "account_disabled", context, detail: { by: staffId } }, tx);
  });
  return getAdminUserOrThrow(userId);
}

/** POST /api/v1/admin/users/{id}/enable: the member may sign in again (their old sessions stay ended). */
export async function enableUser(staffId: string, userId: string, context: RequestContext): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  await (await db()).$transaction(async (tx) => {
    const [account] = await tx.$queryRaw<{ disabled: boolean }[]>`SELECT disabled_at IS NOT NULL AS disabled FROM account WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!account) throw notFound("user");
    if (!account.disabled) return;
    await tx.user.update({ where: { id: userId }, data: { disabledAt: null }, select: { id: true } });
    await recordSecurityEvent({ userId, type: "account_enabled", context, detail: { by: staffId } }, tx);
  });
  return getAdminUserOrThrow(userId);
}

/**
 * PUT /api/v1/admin/users/{id}/roles (roles:write): the account holds exactly these roles afterwards.
 * `guardian` is not assignable: guardianships give and take it, so it is kept as it is. An administrator
 * cannot take `roles:write` away from themselves (someone must be able to assign roles).
 */
export async function setUserRoles(staffId: string, userId: string, names: string[], context: RequestContext): Promise<AdminUser> {
  if (!isUuid(userId)) throw notFound("user");
  const wanted = [...new Set(names)].sort();
  if (wanted.includes(GUARDIAN_ROLE)) throw new IdentityError("invalid_request", "roles: guardian comes from guardianships and cannot be assigned");
  await (await db()).$transaction(async (tx) => {
    const [account] = await tx.$queryRaw<{ id: string }[]>`SELECT id FROM account WHERE id = ${userId}::uuid FOR UPDATE`;
    if (!account) throw notFound("user");
    const roles = await tx.role.findMany({ where: { name: { in: wanted } }, select: { id: true, name: true, permissions: true } });
    const unknown = wanted.filter((name) => !roles.some((role) => role.name === name));
    if (unknown.length > 0) throw new IdentityError("invalid_request", `roles: no role named ${unknown.join(", ")}`);
    if (userId.toLowerCase() === staffId.toLowerCase() && !roles.some((role) => role.permissions.includes("roles:write"))) {
      throw new IdentityError("conflict", "you cannot take roles:write away from yourself");
    }
    const before = await tx.userRole.findMany({ where: { userId }, select: { role: { select: { name: true } } } });
    await tx.userRole.deleteMany({ where: { userId, role: { name: { not: GUARDIAN_ROLE } }, roleId: { notIn: roles.map((role) => role.id) } } });
    await tx.userRole.createMany({ data: roles.map((role) => ({ userId, roleId: role.id })), skipDuplicates: true });
    const previous = before.map((row) => row.role.name).filter((name) => name !== GUARDIAN_ROLE).sort();
    if (previous.join(",") !== wanted.join(",")) {
      await recordSecurityEvent({ userId, type: "roles_changed", context, detail: { by: staffId, before: previous, after: wanted } }, tx);
    }
  });
  return getAdminUserOrThrow(userId);
}

/** GET /api/v1/admin/roles: every role with its permissions, for the assignment form. */
export async function listRoles(query: { page: number; per: number; q?: string; sort: string }) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE r.name ILIKE $1";
  }
  const [count] = await sql<{ total: string }>(`SELECT count(*)::text AS total FROM role r ${where}`, values);
  const rows = await sql<{ name: string; description: string; permissions: string[] }>(
    `SELECT r.name, r.description, r.permissions FROM role r ${where}
      ORDER BY ${orderBy(query.sort, { name: "r.name" }, "r.id")} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.per, offsetOf(query)],
  );
  return pageEnvelope(
    query,
    Number(count?.total ?? 0),
    rows.map((row) => ({ ...row, assignable: row.name !== GUARDIAN_ROLE })),
  );
}
