import "server-only";
import { env } from "../env.ts";
import { csrfCookieName, verifyCsrf } from "../http/csrf.ts";
import { logUnexpectedError } from "../http/log-unexpected-error.ts";
import { BodyTooLargeError, MAX_JSON_BODY_BYTES, readBodyText } from "../http/read-body.ts";
import { relayedClientHeader, RELAYED_CLIENT_HEADER } from "../http/relayed-client.ts";
import { requestContext } from "../http/request-context.ts";
import { endPortalSession, getPortalSession } from "../portal-auth/get-portal-session.ts";
import { PORTAL_API_CSRF_HEADER, upstreamPath } from "./paths.ts";
import { stepUpChallenge } from "./step-up.ts";

/**
 * The portal's backend-for-frontend: the browser's React code calls /portal/api/v1/<path> on our own
 * origin, and this relays the call to /api/v1/<path> with the member's access token, which never leaves
 * the server. Every call must prove it comes from our own pages (Origin check plus the signed
 * double-submit token in a header, lib/http/csrf.ts): the session cookie alone authorises nothing.
 *
 * Answers are the identity surface's own: the upstream status and JSON pass through unchanged, and the
 * relay's own refusals use the identity error shape.
 */

const FORWARDED_RESPONSE_HEADERS = ["content-type", "retry-after", "content-disposition", "www-authenticate"] as const;

function refusal(status: number, error: string, description: string): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function relayToIdentityApi(request: Request, segments: readonly string[]): Promise<Response> {
  const cookie = request.headers
    .get("cookie")
    ?.split(";")
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${csrfCookieName()}=`))
    ?.slice(csrfCookieName().length + 1);
  if (!verifyCsrf(request, request.headers.get(PORTAL_API_CSRF_HEADER), cookie)) {
    return refusal(403, "forbidden", "This request did not come from this site's own page. Reload the page and try again.");
  }
  const path = upstreamPath(segments);
  if (!path) return refusal(404, "not_found", "There is no such portal API route.");

  let session;
  try {
    session = await getPortalSession();
  } catch (error) {
    logUnexpectedError("portal relay: refreshing the session failed", error, request.headers);
    session = null;
  }
  if (!session) return refusal(401, "invalid_token", "Your session has ended. Sign in again.");

  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  let body: string | undefined;
  try {
    body = hasBody ? await readBodyText(request, MAX_JSON_BODY_BYTES) : undefined;
  } catch (error) {
    if (error instanceof BodyTooLargeError) return refusal(400, "invalid_request", "The request body is too large.");
    throw error;
  }
  // The member's own address and browser, so their security log and attempt limits see them, not us. The
  // address travels signed (lib/http/relayed-client.ts): the API believes it from us and from nobody else.
  const { ip, userAgent } = requestContext(request.headers);
  const authorization = `Bearer ${session.accessToken}`;
  const headers: Record<string, string> = { Authorization: authorization, Accept: "application/json" };
  if (body) headers["Content-Type"] = "application/json";
  if (ip) headers[RELAYED_CLIENT_HEADER] = relayedClientHeader(ip, authorization);
  if (userAgent) headers["User-Agent"] = userAgent;

  const search = new URL(request.url).search;
  let upstream: Response;
  try {
    upstream = await fetch(`${env().BACKCHANNEL_URL}${path}${search}`, { method: request.method, headers, body: body || undefined, redirect: "manual" });
  } catch (error) {
    logUnexpectedError("portal relay: the identity API did not answer", error);
    return refusal(503, "service_unavailable", "The account service is not answering. Try again in a moment.");
  }
  // The token was refused although it was fresh: its session was revoked. Remember that, so the next page
  // asks the member to sign in instead of showing an account it can no longer read. A step-up challenge
  // (sign in again before a sensitive change) leaves the session as it is.
  if (upstream.status === 401 && !stepUpChallenge(upstream.headers.get("www-authenticate"))) await endPortalSession();
  const responseHeaders = new Headers({ "Cache-Control": "no-store" });
  for (const name of FORWARDED_RESPONSE_HEADERS) {
    const value = upstream.headers.get(name);
    if (value) responseHeaders.set(name, value);
  }
  return new Response(upstream.body, { status: upstream.status, headers: responseHeaders });
}
