import "server-only";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import { sql } from "../../db.ts";
import { REFRESH_TOKEN_TTL_SECONDS } from "../config.ts";

/**
 * Opaque refresh tokens: 256 random bits, stored as SHA-256. Each use rotates the token in one
 * statement (mark used, insert the successor), so two instances can never both rotate the same one.
 */
export interface RotatedGrant {
  grantId: string;
  clientId: string;
  userId: string;
  sessionId: string | null;
  scope: string;
  authTime: Date;
  amr: string[];
  grantRevoked: boolean;
  sessionRevoked: boolean;
}

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: hashToken(token) };
}

export async function insertRefreshToken(grantId: string, tokenHash: string): Promise<void> {
  await sql(
    `INSERT INTO refresh_token (token_hash, grant_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash, grantId, REFRESH_TOKEN_TTL_SECONDS],
  );
}

interface RotatedRow {
  grant_id: string;
  client_id: string;
  user_id: string;
  session_id: string | null;
  scope: string;
  auth_time: Date;
  amr: string[];
  grant_revoked: boolean;
  session_revoked: boolean;
}

/**
 * Uses a refresh token of `clientId`: when it is unused and unexpired, marks it used, stores `successorHash` as its
 * successor and returns its grant (whose liveness the caller checks). Null when the token was not
 * usable; `explainUnusableRefreshToken` then says why.
 */
export async function rotateRefreshToken(
  tokenHash: string,
  successorHash: string,
  clientId: string,
): Promise<RotatedGrant | null> {
  const [row] = await sql<RotatedRow>(
    `WITH used AS (
       UPDATE refresh_token SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          AND grant_id IN (
            SELECT g.id FROM oauth_grant g LEFT JOIN session s ON s.id = g.session_id
             WHERE g.client_id = $4 AND g.revoked_at IS NULL AND (s.id IS NULL OR s.revoked_at IS NULL)
          )
        RETURNING grant_id
     ), successor AS (
       INSERT INTO refresh_token (token_hash, grant_id, expires_at)
       SELECT $2, grant_id, now() + make_interval(secs => $3) FROM used
       RETURNING grant_id
     )
     SELECT g.id AS grant_id, g.client_id, g.user_id, g.session_id, g.scope, g.auth_time, g.amr,
            g.revoked_at IS NOT NULL AS grant_revoked,
            COALESCE(s.revoked_at IS NOT NULL, false) AS session_revoked
       FROM successor JOIN oauth_grant g ON g.id = successor.grant_id
       LEFT JOIN session s ON s.id = g.session_id`,
    [tokenHash, successorHash, REFRESH_TOKEN_TTL_SECONDS, clientId],
  );
  if (!row) return null;
  return {
    grantId: row.grant_id,
    clientId: row.client_id,
    userId: row.user_id,
    sessionId: row.session_id,
    scope: row.scope,
    authTime: new Date(row.auth_time),
    amr: row.amr,
    grantRevoked: row.grant_revoked,
    sessionRevoked: row.session_revoked,
  };
}

/** Why a refresh token could not be rotated: the caller answers each case differently. */
export type UnusableRefreshToken =
  | { reason: "unknown" }
  | { reason: "revoked" }
  | { reason: "expired" }
  | { reason: "reused"; grantId: string };

/**
 * Explains a failed rotation. Only a token that was rotated away, of a grant still live, counts as reuse:
 * presenting a token of a revoked grant or an ended session again is just invalid (RFC 7009 2.2).
 */
export async function explainUnusableRefreshToken(tokenHash: string, clientId: string): Promise<UnusableRefreshToken> {
  const [row] = await sql<{ grant_id: string; spent: boolean; expired: boolean; dead: boolean }>(
    `SELECT rt.grant_id, rt.used_at IS NOT NULL AS spent, rt.expires_at <= now() AS expired,
            (g.revoked_at IS NOT NULL OR COALESCE(s.revoked_at IS NOT NULL, false)) AS dead
       FROM refresh_token rt
       JOIN oauth_grant g ON g.id = rt.grant_id
       LEFT JOIN session s ON s.id = g.session_id
      WHERE rt.token_hash = $1 AND g.client_id = $2`,
    [tokenHash, clientId],
  );
  if (!row) return { reason: "unknown" };
  if (row.dead) return { reason: "revoked" };
  if (row.spent) return { reason: "reused", grantId: row.grant_id };
  return { reason: row.expired ? "expired" : "unknown" };
}
