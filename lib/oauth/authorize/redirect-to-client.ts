import { env } from "../../env.ts";
import type { OAuthError } from "../errors.ts";
import { MAX_PARAM_LENGTH } from "./validate-authorization-params.ts";

/**
 * The authorization response sent back to the client's redirect URI (RFC 6749 4.1.2), with `state`
 * echoed and `iss` so the client can tell which server answered (RFC 9207, mix-up defence).
 */
export function clientRedirect(redirectUri: string, values: Record<string, string | undefined>): Response {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined) url.searchParams.set(key, value);
  }
  url.searchParams.set("iss", env().BASE_URL);
  return new Response(null, { status: 303, headers: { Location: url.toString(), "Cache-Control": "no-store" } });
}

/**
 * An error for the client. `state` is echoed unless it is itself over the parameters' length limit (the
 * error then says so): echoing 100 KB of it made a Location header no browser, proxy or Node client
 * accepts (found by the hostile-input proof).
 */
export function clientErrorRedirect(redirectUri: string, error: OAuthError, state: string | null | undefined): Response {
  const echoed = state && state.length <= MAX_PARAM_LENGTH ? state : undefined;
  return clientRedirect(redirectUri, { error: error.code, error_description: error.description, state: echoed });
}
