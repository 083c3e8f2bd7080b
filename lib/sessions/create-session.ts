import "server-only";
import { AccountError } from "../accounts/errors.ts";
import { randomUUID } from "node:crypto";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { STAFF_PERMISSIONS } from "../identity/permissions.ts";
import { MEMBER_SESSION, STAFF_SESSION } from "./session-lifetimes.ts";
import { securityEventsFrom } from "../security-log/record-security-event.ts";

/**
 * Authentication methods (RFC 8176) recorded in a session and copied to the `amr` claim: a password, a
 * one-time code, a federated sign-in, a passkey (a hardware or synced software key, with the user verified),
 * and `mfa` when two independent factors were proved.
 */
export type AuthenticationMethod = "pwd" | "otp" | "mfa" | "fed" | "hwk" | "swk" | "user";

export interface NewSession {
  id: string;
  /** The cookie value; only its hash is stored. */
  token: string;
  authTime: Date;
  /** The absolute end; the cookie lasts until then. */
  expiresAt: Date;
}

/**
 * SQL choosing the lifetime of a session for account $1 (lib/sessions/session-lifetimes.ts): staff's when
 * the account holds any staff permission, else a member's. Yields `absolute_seconds`, `idle_seconds`.
 */
export const SESSION_POLICY_SQL = `
  SELECT CASE WHEN staff THEN ${STAFF_SESSION.absoluteSeconds} ELSE ${MEMBER_SESSION.absoluteSeconds} END AS absolute_seconds,
         CASE WHEN staff THEN ${STAFF_SESSION.idleSeconds} ELSE ${MEMBER_SESSION.idleSeconds} END AS idle_seconds
    FROM (SELECT EXISTS (
            SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id
             WHERE ur.user_id = $1::uuid AND r.permissions && '{${STAFF_PERMISSIONS.join(",")}}'::text[]) AS staff) AS holder`;

/**
 * Starts a server-side session for a member who has just proved who they are, and writes its `sign_in`
 * entry of the security log in the same statement: the two land together or not at all. (Two statements
 * left a session without its log entry when PostgreSQL stopped between them: a session in the member's
 * list that no browser holds and the log does not explain. Found by the fault proof, decision 0016.)
 *
 * Its lifetime is a member's or, for an account holding any staff permission, staff's (absolute and idle,
 * docs/decisions/0018).
 *
 * Every way in ends here, so this is where a disabled account is refused (staff disabled it:
 * docs/decisions/0017-staff-management.md): the insert only happens for an account that is not disabled.
 * Raw: two tables in one statement, on the sign-in path (docs/decisions/0019, reasons 1 and 3).
 */
export async function createSession(
  database: Database,
  userId: string,
  amr: AuthenticationMethod[],
  context: RequestContext,
  signInDetail: Record<string, unknown>,
): Promise<NewSession> {
  const token = randomToken();
  const id = randomUUID();
  const now = new Date();
  const [logged] = await database.query<{ expires_at: Date }>(
    `WITH policy AS (${SESSION_POLICY_SQL}),
     started AS (
       INSERT INTO session (id, user_id, token_hash, auth_time, amr, ip, user_agent, created_at, last_seen_at, expires_at, idle_timeout_seconds)
       SELECT $7::uuid, $1, $2, $3, $4, $5, $6, $3, $3, $3::timestamptz + make_interval(secs => policy.absolute_seconds), policy.idle_seconds
         FROM account, policy WHERE account.id = $1 AND account.disabled_at IS NULL
       RETURNING id, expires_at
     ), logged AS (${securityEventsFrom({ from: "started", userId: "$1", type: "sign_in", ip: "$5", userAgent: "$6", detail: "$8::jsonb" })})
     SELECT expires_at FROM started`,
    [userId, hashToken(token), now, amr, context.ip, context.userAgent, id, JSON.stringify({ ...signInDetail, session_id: id })],
  );
  if (!logged) throw new AccountError("account_disabled");
  return { id, token, authTime: now, expiresAt: new Date(logged.expires_at) };
}
