import "server-only";
import type { Database } from "../db/database.ts";
import { listCheckInsOf } from "../check-in/attendance.ts";
import { readPickupListOf } from "../families/pickup-people.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { readRegistrations } from "../registrations/read-registrations.ts";
import { RegistrationSchema } from "../registrations/schemas.ts";
import type { AdminUserParticipation } from "./staff-schemas.ts";
import type { StaffUserDetailViewer } from "./get-staff-user-detail-or-throw.ts";

/** How many of each a person's page lists: the newest, which is what the office asks about. */
export const PARTICIPATION_LIMIT = 50;

/**
 * GET /api/v1/admin/users/{id}/participation (users:read): what a person's page shows of their church life
 * beside the account. Their sign-ups, newest event first (with `events:read`, which reads an event's sign-ups);
 * their check-ins, newest first (with `attendance:read`); and, for a child of a household, who may collect them
 * and who may not (with `families:read`, which reads the household). A part the caller may not read is absent,
 * and its query is never run, as on the account's own detail.
 */
export async function getStaffUserParticipationOrThrow(database: Database, userId: string, viewer: StaffUserDetailViewer): Promise<AdminUserParticipation> {
  if (!isUuid(userId)) throw notFound("user");
  const [person] = await database.query<{ child_family_id: string | null }>(
    `SELECT (SELECT fm.family_id::text FROM family_member fm WHERE fm.user_id = a.id AND fm.role = 'child') AS child_family_id
       FROM account a WHERE a.id = $1::uuid`,
    [userId],
  );
  if (!person) throw notFound("user");
  const may = (permission: string) => viewer.permissions.has(permission);
  const [signUps, checkIns, pickup] = await Promise.all([
    may("events:read")
      ? readRegistrations(database, `r.person_id = $1::uuid`, [userId], `e.start_at DESC, e.id, r.seq LIMIT ${PARTICIPATION_LIMIT}`)
      : undefined,
    may("attendance:read") ? listCheckInsOf(database, userId, PARTICIPATION_LIMIT) : undefined,
    may("families:read") && person.child_family_id ? readPickupListOf(database, person.child_family_id, userId) : null,
  ]);
  return {
    // The registration as the member's own list answers it (readRegistrations adds the family name for staff lists).
    ...(signUps && { sign_ups: signUps.map((registration) => RegistrationSchema.parse(registration)) }),
    ...(checkIns && { check_ins: checkIns }),
    ...(may("families:read") && { pickup }),
  };
}
