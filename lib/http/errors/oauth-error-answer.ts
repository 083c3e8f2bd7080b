import { JSON_CONTENT_TYPE, type PlainResponse } from "../plain-response.ts";

/** RFC 6749 5.1: token responses, and so every answer of the OAuth JSON endpoints, are never cached. */
export const NO_STORE_HEADERS = { "Cache-Control": "no-store", Pragma: "no-cache" } as const;

/**
 * The one renderer of the OAuth JSON surface's errors (token, revocation, introspection, userinfo, JWKS,
 * discovery): RFC 6749 5.2's `{ error, error_description }` with its status and `no-store`. The wrapper
 * (lib/http/oauth.ts), the 405s and the requests refused before routing all answer through it.
 */
export function oauthErrorAnswer(error: string, description: string, status: number, headers: Record<string, string> = {}): PlainResponse {
  return {
    status,
    headers: { "Content-Type": JSON_CONTENT_TYPE, ...NO_STORE_HEADERS, ...headers },
    body: JSON.stringify({ error, error_description: description }),
  };
}
