import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { recordSecurityEvent, type SecurityEventInput } from "../security-log/record-security-event.ts";

/** The ids of a household's members of a role (or all of them), for the security logs a staff change writes. */
export async function householdMemberIds(tx: Database, familyId: string, role?: "adult" | "child"): Promise<string[]> {
  const rows = await tx.query<{ user_id: string }>(
    `SELECT user_id::text AS user_id FROM family_member WHERE family_id = $1::uuid AND ($2::text IS NULL OR role = $2) ORDER BY joined_at, user_id`,
    [familyId, role ?? null],
  );
  return rows.map((row) => row.user_id);
}

/** The same entry, naming the staff member who did it (`by`), in the log of each person a staff change concerns. */
export async function logForEach(tx: Database, userIds: readonly string[], type: SecurityEventInput["type"], context: RequestContext, detail: Record<string, string | string[]>, staffId: string): Promise<void> {
  for (const userId of userIds) await recordSecurityEvent(tx, { userId, type, context, detail: { ...detail, by: staffId } });
}
