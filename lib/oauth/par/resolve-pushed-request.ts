import "server-only";
import type { Database } from "../../db/database.ts";
import type { AuthorizationParams } from "../authorization-request.ts";
import { AuthorizePageError } from "../authorize/authorize-errors.ts";
import { getClient, type OAuthClient } from "../clients/get-client.ts";
import { takePushedRequest } from "./pushed-requests.ts";

/**
 * /oauth/authorize with a `request_uri` (RFC 9126 4): the client named by `client_id` and the request it
 * pushed, taken once. Only the pushed parameters count; anything else in the URL is ignored, as 4 requires.
 * Nothing can be sent to a redirect URI until the pushed request is found, so every failure is our page.
 */
export async function resolvePushedRequest(database: Database, query: URLSearchParams): Promise<{ client: OAuthClient; params: AuthorizationParams }> {
  for (const key of ["client_id", "request_uri"]) {
    if (query.getAll(key).length > 1) throw new AuthorizePageError("repeated_parameter");
  }
  const clientId = query.get("client_id");
  if (!clientId) throw new AuthorizePageError("missing_client_id");
  const client = await getClient(database, clientId);
  if (!client) throw new AuthorizePageError("unknown_client");
  const params = await takePushedRequest(database, client.id, query.get("request_uri") ?? "");
  if (!params) throw new AuthorizePageError("invalid_request_uri");
  // The registration may have changed in the seconds since the push.
  if (!client.redirectUris.includes(params.redirect_uri)) throw new AuthorizePageError("invalid_redirect_uri");
  return { client, params };
}
