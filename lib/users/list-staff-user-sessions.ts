import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { listMemberSessions } from "../sessions/list-member-sessions.ts";
import { AdminUserSessionSchema, type AdminUserSession } from "./staff-schemas.ts";

/** Whether an account exists; a malformed id is no account. */
export async function requireAccountOrThrow(database: Database, userId: string): Promise<void> {
  if (!isUuid(userId)) throw notFound("user");
  const [account] = await database.query<{ id: string }>(`SELECT id FROM account WHERE id = $1::uuid`, [userId]);
  if (!account) throw notFound("user");
}

/**
 * GET /api/v1/admin/users/{id}/sessions (users:read): where the member is signed in, as their own sessions
 * list shows it (lib/sessions/list-member-sessions.ts: live sessions only, the last used first), without the
 * "current" mark, which means nothing to staff (the schema strips it). Never a token or its hash: the list does not read them.
 */
export async function listStaffUserSessions(database: Database, userId: string): Promise<{ sessions: AdminUserSession[] }> {
  await requireAccountOrThrow(database, userId);
  const sessions = await listMemberSessions(database, userId, null);
  return { sessions: sessions.map((session) => AdminUserSessionSchema.parse(session)) };
}
