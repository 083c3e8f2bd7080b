import "server-only";
import { HTTP_METHODS, type HttpMethod } from "../openapi/endpoint.ts";
import { IDENTITY_ERROR_STATUS } from "./identity-error-status.ts";
import { calendarErrorAnswer } from "./errors/calendar-error-answer.ts";
import { identityErrorAnswer } from "./errors/identity-error-answer.ts";
import { oauthErrorAnswer } from "./errors/oauth-error-answer.ts";
import { toResponse } from "./plain-response.ts";

/**
 * Answers for the HTTP methods a route does not implement. Without these, Next answers 405 with an empty
 * body, outside every surface's error shape (found by the hostile-input proof, scripts/proofs/fuzz.ts).
 * A route exports the methods it lacks from one of these, e.g.
 *   export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
 * Every answer is 405 with an `Allow` header (RFC 9110 15.5.6) and the surface's own body. HEAD and
 * OPTIONS stay Next's: HEAD runs GET without a body, OPTIONS answers 204 with `Allow`.
 */
export type Method = HttpMethod;
type Handler = (request: Request) => Promise<Response>;
type Handlers = Record<Method, Handler>;

function allowHeader(allowed: readonly string[]): string {
  const methods = new Set(allowed);
  if (methods.has("GET")) methods.add("HEAD");
  methods.add("OPTIONS");
  return [...methods].join(", ");
}

function notAllowed(method: string, allowed: readonly string[]): string {
  return `${method} is not allowed here; use ${allowed.join(" or ")}`;
}

function handlers(answer: (method: string) => Response): Handlers {
  return Object.fromEntries(HTTP_METHODS.map((method) => [method, async (request: Request) => answer(request.method)])) as Handlers;
}

/** /api/v1 routes: `{ error: "method_not_allowed", error_description }`, as every identity error. */
export function identityMethodNotAllowed(allowed: readonly Method[]): Handlers {
  const allow = allowHeader(allowed);
  return handlers((method) =>
    toResponse(identityErrorAnswer("method_not_allowed", notAllowed(method, allowed), IDENTITY_ERROR_STATUS.method_not_allowed, { Allow: allow })),
  );
}

/**
 * The OAuth endpoints that answer JSON (token, revocation, introspection, JWKS, discovery): RFC 6749 has
 * no code for a wrong method, and its `invalid_request` covers "a request that is otherwise malformed".
 */
export function oauthMethodNotAllowed(allowed: readonly Method[]): Handlers {
  const allow = allowHeader(allowed);
  return handlers((method) => toResponse(oauthErrorAnswer("invalid_request", notAllowed(method, allowed), 405, { Allow: allow })));
}

/** The browser endpoints (authorize, resume, logout): our error page, as their other refusals. */
export function browserMethodNotAllowed(): Handlers {
  return handlers(() => new Response(null, { status: 303, headers: { Location: "/oauth/error?error=invalid_request", "Cache-Control": "no-store" } }));
}

/**
 * The account forms (/auth/*): a GET (a bookmarked or reloaded form address) goes to the form's page;
 * any other method gets the forms' JSON error shape.
 */
export function formMethodNotAllowed(formPath: string): Handlers {
  const json = identityMethodNotAllowed(["POST"]);
  return {
    ...json,
    GET: async () => new Response(null, { status: 303, headers: { Location: formPath, "Cache-Control": "no-store" } }),
  };
}

/** Calendar routes: a CalendarError, with the CORS headers embedding sites need to read it. */
export function calendarMethodNotAllowed(): Handlers {
  return handlers((method) => toResponse(calendarErrorAnswer(405, `method ${method} is not allowed`, { headers: { Allow: "GET, HEAD, OPTIONS" } })));
}

/** Pages a route writes itself (the calendar widget's iframe page, 0028): a small HTML page, never cached. */
export function pageMethodNotAllowed(): Handlers {
  return handlers(
    (method) =>
      new Response(`<!doctype html>\n<html lang="en"><head><meta charset="utf-8"><title>Method not allowed</title></head><body><p>${method === "POST" || method === "PUT" || method === "PATCH" || method === "DELETE" ? method : "This method"} is not allowed here; use GET.</p></body></html>\n`, {
        status: 405,
        headers: { Allow: "GET, HEAD, OPTIONS", "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
      }),
  );
}
