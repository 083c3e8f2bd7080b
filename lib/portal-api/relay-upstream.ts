import "server-only";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { env } from "../env.ts";
import { csrfCookieName, verifyCsrf } from "../http/csrf.ts";
import { logUnexpectedError } from "../http/log-unexpected-error.ts";
import { BodyTooLargeError, readBodyText } from "../http/read-body.ts";
import { relayedClientHeader, RELAYED_CLIENT_HEADER } from "../http/relayed-client.ts";
import { requestContext } from "../http/request-context.ts";
import { PORTAL_API_CSRF_HEADER } from "./paths.ts";
import { relayedBodyLimit } from "./relayed-body-limit.ts";

/**
 * What the two backends-for-frontend share (the portal's, ./relay.ts, and the kiosk's, ./kiosk-relay.ts): a
 * browser on our own origin calls us with the page's CSRF token, and we call the identity API with a token the
 * browser never sees. Written once here: the page check, the refusals in the identity error shape, the one
 * try/catch of their routes, and the call upstream with the caller's own address signed for that token.
 */

export function relayRefusal(status: number, error: string, description: string): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** True when the call comes from our own page: same origin and the signed double-submit token in the header. */
export function fromOwnPage(request: Request): boolean {
  const seed = request.headers
    .get("cookie")
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${csrfCookieName()}=`))
    ?.slice(csrfCookieName().length + 1);
  return verifyCsrf(request, request.headers.get(PORTAL_API_CSRF_HEADER), seed);
}

/** Marks a handler made by relayRoute, so a test of the route files can tell that none skips it. */
export const RELAY_ROUTE = Symbol.for("church.relayRoute");

/**
 * The one try/catch of a relay's routes: their answers are JSON in the identity error shape whatever happens.
 * A database that does not answer is a 503 with Retry-After (decision 0016), said with `unavailable`; anything
 * else a 500 whose request id is in the log.
 */
export function relayRoute<Args extends unknown[]>(unavailable: string, handler: (request: Request, ...args: Args) => Promise<Response>) {
  return Object.assign(async (request: Request, ...args: Args): Promise<Response> => {
    try {
      return await handler(request, ...args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        const answer = relayRefusal(503, "service_unavailable", unavailable);
        answer.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
        return answer;
      }
      const requestId = logUnexpectedError(new URL(request.url).pathname, error, request.headers);
      return relayRefusal(500, "server_error", `Something went wrong. Try again. (Reference ${requestId})`);
    }
  }, { [RELAY_ROUTE]: true as const });
}

export interface Upstream {
  /** `/api/v1/…`, with its query if it is to be passed on. */
  path: string;
  accessToken: string;
  /** Whether this call's method carries a body to pass on. */
  withBody: boolean;
  /** Said with the 503 when the API does not answer; `label` names the relay in the log line. */
  unavailable: string;
  label: string;
}

/**
 * Calls the identity API as the caller: their JSON body (at most what its endpoint takes), the access token, and
 * their own address and browser, so the security log and attempt limits see them, not us. The address travels
 * signed for this token (lib/http/relayed-client.ts): the API believes it from us and from nobody else.
 * Redirects are not followed. The answer, or the refusal to give the browser instead.
 */
export async function callUpstream(request: Request, upstream: Upstream): Promise<{ answer: Response } | { refusal: Response }> {
  let body: string | undefined;
  try {
    body = upstream.withBody ? await readBodyText(request, relayedBodyLimit(request.method, upstream.path)) : undefined;
  } catch (error) {
    if (error instanceof BodyTooLargeError) return { refusal: relayRefusal(400, "invalid_request", "The request body is too large.") };
    throw error;
  }
  const { ip, userAgent } = requestContext(request.headers);
  const authorization = `Bearer ${upstream.accessToken}`;
  const headers: Record<string, string> = { Authorization: authorization, Accept: "application/json" };
  if (body) headers["Content-Type"] = "application/json";
  if (ip) headers[RELAYED_CLIENT_HEADER] = relayedClientHeader(ip, authorization);
  if (userAgent) headers["User-Agent"] = userAgent;
  try {
    return { answer: await fetch(`${env().BACKCHANNEL_URL}${upstream.path}`, { method: request.method, headers, body: body || undefined, redirect: "manual" }) };
  } catch (error) {
    logUnexpectedError(`${upstream.label}: the identity API did not answer`, error);
    return { refusal: relayRefusal(503, "service_unavailable", upstream.unavailable) };
  }
}

/** The API's answer as the browser gets it: its status and body unchanged, the named headers, never cached. */
export function relayedAnswer(answer: Response, forwardedHeaders: readonly string[]): Response {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const name of forwardedHeaders) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: answer.status, headers });
}
