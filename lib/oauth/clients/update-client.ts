import "server-only";
import type { Database } from "../../db/database.ts";
import { getClientForStaffOrThrow } from "./get-client-for-staff-or-throw.ts";
import { getThirdPartyClientOrThrow } from "./get-third-party-client-or-throw.ts";
import { IdentityError } from "../../identity/errors.ts";
import { PUBLIC_CLIENT_PKCE, type AdminClient, type UpdateClientBody } from "./staff-schemas.ts";

/** PATCH /api/v1/admin/clients/{id} (clients:write): name, redirect URIs, post-logout URIs, scopes, PKCE policy, back-channel logout, pushed requests, DPoP. Takes effect at the next request. */
export async function updateClient(database: Database, clientId: string, body: UpdateClientBody): Promise<AdminClient> {
  const client = await getThirdPartyClientOrThrow(database, clientId);
  if (body.require_pkce === false && client.type === "public") throw new IdentityError("invalid_request", `require_pkce: ${PUBLIC_CLIENT_PKCE}`);
  await database.prisma.client.update({
    where: { id: clientId },
    data: {
      name: body.name,
      redirectUris: body.redirect_uris,
      postLogoutRedirectUris: body.post_logout_redirect_uris,
      scopes: body.scopes,
      requirePkce: body.require_pkce,
      requireNonceWithoutPkce: body.require_nonce_without_pkce,
      backchannelLogoutUri: body.backchannel_logout_uri,
      backchannelLogoutSessionRequired: body.backchannel_logout_session_required,
      requirePushedAuthorizationRequests: body.require_pushed_authorization_requests,
      dpopBoundAccessTokens: body.dpop_bound_access_tokens,
    },
    select: { id: true },
  });
  return getClientForStaffOrThrow(database, clientId);
}
