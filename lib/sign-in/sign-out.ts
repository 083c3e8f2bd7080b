import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { revokeGrants } from "../oauth/grants/revoke-grants.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getSessionByToken } from "../sessions/get-session.ts";

/** Ends the session a cookie points to (and everything issued within it), if it is still live. */
export async function signOut(database: Database, sessionToken: string | undefined, context: RequestContext): Promise<void> {
  const session = await getSessionByToken(database, sessionToken);
  if (!session) return;
  await revokeGrants(database, { session: session.id }, "logout");
  await recordSecurityEvent(database, { userId: session.userId, type: "sign_out", context, detail: { session_id: session.id } });
}
