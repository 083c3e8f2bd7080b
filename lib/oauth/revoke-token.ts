import "server-only";
import { hashToken } from "../crypto/tokens.ts";
import { sql } from "../db.ts";
import type { OAuthClient } from "./clients/get-client.ts";
import { revokeGrant } from "./grants/revoke-grant.ts";
import { InvalidTokenError, verifyAccessToken } from "./tokens.ts";

/**
 * Token revocation (RFC 7009). A refresh token revokes its whole grant (the access tokens from it stop
 * working on our routes too); an access token is added to the revoked list by jti until it expires.
 * Tokens of other clients, unknown or already invalid tokens are ignored: the answer is 200 either way
 * (RFC 7009 2.2), so the endpoint cannot be used to probe tokens.
 */
export async function revokeToken(client: OAuthClient, token: string, hint: string | null): Promise<void> {
  const looksLikeJwt = token.split(".").length === 3;
  const order = hint === "access_token" || (hint === null && looksLikeJwt) ? ["access", "refresh"] : ["refresh", "access"];
  for (const kind of order) {
    if (kind === "refresh" ? await revokeRefreshToken(client, token) : await revokeAccessToken(client, token)) return;
  }
}

async function revokeRefreshToken(client: OAuthClient, token: string): Promise<boolean> {
  if (token.length > 256) return false;
  const [row] = await sql<{ grant_id: string }>(
    `SELECT rt.grant_id FROM refresh_token rt JOIN oauth_grant g ON g.id = rt.grant_id
      WHERE rt.token_hash = $1 AND g.client_id = $2`,
    [hashToken(token), client.id],
  );
  if (!row) return false;
  await revokeGrant(row.grant_id, "revocation");
  return true;
}

async function revokeAccessToken(client: OAuthClient, token: string): Promise<boolean> {
  let verified;
  try {
    verified = await verifyAccessToken(token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return false;
    throw error;
  }
  if (verified.clientId !== client.id) return false;
  await sql(
    `INSERT INTO revoked_access_token (jti, expires_at) VALUES ($1, to_timestamp($2)) ON CONFLICT (jti) DO NOTHING`,
    [verified.jti, verified.exp],
  );
  return true;
}
