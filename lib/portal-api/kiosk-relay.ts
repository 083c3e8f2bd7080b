import "server-only";
import { cookies } from "next/headers";
import type { CookieToSet } from "../accounts/errors.ts";
import { env } from "../env.ts";
import { csrfCookieName, verifyCsrf } from "../http/csrf.ts";
import { logUnexpectedError } from "../http/log-unexpected-error.ts";
import { BodyTooLargeError, MAX_JSON_BODY_BYTES, readBodyText } from "../http/read-body.ts";
import { relayedClientHeader, RELAYED_CLIENT_HEADER } from "../http/relayed-client.ts";
import { requestContext } from "../http/request-context.ts";
import { clearedKioskCookies, freshKioskAccess, kioskCookieName, readKioskTokens } from "./kiosk-session.ts";
import { kioskUpstreamPath } from "./kiosk-paths.ts";
import { PORTAL_API_CSRF_HEADER } from "./paths.ts";

/**
 * The kiosk page's backend-for-frontend, the portal relay's twin (lib/portal-api/relay.ts): the tablet's
 * browser calls /kiosk/api/v1/<name> on our own origin with the page's CSRF token, and this relays it to
 * /api/v1/kiosk/<name> with the kiosk's access token from its sealed cookie. Only the four kiosk calls
 * are reachable. Answers are the identity API's, unchanged; the relay's own refusals use its error shape.
 */

export function kioskRefusal(status: number, error: string, description: string): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/** True when the call comes from our own page: same origin and the signed double-submit token in the header. */
export function fromKioskPage(request: Request): boolean {
  const seed = request.headers
    .get("cookie")
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${csrfCookieName()}=`))
    ?.slice(csrfCookieName().length + 1);
  return verifyCsrf(request, request.headers.get(PORTAL_API_CSRF_HEADER), seed);
}

export async function setCookies(list: readonly CookieToSet[]): Promise<void> {
  const store = await cookies();
  for (const cookie of list) store.set(cookie.name, cookie.value, cookie.options);
}

export async function relayToKioskApi(request: Request, segments: readonly string[]): Promise<Response> {
  if (!fromKioskPage(request)) return kioskRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  const path = kioskUpstreamPath(segments, request.method);
  if (!path) return kioskRefusal(404, "not_found", "There is no such kiosk route.");

  const tokens = await readKioskTokens((await cookies()).get(kioskCookieName())?.value);
  if (!tokens) return kioskRefusal(401, "invalid_token", "This kiosk is not signed in. Ask a volunteer to set it up again.");
  const fresh = await freshKioskAccess(tokens);
  if (!fresh) {
    await setCookies(clearedKioskCookies());
    return kioskRefusal(401, "invalid_token", "This kiosk was signed out. Ask a volunteer to set it up again.");
  }
  if (fresh.cookie) await setCookies([fresh.cookie]);

  let body: string | undefined;
  try {
    body = request.method === "POST" ? await readBodyText(request, MAX_JSON_BODY_BYTES) : undefined;
  } catch (error) {
    if (error instanceof BodyTooLargeError) return kioskRefusal(400, "invalid_request", "The request body is too large.");
    throw error;
  }
  // The tablet's own address, signed for this token, so attempt limits and logs see the lobby, not us.
  const { ip, userAgent } = requestContext(request.headers);
  const authorization = `Bearer ${fresh.access}`;
  const headers: Record<string, string> = { Authorization: authorization, Accept: "application/json" };
  if (body) headers["Content-Type"] = "application/json";
  if (ip) headers[RELAYED_CLIENT_HEADER] = relayedClientHeader(ip, authorization);
  if (userAgent) headers["User-Agent"] = userAgent;

  let upstream: Response;
  try {
    upstream = await fetch(`${env().BACKCHANNEL_URL}${path}`, { method: request.method, headers, body: body || undefined, redirect: "manual" });
  } catch (error) {
    logUnexpectedError("kiosk relay: the identity API did not answer", error);
    return kioskRefusal(503, "service_unavailable", "The check-in service is not answering. Try again in a moment.");
  }
  // A fresh token refused: the kiosk's grant was revoked or its client disabled. Forget it, enrol again.
  if (upstream.status === 401) await setCookies(clearedKioskCookies());
  const responseHeaders = new Headers({ "Cache-Control": "no-store" });
  for (const name of ["content-type", "retry-after"]) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}
