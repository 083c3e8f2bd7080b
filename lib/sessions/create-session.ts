import "server-only";
import { AccountError } from "../accounts/errors.ts";
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
 * Starts a server-side session for a member who has just proved who they are. Every way in ends here, so
 * this is where a disabled account is refused (staff disabled it: docs/decisions/0017-staff-management.md):
 * the insert only happens for an account that is not disabled, in the same statement.
 */
export async function createSession(
  userId: string,
  amr: AuthenticationMethod[],
  context: RequestContext,
): Promise<NewSession> {
  const token = randomToken();
  const now = new Date();
  const [session] = await sql<{ id: string }>(
    `INSERT INTO session (user_id, token_hash, auth_time, amr, ip, user_agent, created_at, last_seen_at, expires_at)
     SELECT $1, $2, $3, $4, $5, $6, $3, $3, $7 FROM account WHERE id = $1 AND disabled_at IS NULL
     RETURNING id`,
    [userId, hashToken(token), now, amr, context.ip, context.userAgent, new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000)],
  );
  if (!session) throw new AccountError("account_disabled");
  return { id: session.id, token, authTime: now };
}
