import "server-only";
import type { Database } from "../../db/database.ts";
import { networkProblem } from "./allowed-networks.ts";
import { getClientForStaffOrThrow } from "./get-client-for-staff-or-throw.ts";
import { getThirdPartyClientOrThrow } from "./get-third-party-client-or-throw.ts";
import { IdentityError } from "../../identity/errors.ts";
import { PUBLIC_CLIENT_PKCE, type AdminClient, type UpdateClientBody } from "./staff-schemas.ts";

export const NETWORKS_ONLY_FOR_KIOSKS = "allowed_networks: only a check-in kiosk's app can be limited to its campus's networks";

/**
 * PATCH /api/v1/admin/clients/{id} (clients:write): name, redirect URIs, post-logout URIs, scopes, PKCE policy,
 * back-channel logout, pushed requests, DPoP; and a check-in kiosk's campus networks. Takes effect at the next
 * request (the token endpoint's client cache: within 5 seconds, decision 0008).
 *
 * A kiosk's client is first-party, which staff otherwise never change here (decision 0017: a slip could lock
 * everyone out), but its networks are the campus's and only narrow where its tokens work: a body holding
 * only `allowed_networks` is taken for a kiosk's client, first-party or not. Any other client cannot have
 * networks (`invalid_request`). Each entry is read again by node:net before it is kept.
 */
export async function updateClient(database: Database, clientId: string, body: UpdateClientBody): Promise<AdminClient> {
  const onlyNetworks = body.allowed_networks !== undefined && Object.keys(body).every((field) => field === "allowed_networks");
  const client = onlyNetworks ? await getClientForStaffOrThrow(database, clientId) : await getThirdPartyClientOrThrow(database, clientId);
  if (body.allowed_networks !== undefined) {
    if (!client.check_in_campus) throw new IdentityError("invalid_request", NETWORKS_ONLY_FOR_KIOSKS);
    body.allowed_networks.forEach((entry, index) => {
      const problem = networkProblem(entry);
      if (problem) throw new IdentityError("invalid_request", `allowed_networks.${index}: ${problem}`);
    });
  }
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
      // One entry once, in the order staff wrote them.
      allowedNetworks: body.allowed_networks === undefined ? undefined : [...new Set(body.allowed_networks)],
    },
    select: { id: true },
  });
  return getClientForStaffOrThrow(database, clientId);
}
