import "server-only";
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

/** Starts a server-side session for a member who has just proved who they are. */
export async function createSession(
  userId: string,
  amr: AuthenticationMethod[],
  context: RequestContext,
): Promise<NewSession> {
  const token = randomToken();
  const now = new Date();
  const [session] = await sql<{ id: string }>(
    `INSERT INTO session (user_id, token_hash, auth_time, amr, ip, user_agent, created_at, last_seen_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $3, $3, $7) RETURNING id`,
    [userId, hashToken(token), now, amr, context.ip, context.userAgent, new Date(now.getTime() + SESSION_MAX_AGE_SECONDS * 1000)],
  );
  return { id: session!.id, token, authTime: now };
}
