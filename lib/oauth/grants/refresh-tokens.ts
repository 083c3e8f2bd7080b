import "server-only";
import type { RequestedClaims } from "../claims-request.ts";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import { LIVE_SESSION_SQL } from "../../sessions/live-session-sql.ts";
import { REFRESH_TOKEN_TTL_SECONDS } from "../config.ts";

/**
 * Opaque refresh tokens: 256 random bits, stored as SHA-256. Each use rotates the token in one
 * statement (mark used, insert the successor), so two instances can never both rotate the same one.
 *
 * A token is usable while its grant is (docs/decisions/0018): not revoked, and
 * - an `offline_access` grant: before its `offline_until`, its session not revoked (it may have expired);
 * - any other grant: its session live (not revoked, not past its absolute end, not idle too long).
 * Using it counts as activity of the session, so an app in use keeps its member's session from going idle.
 */
export interface RotatedGrant {
  grantId: string;
  clientId: string;
  userId: string;
  sessionId: string | null;
  scope: string;
  authTime: Date;
  amr: string[];
  claims: RequestedClaims | null;
  /** The DPoP key its tokens are bound to (RFC 9449 5), or null. */
  dpopJkt: string | null;
}

/** Over a grant `g` LEFT JOINed to its session `s`: may its refresh tokens still be used? */
export const GRANT_USABLE_SQL = `(g.revoked_at IS NULL AND (
  (g.offline_until IS NOT NULL AND g.offline_until > now() AND s.revoked_at IS NULL)
  OR (g.offline_until IS NULL AND ${LIVE_SESSION_SQL})))`;

export function newRefreshToken(): { token: string; hash: string } {
  const token = randomToken(32);
  return { token, hash: hashToken(token) };
}

export async function insertRefreshToken(database: Database, grantId: string, tokenHash: string): Promise<void> {
  await database.query(
    `INSERT INTO refresh_token (token_hash, grant_id, expires_at) VALUES ($1, $2, now() + make_interval(secs => $3))`,
    [tokenHash, grantId, REFRESH_TOKEN_TTL_SECONDS],
  );
}

/**
 * The first refresh token of a new grant, when its client may have refresh tokens (null otherwise): bound to
 * the session, or with offline_access outliving its expiry (create-grant.ts).
 */
export async function firstRefreshToken(database: Database, client: { grantTypes: readonly string[] }, grantId: string): Promise<string | null> {
  if (!client.grantTypes.includes("refresh_token")) return null;
  const fresh = newRefreshToken();
  await insertRefreshToken(database, grantId, fresh.hash);
  return fresh.token;
}

interface RotatedRow {
  grant_id: string;
  client_id: string;
  user_id: string;
  session_id: string | null;
  scope: string;
  auth_time: Date;
  amr: string[];
  claims: RequestedClaims | null;
  dpop_jkt: string | null;
}

/**
 * Uses a refresh token of `clientId`: when it is unused and unexpired, its grant usable and its scopes cover
 * `requestedScopes` (null: the grant's own), marks it used, stores `successorHash` as its successor, touches
 * the session and returns the grant. Null when nothing was spent; `explainUnusableRefreshToken` then says why.
 * The scope is checked here, before anything is spent: a refused wider scope leaves the token usable; so is
 * the DPoP key of a bound grant (RFC 9449 5): without a proof of it (`dpopJkt`), nothing is spent.
 */
export async function rotateRefreshToken(
  database: Database,
  tokenHash: string,
  successorHash: string,
  clientId: string,
  requestedScopes: readonly string[] | null,
  dpopJkt: string | null,
): Promise<RotatedGrant | null> {
  const [row] = await database.query<RotatedRow>(
    `WITH used AS (
       UPDATE refresh_token SET used_at = now()
        WHERE token_hash = $1 AND used_at IS NULL AND expires_at > now()
          AND grant_id IN (
            SELECT g.id FROM oauth_grant g LEFT JOIN session s ON s.id = g.session_id
             WHERE g.client_id = $4 AND ${GRANT_USABLE_SQL}
               AND ($5::text[] IS NULL OR string_to_array(g.scope, ' ') @> $5::text[])
               AND (g.dpop_jkt IS NULL OR g.dpop_jkt = $6)
          )
        RETURNING grant_id
     ), successor AS (
       INSERT INTO refresh_token (token_hash, grant_id, expires_at)
       SELECT $2, grant_id, now() + make_interval(secs => $3) FROM used
       RETURNING grant_id
     ), touched AS (
       -- At most once a minute, as the cookie does (lib/sessions/get-session.ts): a refresh stays one write.
       UPDATE session SET last_seen_at = now()
        WHERE id = (SELECT g.session_id FROM used JOIN oauth_grant g ON g.id = used.grant_id)
          AND last_seen_at < now() - interval '1 minute'
     )
     SELECT g.id AS grant_id, g.client_id, g.user_id, g.session_id, g.scope, g.auth_time, g.amr, g.claims, g.dpop_jkt
       FROM successor JOIN oauth_grant g ON g.id = successor.grant_id`,
    [tokenHash, successorHash, REFRESH_TOKEN_TTL_SECONDS, clientId, requestedScopes, dpopJkt],
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
    claims: row.claims,
    dpopJkt: row.dpop_jkt,
  };
}

/** Why a refresh token could not be rotated: the caller answers each case differently. */
export type UnusableRefreshToken =
  | { reason: "unknown" }
  | { reason: "revoked" }
  | { reason: "expired" }
  | { reason: "ended" }
  | { reason: "scope" }
  | { reason: "dpop_key" }
  | { reason: "reused"; grantId: string };

/**
 * Explains a failed rotation. Only a token that was rotated away, of a grant still live, counts as reuse:
 * presenting a token of a revoked grant or an ended session again is just invalid (RFC 7009 2.2). A token
 * that was usable in every other way failed on the scope asked for. A token of a DPoP-bound grant without a
 * proof of its key is refused first, whatever else is true of it: whoever holds it without the key can
 * neither use it nor, by presenting it again, have the member's session revoked.
 */
export async function explainUnusableRefreshToken(database: Database, tokenHash: string, clientId: string, dpopJkt: string | null): Promise<UnusableRefreshToken> {
  const [row] = await database.query<{ grant_id: string; spent: boolean; expired: boolean; dead: boolean; usable: boolean; wrong_key: boolean }>(
    `SELECT rt.grant_id, rt.used_at IS NOT NULL AS spent, rt.expires_at <= now() AS expired,
            (g.dpop_jkt IS NOT NULL AND g.dpop_jkt IS DISTINCT FROM $3) AS wrong_key,
            (g.revoked_at IS NOT NULL OR COALESCE(s.revoked_at IS NOT NULL, false)) AS dead,
            COALESCE(${GRANT_USABLE_SQL}, false) AS usable
       FROM refresh_token rt
       JOIN oauth_grant g ON g.id = rt.grant_id
       LEFT JOIN session s ON s.id = g.session_id
      WHERE rt.token_hash = $1 AND g.client_id = $2`,
    [tokenHash, clientId, dpopJkt],
  );
  if (!row) return { reason: "unknown" };
  if (row.wrong_key) return { reason: "dpop_key" };
  if (row.dead) return { reason: "revoked" };
  if (!row.usable) return { reason: "ended" };
  if (row.spent) return { reason: "reused", grantId: row.grant_id };
  if (row.expired) return { reason: "expired" };
  return { reason: "scope" };
}
