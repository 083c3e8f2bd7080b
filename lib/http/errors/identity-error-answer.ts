import { JSON_CONTENT_TYPE, type PlainResponse } from "../plain-response.ts";

/**
 * The one renderer of the identity surface's errors (/api/v1, and the account forms when they answer JSON):
 * `{ error, error_description }` with the code's status and `no-store` (decisions.md part 2). The wrapper
 * (lib/http/identity.ts), the 405s and the requests refused before routing all answer through it.
 */
export function identityErrorAnswer(error: string, description: string, status: number, headers: Record<string, string> = {}): PlainResponse {
  return {
    status,
    headers: { "Cache-Control": "no-store", "Content-Type": JSON_CONTENT_TYPE, ...headers },
    body: JSON.stringify({ error, error_description: description }),
  };
}
