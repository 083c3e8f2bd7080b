import "server-only";
import { hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import type { OAuthClient } from "./clients/get-client.ts";
import { OAuthError } from "./errors.ts";
import { GRANT_USABLE_SQL } from "./grants/refresh-tokens.ts";
import { effectiveScopes } from "./scopes.ts";
import { checkTokenLiveness } from "./token-liveness.ts";
import { InvalidTokenError, accessTokenAudience, verifyAccessToken } from "./tokens.ts";

/**
 * Token introspection (RFC 7662) for authenticated confidential clients (resource servers). Access tokens
 * of any client; refresh tokens only of the caller itself. Anything not active is `{ active: false }`
 * with nothing else (RFC 7662 2.2). Unlike offline JWT validation, this sees revocations at once.
 */
export type Introspection = { active: false } | ({ active: true } & Record<string, unknown>);

export async function introspectToken(database: Database, caller: OAuthClient, token: string, hint: string | null): Promise<Introspection> {
  if (caller.type !== "confidential") throw new OAuthError("invalid_client", "introspection needs a confidential client");
  const looksLikeJwt = token.split(".").length === 3;
  if (hint === "refresh_token" && !looksLikeJwt) return introspectRefreshToken(database, caller, token);
  if (looksLikeJwt) return introspectAccessToken(database, token);
  return introspectRefreshToken(database, caller, token);
}

async function introspectAccessToken(database: Database, token: string): Promise<Introspection> {
  let verified;
  try {
    verified = await verifyAccessToken(database, token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return { active: false };
    throw error;
  }
  const liveness = await checkTokenLiveness(database, verified);
  if (!liveness.live) return { active: false };
  const response: Introspection = {
    active: true,
    // RFC 9449 6.2: a bound token says so, and to which key.
    token_type: verified.dpopJkt ? "DPoP" : "Bearer",
    // What the token may really do today: a resource server must not honour a scope its client lost.
    scope: effectiveScopes(verified.scope, { scopes: liveness.clientScopes, firstParty: liveness.firstPartyClient }).join(" "),
    client_id: verified.clientId,
    sub: verified.sub,
    iss: env().BASE_URL,
    aud: accessTokenAudience(),
    exp: verified.exp,
    iat: verified.iat,
    jti: verified.jti,
  };
  if (verified.sid) response.sid = verified.sid;
  if (verified.authTime) response.auth_time = verified.authTime;
  if (verified.dpopJkt) response.cnf = { jkt: verified.dpopJkt };
  return response;
}

interface RefreshRow {
  scope: string;
  client_id: string;
  user_id: string;
  exp: number;
  iat: number;
}

async function introspectRefreshToken(database: Database, caller: OAuthClient, token: string): Promise<Introspection> {
  if (token.length > 256) return { active: false };
  // Raw: GRANT_USABLE_SQL is the one definition of a usable grant, shared with the token endpoint
  // (interval arithmetic on columns Prisma has no words for: docs/decisions/0019, reasons 3 and 4).
  const [row] = await database.query<RefreshRow>(
    `SELECT g.scope, g.client_id, g.user_id, extract(epoch FROM rt.expires_at)::int AS exp, extract(epoch FROM rt.created_at)::int AS iat
       FROM refresh_token rt
       JOIN oauth_grant g ON g.id = rt.grant_id
       LEFT JOIN session s ON s.id = g.session_id
      WHERE rt.token_hash = $1 AND rt.used_at IS NULL AND rt.expires_at > now()
        AND ${GRANT_USABLE_SQL} AND g.client_id = $2`,
    [hashToken(token), caller.id],
  );
  if (!row) return { active: false };
  return {
    active: true,
    token_type: "refresh_token",
    scope: row.scope,
    client_id: row.client_id,
    sub: row.user_id,
    iss: env().BASE_URL,
    exp: row.exp,
    iat: row.iat,
  };
}
