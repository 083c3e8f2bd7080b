import "server-only";
import type { Database } from "../../db/database.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { validateAuthorizationParams } from "../authorize/validate-authorization-params.ts";
import { invalidRequest } from "../errors.ts";
import { storePushedRequest } from "./pushed-requests.ts";

/** Client authentication travels in the same form (RFC 9126 2.1) and is not part of the request itself. */
const CLIENT_AUTHENTICATION_PARAMETERS = ["client_secret", "client_assertion", "client_assertion_type"];

/**
 * POST /oauth/par (RFC 9126 2): an authenticated client pushes its authorization request and gets a
 * `request_uri` for the browser. Everything /oauth/authorize would check is checked here, with errors
 * answered to the client in JSON (2.3) instead of through the browser: the redirect URI (registered, exact),
 * then the request (lib/oauth/authorize/validate-authorization-params.ts). A pushed request may not itself
 * carry a request_uri (2.1). A `client_id` other than the authenticated client's is refused by
 * authenticateClient, before this runs.
 */
export async function pushAuthorizationRequest(database: Database, client: OAuthClient, form: URLSearchParams): Promise<{ request_uri: string; expires_in: number }> {
  if (form.has("request_uri")) throw invalidRequest("request_uri cannot be pushed");
  const redirectUri = form.get("redirect_uri");
  if (!redirectUri) throw invalidRequest("redirect_uri is required");
  if (!client.redirectUris.includes(redirectUri)) throw invalidRequest("redirect_uri is not registered for this client");
  const request = new URLSearchParams(form);
  for (const name of CLIENT_AUTHENTICATION_PARAMETERS) request.delete(name);
  const params = validateAuthorizationParams(request, client, redirectUri);
  const { requestUri, expiresIn } = await storePushedRequest(database, client.id, params);
  return { request_uri: requestUri, expires_in: expiresIn };
}
