import "server-only";
import type { Database } from "../db/database.ts";
import { listSecurityEvents } from "../security-log/list-security-events.ts";
import { requireAccountOrThrow } from "./list-staff-user-sessions.ts";

/**
 * GET /api/v1/admin/users/{id}/security-events (users:read): the member's own security log, newest first,
 * the same pages and cursor as theirs (the cursor is bound to the member: another member's is refused).
 */
export async function listStaffUserSecurityEvents(database: Database, userId: string, limit: number, cursor: string | undefined) {
  await requireAccountOrThrow(database, userId);
  return listSecurityEvents(database, userId, limit, cursor);
}
