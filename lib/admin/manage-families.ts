import "server-only";
import { db, sql } from "../db.ts";
import { env } from "../env.ts";
import { createGuardianship } from "../guardians/create-guardianship.ts";
import { GUARDIAN_ROLE } from "../guardians/schemas.ts";
import { isMinorOn, utcDate } from "../guardians/majority.ts";
import type { RequestContext } from "../http/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { containsPattern, offsetOf, orderBy, pageEnvelope } from "./paging.ts";
import type { AdminFamiliesQuery, AdminFamilyDetail, AdminGuardianship, AdminGuardianshipsQuery } from "./schemas.ts";

/**
 * Households and guardianships as staff see them (families:read) and record them (families:write). A
 * family's join code is never answered here: only its adults see it (docs/decisions/0013). Guardianships
 * have no self-service route, since one lets its holder act for someone else; staff record them here.
 */

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

export async function listFamilies(query: AdminFamiliesQuery) {
  const values: unknown[] = [];
  let where = "";
  if (query.q) {
    values.push(containsPattern(query.q));
    where = "WHERE f.name ILIKE $1";
  }
  const [count] = await sql<{ total: string }>(`SELECT count(*)::text AS total FROM family f ${where}`, values);
  const rows = await sql<{ id: string; name: string; member_count: number; created_at: string }>(
    `SELECT f.id::text AS id, f.name, (SELECT count(*)::int FROM family_member fm WHERE fm.family_id = f.id) AS member_count, ${ISO("f.created_at")} AS created_at
       FROM family f ${where}
      ORDER BY ${orderBy(query.sort, { name: "lower(f.name)", createdAt: "f.created_at" }, "f.id")} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.per, offsetOf(query)],
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows);
}

export async function getFamilyForStaffOrThrow(familyId: string): Promise<AdminFamilyDetail> {
  if (!isUuid(familyId)) throw notFound("family");
  const [row] = await sql<{ json: string }>(
    `SELECT json_build_object(
       'id', f.id, 'name', f.name, 'created_at', ${ISO("f.created_at")},
       'member_count', (SELECT count(*)::int FROM family_member fm WHERE fm.family_id = f.id),
       'members', COALESCE((SELECT json_agg(json_build_object('user_id', a.id, 'given_name', a.given_name, 'family_name', a.family_name,
                      'role', fm.role, 'joined_at', ${ISO("fm.joined_at")}) ORDER BY fm.role, fm.joined_at, a.id)
                    FROM family_member fm JOIN account a ON a.id = fm.user_id WHERE fm.family_id = f.id), '[]'::json)
     )::text AS json FROM family f WHERE f.id = $1::uuid`,
    [familyId],
  );
  if (!row) throw notFound("family");
  return JSON.parse(row.json) as AdminFamilyDetail;
}

const GUARDIANSHIP_SELECT = `SELECT json_build_object(
    'id', g.id,
    'guardian', json_build_object('id', ga.id, 'email', ga.email, 'given_name', ga.given_name, 'family_name', ga.family_name),
    'dependent', json_build_object('id', da.id, 'email', da.email, 'given_name', da.given_name, 'family_name', da.family_name, 'birth_date', da.birth_date),
    'created_at', ${ISO("g.created_at")}, 'ended_at', ${ISO("g.ended_at")}
  )::text AS json
  FROM guardianship g JOIN account ga ON ga.id = g.guardian_id JOIN account da ON da.id = g.dependent_id`;

export async function listGuardianships(query: AdminGuardianshipsQuery) {
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    conditions.push(
      `((ga.given_name || ' ' || ga.family_name) ILIKE $1 OR ga.email ILIKE $1 OR (da.given_name || ' ' || da.family_name) ILIKE $1 OR da.email ILIKE $1)`,
    );
  }
  if (query.status) conditions.push(query.status === "ended" ? "g.ended_at IS NOT NULL" : "g.ended_at IS NULL");
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const [count] = await sql<{ total: string }>(
    `SELECT count(*)::text AS total FROM guardianship g JOIN account ga ON ga.id = g.guardian_id JOIN account da ON da.id = g.dependent_id ${where}`,
    values,
  );
  const rows = await sql<{ json: string }>(
    `${GUARDIANSHIP_SELECT} ${where} ORDER BY ${orderBy(query.sort, { createdAt: "g.created_at" }, "g.id")} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.per, offsetOf(query)],
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows.map((row) => JSON.parse(row.json) as AdminGuardianship));
}

async function getGuardianshipOrThrow(id: string): Promise<AdminGuardianship> {
  const [row] = await sql<{ json: string }>(`${GUARDIANSHIP_SELECT} WHERE g.id = $1::uuid`, [id]);
  if (!row) throw notFound("guardianship");
  return JSON.parse(row.json) as AdminGuardianship;
}

/**
 * POST /api/v1/admin/guardianships: records that one member is the guardian of a minor, which gives the
 * guardian role (lib/guardians/create-guardianship.ts). The dependant must have a birth date under the
 * age of majority; an ended guardianship of the same pair starts again. 201, or 200 when it was live already.
 */
export async function createGuardianshipForStaff(
  staffId: string,
  guardianId: string,
  dependentId: string,
  context: RequestContext,
): Promise<{ guardianship: AdminGuardianship; created: boolean }> {
  const now = new Date();
  const created = await (await db()).$transaction(async (tx) => {
    const people = await tx.user.findMany({ where: { id: { in: [guardianId, dependentId] } }, select: { id: true, birthDate: true } });
    if (!people.some((person) => person.id === guardianId)) throw new IdentityError("invalid_request", "guardian_id: no such user");
    const dependent = people.find((person) => person.id === dependentId);
    if (!dependent) throw new IdentityError("invalid_request", "dependent_id: no such user");
    if (!isMinorOn(dependent.birthDate, utcDate(now), env().AGE_OF_MAJORITY)) {
      throw new IdentityError("invalid_request", "dependent_id: a dependant must have a birth date and be under the age of majority");
    }
    const existing = await tx.guardianship.findUnique({ where: { guardianId_dependentId: { guardianId, dependentId } }, select: { endedAt: true } });
    if (existing && !existing.endedAt) return false;
    await createGuardianship(tx, guardianId, dependentId, now);
    for (const userId of [guardianId, dependentId]) {
      await recordSecurityEvent({ userId, type: "guardianship_created", context, detail: { guardian_id: guardianId, dependent_id: dependentId, by: staffId } }, tx);
    }
    return true;
  });
  const [row] = await sql<{ id: string }>(`SELECT id::text AS id FROM guardianship WHERE guardian_id = $1::uuid AND dependent_id = $2::uuid`, [guardianId, dependentId]);
  return { guardianship: await getGuardianshipOrThrow(row!.id), created };
}

/**
 * POST /api/v1/admin/guardianships/{id}/end: the guardian no longer acts for the dependant, at once; a
 * guardian left with no live guardianship loses the guardian role, as at coming of age. Ending again
 * changes nothing.
 */
export async function endGuardianshipForStaff(staffId: string, id: string, context: RequestContext): Promise<AdminGuardianship> {
  if (!isUuid(id)) throw notFound("guardianship");
  await (await db()).$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ guardian_id: string; dependent_id: string; ended: boolean }[]>`
      SELECT guardian_id::text AS guardian_id, dependent_id::text AS dependent_id, ended_at IS NOT NULL AS ended FROM guardianship WHERE id = ${id}::uuid`;
    if (!row) throw notFound("guardianship");
    if (row.ended) return;
    // The guardian's row first, as createGuardianship and the coming-of-age run lock it.
    await tx.$queryRaw`SELECT id FROM account WHERE id = ${row.guardian_id}::uuid FOR UPDATE`;
    await tx.$executeRaw`UPDATE guardianship SET ended_at = now() WHERE id = ${id}::uuid AND ended_at IS NULL`;
    await tx.$executeRaw`
      DELETE FROM user_role ur USING role r
       WHERE r.id = ur.role_id AND r.name = ${GUARDIAN_ROLE} AND ur.user_id = ${row.guardian_id}::uuid
         AND NOT EXISTS (SELECT 1 FROM guardianship g WHERE g.guardian_id = ur.user_id AND g.ended_at IS NULL)`;
    for (const userId of [row.guardian_id, row.dependent_id]) {
      await recordSecurityEvent({ userId, type: "guardianship_ended", context, detail: { guardian_id: row.guardian_id, dependent_id: row.dependent_id, by: staffId } }, tx);
    }
  });
  return getGuardianshipOrThrow(id);
}
