import "server-only";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { createGuardianship } from "../guardians/create-guardianship.ts";
import { isMinorOn, utcDate } from "../guardians/majority.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getGuardianshipForStaffOrThrow } from "./get-guardianship-for-staff-or-throw.ts";
import type { AdminGuardianship } from "./staff-schemas.ts";

/**
 * Staff record that one member is the guardian of a minor, in the caller's transaction: the dependant must
 * have a birth date under the age of majority; an ended guardianship of the pair starts again. A request
 * waiting for the minor's answer about this pair is answered by it (`confirmed`, decided now): staff may
 * confirm one directly (docs/decisions/0013), and a later "no" must not sit beside a live guardianship.
 * False when it was live already (nothing changes then).
 */
export async function recordGuardianshipForStaff(tx: Database, staffId: string, guardianId: string, dependentId: string, context: RequestContext, now: Date): Promise<boolean> {
  const people = await tx.prisma.user.findMany({ where: { id: { in: [guardianId, dependentId] } }, select: { id: true, birthDate: true } });
  if (!people.some((person) => person.id === guardianId)) throw new IdentityError("invalid_request", "guardian_id: no such user");
  const dependent = people.find((person) => person.id === dependentId);
  if (!dependent) throw new IdentityError("invalid_request", "dependent_id: no such user");
  if (!isMinorOn(dependent.birthDate, utcDate(now), env().AGE_OF_MAJORITY)) {
    throw new IdentityError("invalid_request", "dependent_id: a dependant must have a birth date and be under the age of majority");
  }
  const existing = await tx.prisma.guardianship.findUnique({ where: { guardianId_dependentId: { guardianId, dependentId } }, select: { endedAt: true } });
  if (existing && !existing.endedAt) return false;
  await createGuardianship(tx, guardianId, dependentId, now);
  const answered = await tx.query<{ id: string }>(
    `UPDATE guardianship_request SET decision = 'confirmed', decided_at = $3 WHERE guardian_id = $1::uuid AND dependent_id = $2::uuid AND decision IS NULL RETURNING id::text AS id`,
    [guardianId, dependentId, now],
  );
  for (const userId of [guardianId, dependentId]) {
    await recordSecurityEvent(tx, {
      userId,
      type: "guardianship_created",
      context,
      detail: { guardian_id: guardianId, dependent_id: dependentId, by: staffId, ...(answered[0] ? { request_id: answered[0].id } : {}) },
    });
  }
  return true;
}

/**
 * POST /api/v1/admin/guardianships (families:write): records that one member is the guardian of a minor,
 * which gives the guardian role (lib/guardians/create-guardianship.ts), by recordGuardianshipForStaff's
 * rules. Guardianships have no self-service route, since one lets its holder act for someone else: staff
 * record them here. `created` is false when it was live already (200 rather than 201).
 */
export async function createGuardianshipForStaff(
  database: Database,
  staffId: string,
  guardianId: string,
  dependentId: string,
  context: RequestContext,
): Promise<{ guardianship: AdminGuardianship; created: boolean }> {
  const now = new Date();
  const created = await database.transaction((tx) => recordGuardianshipForStaff(tx, staffId, guardianId, dependentId, context, now));
  const row = await database.prisma.guardianship.findUniqueOrThrow({ where: { guardianId_dependentId: { guardianId, dependentId } }, select: { id: true } });
  return { guardianship: await getGuardianshipForStaffOrThrow(database, row.id), created };
}
