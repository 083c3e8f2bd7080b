import "server-only";
import type { Database } from "../../db/database.ts";
import { getClient, type OAuthClient } from "../clients/get-client.ts";
import { AuthorizePageError } from "./authorize-errors.ts";

/**
 * Step 1 of the authorization endpoint: the client and the redirect URI. Until both are proven, nothing
 * may be sent to the redirect URI (RFC 6749 4.1.2.1, RFC 9700 4.1): exact string match against the
 * client's registered list, no pattern, no prefix.
 */
export async function resolveClientAndRedirect(database: Database, params: URLSearchParams): Promise<{ client: OAuthClient; redirectUri: string }> {
  for (const key of ["client_id", "redirect_uri"]) {
    if (params.getAll(key).length > 1) throw new AuthorizePageError("repeated_parameter");
  }
  const clientId = params.get("client_id");
  if (!clientId) throw new AuthorizePageError("missing_client_id");
  const client = await getClient(database, clientId);
  if (!client) throw new AuthorizePageError("unknown_client");
  const redirectUri = params.get("redirect_uri");
  if (!redirectUri) throw new AuthorizePageError("missing_redirect_uri");
  if (!client.redirectUris.includes(redirectUri)) throw new AuthorizePageError("invalid_redirect_uri");
  return { client, redirectUri };
}
