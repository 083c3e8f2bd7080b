import "server-only";
import { hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { OAuthClient } from "./clients/get-client.ts";
import { revokeGrants } from "./grants/revoke-grants.ts";
import { InvalidTokenError, verifyAccessToken } from "./tokens.ts";

/**
 * Token revocation (RFC 7009). A refresh token revokes its whole grant (the access tokens from it stop
 * working on our routes too); an access token is added to the revoked list by jti until it expires.
 * Tokens of other clients, unknown or already invalid tokens are ignored: the answer is 200 either way
 * (RFC 7009 2.2), so the endpoint cannot be used to probe tokens.
 */
export async function revokeToken(database: Database, client: OAuthClient, token: string, hint: string | null): Promise<void> {
  const looksLikeJwt = token.split(".").length === 3;
  const order = hint === "access_token" || (hint === null && looksLikeJwt) ? ["access", "refresh"] : ["refresh", "access"];
  for (const kind of order) {
    if (kind === "refresh" ? await revokeRefreshToken(database, client, token) : await revokeAccessToken(database, client, token)) return;
  }
}

async function revokeRefreshToken(database: Database, client: OAuthClient, token: string): Promise<boolean> {
  if (token.length > 256) return false;
  const refreshToken = await database.prisma.refreshToken.findFirst({
    where: { tokenHash: hashToken(token), grant: { clientId: client.id } },
    select: { grantId: true },
  });
  if (!refreshToken) return false;
  await revokeGrants(database, { grant: refreshToken.grantId }, "revocation");
  return true;
}

async function revokeAccessToken(database: Database, client: OAuthClient, token: string): Promise<boolean> {
  let verified;
  try {
    verified = await verifyAccessToken(database, token);
  } catch (error) {
    if (error instanceof InvalidTokenError) return false;
    throw error;
  }
  if (verified.clientId !== client.id) return false;
  // Revoking it twice changes nothing (ON CONFLICT DO NOTHING).
  await database.prisma.revokedAccessToken.createMany({ data: [{ jti: verified.jti, expiresAt: new Date(verified.exp * 1000) }], skipDuplicates: true });
  return true;
}
