import "server-only";
import { logUnexpectedError } from "./log-unexpected-error.ts";
import { database as openDatabase, type Database } from "../db.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { isUnstorableText } from "../db/unstorable-text.ts";
import type { HeaderReader } from "../kernel/header-reader.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { OAuthError } from "../oauth/errors.ts";
import { rejectRepeatedParameters } from "../oauth/repeated-parameters.ts";
import { NO_STORE_HEADERS, oauthErrorAnswer } from "./errors/oauth-error-answer.ts";
import { JSON_CONTENT_TYPE, toResponse, type PlainResponse } from "./plain-response.ts";
import { BodyTooLargeError, MAX_FORM_BODY_BYTES, readBodyText } from "./read-body.ts";

/**
 * The one wrapper of the OAuth endpoints that answer JSON (token, revocation, introspection, userinfo):
 * `Cache-Control: no-store` on every answer (RFC 6749 5.1), errors in RFC 6749's own shape
 * `{ error, error_description }` with their status, and the only try/catch: anything unexpected becomes a
 * generic `server_error`, logged with a request id and never echoed.
 */
export { NO_STORE_HEADERS, toResponse, type PlainResponse };

type Handler = (request: Request) => Promise<Response>;
export type DatabaseHandler = (request: Request, database: Database) => Promise<Response>;

export function oauthJson(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return toResponse(plainJson(body, status, headers));
}

export function oauthErrorResponse(error: OAuthError): Response {
  return toResponse(oauthErrorResult(error));
}

export type { HeaderReader };

export function plainJson(body: unknown, status = 200, headers: Record<string, string> = {}): PlainResponse {
  return { status, headers: { "Content-Type": JSON_CONTENT_TYPE, ...NO_STORE_HEADERS, ...headers }, body: JSON.stringify(body) };
}

function oauthErrorResult(error: OAuthError): PlainResponse {
  return oauthErrorAnswer(error.code, error.description, error.status, error.headers);
}

/**
 * An attempt limit's refusal (lib/limits, surface-neutral) in RFC 6749's shape: RFC 6749 has no code for it,
 * and `temporarily_unavailable` would say the server is overloaded for everyone. `slow_down` is RFC 8628's word
 * for a client that asks too often (a device starting codes faster than its limit, the one caller today); the
 * status is 429 with Retry-After (RFC 6585), so any HTTP client knows when to ask again. A device polling the
 * token endpoint too soon gets RFC 8628's own `slow_down` (400, its interval lengthened: lib/oauth/token).
 */
function tooManyRequestsAnswer(error: TooManyAttemptsError): PlainResponse {
  const seconds = Math.max(1, Math.ceil(error.retryAfterSeconds));
  return oauthErrorAnswer("slow_down", `too many requests; try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}`, 429, { "Retry-After": String(seconds) });
}

/** The one place a failure becomes an answer: OAuth errors as they are, anything else generic and logged. */
export function oauthFailure(error: unknown, route: string): PlainResponse {
  if (error instanceof OAuthError) return oauthErrorResult(error);
  if (error instanceof TooManyAttemptsError) return tooManyRequestsAnswer(error);
  if (isUnstorableText(error)) return oauthErrorResult(new OAuthError("invalid_request", "a parameter holds a character that is not allowed"));
  if (isDatabaseUnavailable(error)) {
    return oauthErrorResult(new OAuthError("temporarily_unavailable", "the service is briefly unavailable; try again", { "Retry-After": String(RETRY_AFTER_SECONDS) }));
  }
  const requestId = logUnexpectedError(route, error);
  return oauthErrorAnswer("server_error", `unexpected error (request ${requestId})`, 500);
}

export function oauthRoute(handler: DatabaseHandler): Handler {
  return async (request) => {
    try {
      return await handler(request, await openDatabase());
    } catch (error) {
      return toResponse(oauthFailure(error, new URL(request.url).pathname));
    }
  };
}

/** Form bodies above this size are refused: no OAuth request comes near it. */
export const MAX_OAUTH_FORM_BYTES = MAX_FORM_BODY_BYTES;

/**
 * Reads an application/x-www-form-urlencoded body (RFC 6749 requires it). A parameter given twice is
 * refused (RFC 6749 3.1), as is any other content type.
 */
export async function readOAuthForm(request: Request): Promise<URLSearchParams> {
  return parseOAuthForm(request.headers, await readOAuthBody(request));
}

/** The raw body of an OAuth request, read no further than MAX_OAUTH_FORM_BYTES (lib/http/read-body.ts). */
export async function readOAuthBody(request: Request): Promise<string> {
  try {
    return await readBodyText(request, MAX_OAUTH_FORM_BYTES);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new OAuthError("invalid_request", "the request body is too large (at most 16 KiB)");
    throw error;
  }
}

export function parseOAuthForm(headers: HeaderReader, text: string): URLSearchParams {
  const type = headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded") {
    throw new OAuthError("invalid_request", "the body must be application/x-www-form-urlencoded");
  }
  if (Buffer.byteLength(text) > MAX_OAUTH_FORM_BYTES) throw new OAuthError("invalid_request", "the request body is too large (at most 16 KiB)");
  const form = new URLSearchParams(text);
  rejectRepeatedParameters(form);
  return form;
}

