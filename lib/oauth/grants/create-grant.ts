import "server-only";
import type { Database } from "../../db/database.ts";
import type { RequestedClaims } from "../claims-request.ts";
import { OFFLINE_GRANT_MAX_SECONDS } from "../config.ts";
import { parseScope } from "../scopes.ts";

export interface NewGrant {
  clientId: string;
  userId: string;
  sessionId: string | null;
  scope: string;
  authTime: Date;
  amr: string[];
  claims: RequestedClaims | null;
  /** RFC 9449 5: a public client's refresh tokens are bound to the DPoP key they were issued with. */
  dpopJkt?: string | null;
}

/**
 * Starts a refresh-token family for one authorization. With `offline_access` it outlives its session's
 * expiry (not its revocation) up to OFFLINE_GRANT_MAX_SECONDS; without, it ends with the session.
 */
export async function createGrant(database: Database, grant: NewGrant): Promise<string> {
  const offline = parseScope(grant.scope).includes("offline_access");
  // Raw: the code exchange of the token endpoint (docs/decisions/0019, reason 3).
  const [row] = await database.query<{ id: string }>(
    `INSERT INTO oauth_grant (client_id, user_id, session_id, scope, auth_time, amr, offline_until, claims, dpop_jkt)
     VALUES ($1, $2, $3, $4, $5, $6, CASE WHEN $7::boolean THEN now() + make_interval(secs => $8) END, $9::jsonb, $10) RETURNING id`,
    [grant.clientId, grant.userId, grant.sessionId, grant.scope, grant.authTime, grant.amr, offline, OFFLINE_GRANT_MAX_SECONDS, grant.claims ? JSON.stringify(grant.claims) : null, grant.dpopJkt ?? null],
  );
  return row!.id;
}
