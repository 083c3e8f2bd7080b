import "server-only";
import type { Database } from "../../db/database.ts";

/** A registered client as the protocol steps need it (the secret hash stays inside authenticate-client). */
export interface OAuthClient {
  id: string;
  name: string;
  type: "confidential" | "public";
  redirectUris: string[];
  postLogoutRedirectUris: string[];
  grantTypes: string[];
  scopes: string[];
  firstParty: boolean;
  idTokenSignedResponseAlg: "RS256" | "ES256";
  /** PKCE on every authorization request; only a confidential client may be without it (decision 0006). */
  requirePkce: boolean;
  /** Without PKCE, an OpenID request with a nonce is required (always true unless a certification client turned it off). */
  requireNonceWithoutPkce: boolean;
  /** RFC 9126: authorization requests only through /oauth/par. */
  requirePushedAuthorizationRequests: boolean;
  /** RFC 9449 5.2: every token request carries a DPoP proof. */
  dpopBoundAccessTokens: boolean;
  /** A kiosk's campus networks (./allowed-networks.ts): where its device grant may start and its tokens be fetched. Empty: anywhere. */
  allowedNetworks: string[];
}

export interface OAuthClientWithSecret extends OAuthClient {
  secretHash: string | null;
}

interface ClientRow {
  id: string;
  name: string;
  type: "confidential" | "public";
  secret_hash: string | null;
  redirect_uris: string[];
  post_logout_redirect_uris: string[];
  grant_types: string[];
  scopes: string[];
  first_party: boolean;
  id_token_signed_response_alg: "RS256" | "ES256";
  require_pkce: boolean;
  require_nonce_without_pkce: boolean;
  require_pushed_authorization_requests: boolean;
  dpop_bound_access_tokens: boolean;
  allowed_networks: string[] | null;
}

/**
 * The enabled client with this id, or null. Read on every request, so disabling a client takes effect at once.
 * Raw: the token endpoint reads it on every grant (docs/decisions/0008 and 0019, reason 3).
 */
export async function getClientWithSecret(database: Database, clientId: string): Promise<OAuthClientWithSecret | null> {
  if (!clientId || clientId.length > 128) return null;
  const [row] = await database.query<ClientRow>(
    `SELECT id, name, type, secret_hash, redirect_uris, post_logout_redirect_uris, grant_types, scopes,
            first_party, id_token_signed_response_alg, require_pkce, require_nonce_without_pkce, require_pushed_authorization_requests, dpop_bound_access_tokens,
            allowed_networks
       FROM client WHERE id = $1 AND disabled_at IS NULL`,
    [clientId],
  );
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    secretHash: row.secret_hash,
    redirectUris: row.redirect_uris,
    postLogoutRedirectUris: row.post_logout_redirect_uris,
    grantTypes: row.grant_types,
    scopes: row.scopes,
    firstParty: row.first_party,
    idTokenSignedResponseAlg: row.id_token_signed_response_alg,
    // A public client has no other proof that the code is its own, whatever its row says.
    requirePkce: row.require_pkce || row.type === "public",
    requireNonceWithoutPkce: row.require_nonce_without_pkce,
    requirePushedAuthorizationRequests: row.require_pushed_authorization_requests,
    dpopBoundAccessTokens: row.dpop_bound_access_tokens,
    allowedNetworks: row.allowed_networks ?? [],
  };
}

export async function getClient(database: Database, clientId: string): Promise<OAuthClient | null> {
  const client = await getClientWithSecret(database, clientId);
  if (!client) return null;
  return withoutSecret(client);
}

/** The client as every step but authentication sees it: the secret hash never leaves this module pair. */
export function withoutSecret(client: OAuthClientWithSecret): OAuthClient {
  const publicView: Partial<OAuthClientWithSecret> = { ...client };
  delete publicView.secretHash;
  return publicView as OAuthClient;
}
