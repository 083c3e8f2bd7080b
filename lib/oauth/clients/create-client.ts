import "server-only";
import { hashToken, randomToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import { IdentityError, forbidden } from "../../identity/errors.ts";
import { getClientForStaffOrThrow } from "./get-client-for-staff-or-throw.ts";
import { NO_SUCH_CAMPUS, type AdminClient, type CreateClientBody } from "./staff-schemas.ts";

/**
 * The permission a caller must hold to register a first-party client (one that skips the consent screen and
 * may hold account control and staff scopes): the administrators' own, so no staff member can make an app
 * that acts with their office powers without asking (docs/decisions/0017).
 */
export const FIRST_PARTY_PERMISSION = "roles:write";

/**
 * POST /api/v1/admin/clients (clients:write): a new client, third-party unless an administrator asks for a
 * first-party one. A confidential one gets a random secret (256 bits) stored only as its SHA-256 hash
 * (decision 0006): it is in this answer only. A check-in kiosk's client (first-party, so an administrator's)
 * is bound to its campus here (docs/decisions/0023, "Kiosks"): an id no campus has is the caller's mistake,
 * said as one, never a foreign-key 500.
 */
export async function createClient(
  database: Database,
  body: CreateClientBody,
  caller: { permissions: ReadonlySet<string> },
): Promise<AdminClient & { client_secret: string | null }> {
  if (body.first_party && !caller.permissions.has(FIRST_PARTY_PERMISSION)) throw forbidden(FIRST_PARTY_PERMISSION);
  if (body.grant_types.includes("authorization_code") && body.redirect_uris.length === 0) {
    throw new IdentityError("invalid_request", "redirect_uris: authorization_code needs at least one redirect URI");
  }
  if (body.check_in_campus_id !== null && !(await database.prisma.campus.findUnique({ where: { id: body.check_in_campus_id }, select: { id: true } }))) {
    throw new IdentityError("invalid_request", NO_SUCH_CAMPUS);
  }
  const clientId = `cl_${randomToken(12)}`;
  const secret = body.type === "confidential" ? randomToken(32) : null;
  await database.prisma.client.create({
    data: {
      id: clientId,
      name: body.name,
      type: body.type,
      secretHash: secret ? hashToken(secret) : null,
      redirectUris: body.redirect_uris,
      postLogoutRedirectUris: body.post_logout_redirect_uris,
      grantTypes: body.grant_types,
      scopes: body.scopes,
      requirePkce: body.require_pkce,
      requireNonceWithoutPkce: body.require_nonce_without_pkce,
      backchannelLogoutUri: body.backchannel_logout_uri,
      backchannelLogoutSessionRequired: body.backchannel_logout_session_required,
      requirePushedAuthorizationRequests: body.require_pushed_authorization_requests,
      dpopBoundAccessTokens: body.dpop_bound_access_tokens,
      firstParty: body.first_party,
      checkInCampusId: body.check_in_campus_id,
    },
    select: { id: true },
  });
  return { ...(await getClientForStaffOrThrow(database, clientId)), client_secret: secret };
}
