import "server-only";
import { randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { RequestedClaims } from "./claims-request.ts";

/**
 * An authorization request parked while the member signs in or consents. Its id travels through the
 * pages (`?request=`); it holds no secret of the member, only the client's validated parameters. It belongs
 * to the browser that started it (lib/oauth/authorize/browser-binding.ts): it is found only with that
 * browser's binding cookie. What is done during it (signed in, allowed, denied) is recorded with the
 * session that did it, and counts only for that session (docs/decisions/0018).
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
  /** Absent only when the client's require_pkce is off and the OpenID request carried a nonce (decision 0006). */
  code_challenge?: string;
  code_challenge_method?: "S256";
  prompt?: string;
  max_age?: number;
  login_hint?: string;
  ui_locales?: string;
  /** The claims asked for by name (OIDC Core 5.5) that this client may be given. */
  claims?: RequestedClaims;
}

export interface ParkedAuthorizationRequest {
  id: string;
  params: AuthorizationParams;
  /** The session that signed in during this request. */
  signedInSessionId: string | null;
  /** The session that pressed "Allow" during this request. */
  consentedSessionId: string | null;
  /** The session that pressed "Deny" during this request. */
  deniedSessionId: string | null;
}

/** Parks a request for the browser whose binding hash is given; answers its id. */
export async function parkAuthorizationRequest(database: Database, params: AuthorizationParams, browserHash: string): Promise<string> {
  const id = randomToken(24);
  await database.prisma.authorizationRequest.create({
    data: {
      id,
      params: params as unknown as Prisma.InputJsonValue,
      browserHash,
      expiresAt: new Date(Date.now() + AUTHORIZATION_REQUEST_TTL_SECONDS * 1000),
    },
    select: { id: true },
  });
  return id;
}

/**
 * The parked request with this id, when it is live and belongs to the browser with this binding hash
 * (browserBindingHash of its cookie); null otherwise: unknown, expired and someone else's look the same.
 */
export async function getAuthorizationRequest(
  database: Database,
  id: string | null | undefined,
  browserHash: string | null,
): Promise<ParkedAuthorizationRequest | null> {
  // Ids are base64url (randomToken): anything else is no request, and never reaches SQL (a NUL in `?request=`
  // made PostgreSQL refuse the query and the sign-in pages answer 500; found by the hostile-input proof).
  if (!id || !browserHash || id.length > 64 || !/^[A-Za-z0-9_-]+$/.test(id)) return null;
  // Raw: read on every step of a sign-in (docs/decisions/0008 and 0019, reason 3).
  const [row] = await database.query<{
    id: string;
    params: AuthorizationParams;
    signed_in_session_id: string | null;
    consented_session_id: string | null;
    denied_session_id: string | null;
  }>(
    `SELECT id, params, signed_in_session_id, consented_session_id, denied_session_id
       FROM authorization_request WHERE id = $1 AND browser_hash = $2 AND expires_at > now()`,
    [id, browserHash],
  );
  if (!row) return null;
  return {
    id: row.id,
    params: row.params,
    signedInSessionId: row.signed_in_session_id,
    consentedSessionId: row.consented_session_id,
    deniedSessionId: row.denied_session_id,
  };
}

/** Records that this session signed in (with every factor) during the request. Raw: the sign-in path (reason 3). */
export async function markAuthorizationRequestSignedIn(database: Database, id: string, sessionId: string): Promise<void> {
  await database.query(`UPDATE authorization_request SET signed_in_session_id = $2::uuid WHERE id = $1`, [id, sessionId]);
}

/** Records the member's answer on the consent screen, with the session that gave it. */
export async function markAuthorizationRequestDecided(database: Database, id: string, sessionId: string, decision: "allow" | "deny"): Promise<void> {
  await database.prisma.authorizationRequest.updateMany({
    where: { id },
    data: decision === "allow" ? { consentedSessionId: sessionId, deniedSessionId: null } : { deniedSessionId: sessionId, consentedSessionId: null },
  });
}

export async function deleteAuthorizationRequest(database: Database, id: string): Promise<void> {
  await database.prisma.authorizationRequest.deleteMany({ where: { id } });
}

/** Where the browser goes when a page of the request is done: the authorization endpoint picks it up. */
export function resumeAuthorizationPath(id: string): string {
  return `/oauth/authorize/resume?request=${encodeURIComponent(id)}`;
}
