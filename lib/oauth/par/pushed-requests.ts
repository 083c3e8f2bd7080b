import "server-only";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import type { Prisma } from "../../generated/prisma/client.ts";
import type { AuthorizationParams } from "../authorization-request.ts";

/**
 * RFC 9126 pushed authorization requests: the validated parameters stored under a random `request_uri`
 * (256 bits, kept only as a hash), short-lived and used once (7.3), so a request_uri seen in a browser's
 * history or a log is worth nothing.
 */
export const REQUEST_URI_PREFIX = "urn:ietf:params:oauth:request_uri:";
/** RFC 9126 2.2 suggests 5 to 600 seconds: long enough for the redirect, short enough to be worthless after. */
export const PUSHED_REQUEST_TTL_SECONDS = 90;

export async function storePushedRequest(database: Database, clientId: string, params: AuthorizationParams): Promise<{ requestUri: string; expiresIn: number }> {
  const secret = randomToken(32);
  await database.prisma.pushedAuthorizationRequest.create({
    data: { uriHash: hashToken(secret), clientId, params: params as unknown as Prisma.InputJsonValue, expiresAt: new Date(Date.now() + PUSHED_REQUEST_TTL_SECONDS * 1000) },
    select: { uriHash: true },
  });
  return { requestUri: `${REQUEST_URI_PREFIX}${secret}`, expiresIn: PUSHED_REQUEST_TTL_SECONDS };
}

/**
 * Takes the pushed request of this client with this request_uri, once: null when it is unknown, another
 * client's, expired or already used (they look the same). One conditional UPDATE, so two browsers racing
 * with one request_uri get it once between them.
 */
export async function takePushedRequest(database: Database, clientId: string, requestUri: string): Promise<AuthorizationParams | null> {
  if (!requestUri.startsWith(REQUEST_URI_PREFIX) || requestUri.length > REQUEST_URI_PREFIX.length + 64) return null;
  // Raw: a conditional claim that answers what it claimed (docs/decisions/0019, reason 2).
  const [row] = await database.query<{ params: AuthorizationParams }>(
    `UPDATE pushed_authorization_request SET used_at = now()
      WHERE uri_hash = $1 AND client_id = $2 AND used_at IS NULL AND expires_at > now()
      RETURNING params`,
    [hashToken(requestUri.slice(REQUEST_URI_PREFIX.length)), clientId],
  );
  return row?.params ?? null;
}
