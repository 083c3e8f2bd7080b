import "server-only";
import { randomToken } from "../crypto/tokens.ts";
import { db, sql } from "../db.ts";
import type { Prisma } from "../generated/prisma/client.ts";

/**
 * An authorization request parked while the member signs in or consents. Its id travels through the
 * pages (`?request=`); it holds no secret of the member, only the client's validated parameters, and
 * it can only be completed by a browser holding a live session.
 */
export const AUTHORIZATION_REQUEST_TTL_SECONDS = 30 * 60;

/** The validated parameters of /oauth/authorize (RFC 6749 4.1.1, RFC 7636, OIDC Core 3.1.2.1). */
export interface AuthorizationParams {
  client_id: string;
  redirect_uri: string;
  response_type: "code";
  scope: string;
  state?: string;
  nonce?: string;
  code_challenge: string;
  code_challenge_method: "S256";
  prompt?: string;
  max_age?: number;
  login_hint?: string;
  ui_locales?: string;
}

export interface ParkedAuthorizationRequest {
  id: string;
  params: AuthorizationParams;
  signedInSessionId: string | null;
  consentedAt: Date | null;
}

export async function parkAuthorizationRequest(params: AuthorizationParams): Promise<string> {
  const id = randomToken(24);
  await (await db()).authorizationRequest.create({
    data: {
      id,
      params: params as unknown as Prisma.InputJsonValue,
      expiresAt: new Date(Date.now() + AUTHORIZATION_REQUEST_TTL_SECONDS * 1000),
    },
    select: { id: true },
  });
  return id;
}

/** The parked request with this id, or null when it is unknown or expired. */
export async function getAuthorizationRequest(id: string | null | undefined): Promise<ParkedAuthorizationRequest | null> {
  // Ids are base64url (randomToken): anything else is no request, and never reaches SQL (a NUL in `?request=`
  // made PostgreSQL refuse the query and the sign-in pages answer 500; found by the hostile-input proof).
  if (!id || id.length > 64 || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  const [row] = await sql<{ id: string; params: AuthorizationParams; signed_in_session_id: string | null; consented_at: Date | null }>(
    `SELECT id, params, signed_in_session_id, consented_at FROM authorization_request WHERE id = $1 AND expires_at > now()`,
    [id],
  );
  if (!row) return null;
  return {
    id: row.id,
    params: row.params,
    signedInSessionId: row.signed_in_session_id,
    consentedAt: row.consented_at ? new Date(row.consented_at) : null,
  };
}

/** Records that the member signed in (with every factor) during this request. */
export async function markAuthorizationRequestSignedIn(id: string, sessionId: string): Promise<void> {
  await sql(`UPDATE authorization_request SET signed_in_session_id = $2 WHERE id = $1`, [id, sessionId]);
}

/** Records that the member pressed "Allow" on the consent screen during this request. */
export async function markAuthorizationRequestConsented(id: string): Promise<void> {
  await (await db()).authorizationRequest.updateMany({ where: { id }, data: { consentedAt: new Date() } });
}

export async function deleteAuthorizationRequest(id: string): Promise<void> {
  await (await db()).authorizationRequest.deleteMany({ where: { id } });
}

/** Where the browser goes when a page of the request is done: the authorization endpoint picks it up. */
export function resumeAuthorizationPath(id: string): string {
  return `/oauth/authorize/resume?request=${encodeURIComponent(id)}`;
}
