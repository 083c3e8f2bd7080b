import "server-only";
import type { RequestContext } from "../http/request-context.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { getSessionByToken } from "../sessions/get-session.ts";
import { revokeSession } from "../sessions/revoke-session.ts";

/** Ends the session a cookie points to (and everything issued within it), if it is still live. */
export async function signOut(sessionToken: string | undefined, context: RequestContext): Promise<void> {
  const session = await getSessionByToken(sessionToken);
  if (!session) return;
  await revokeSession(session.id, "logout");
  await recordSecurityEvent({ userId: session.userId, type: "sign_out", context, detail: { session_id: session.id } });
}
