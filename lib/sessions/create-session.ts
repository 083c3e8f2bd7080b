import "server-only";
import { AccountError } from "../accounts/errors.ts";
import { randomUUID } from "node:crypto";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import { sql } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { SESSION_MAX_AGE_SECONDS } from "./session-cookie.ts";

/** Authentication methods (RFC 8176) recorded in a session and copied to the `amr` claim. */
export type AuthenticationMethod = "pwd" | "otp" | "mfa" | "fed";

export interface NewSession {
  id: string;
  /** The cookie value; only its hash is stored. */
  token: string;
  authTime: Date;
}

/**
 * Starts a server-side session for a member who has just proved who they are, and writes its `sign_in`
 * entry of the security log in the same statement: the two land together or not at all. (Two statements
 * left a session without its log entry when PostgreSQL stopped between them: a session in the member's
 * list that no browser holds and the log does not explain. Found by the fault proof, decision 0016.)
 *
 * Every way in ends here, so this is where a disabled account is refused (staff disabled it:
 * docs/decisions/0017-staff-management.md): the insert only happens for an account that is not disabled.
 */
export async function createSession(
  userId: string,
  amr: AuthenticationMethod[],
  context: RequestContext,
  signInDetail: Record<string, unknown>,
): Promise<NewSession> {
  const token = randomToken();
  const id = randomUUID();
  const now = new Date();
  const [logged] = await sql<{ id: string }>(
    `WITH started AS (
       INSERT INTO session (id, user_id, token_hash, auth_time, amr, ip, user_agent, created_at, last_seen_at, expires_at)
       SELECT $8::uuid, $1, $2, $3, $4, $5, $6, $3, $3, $7 FROM account WHERE id = $1 AND disabled_at IS NULL
       RETURNING id
     )
     INSERT INTO security_event (user_id, type, ip, user_agent, detail)
     SELECT $1, 'sign_in', $5, $6, $9::jsonb FROM started
     RETURNING id`,
    [
      userId,
      hashToken(token),
      now,
      amr,
      context.ip,
      context.userAgent,
      new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000),
      id,
      JSON.stringify({ ...signInDetail, session_id: id }),
    ],
  );
  if (!logged) throw new AccountError("account_disabled");
  return { id, token, authTime: now };
}
