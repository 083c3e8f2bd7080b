import "server-only";
import { cookies } from "next/headers";
import type { CookieToSet } from "../accounts/errors.ts";
import { database as openDatabase } from "../db.ts";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from "../db/unavailable.ts";
import { env } from "../env.ts";
import { csrfCookieName, verifyCsrf } from "../http/csrf.ts";
import { logUnexpectedError } from "../http/log-unexpected-error.ts";
import { BodyTooLargeError, MAX_JSON_BODY_BYTES, readBodyText } from "../http/read-body.ts";
import { relayedClientHeader, RELAYED_CLIENT_HEADER } from "../http/relayed-client.ts";
import { requestContext } from "../http/request-context.ts";
import { OUTSIDE_ALLOWED_NETWORKS } from "../oauth/clients/allowed-networks.ts";
import { DPOP_SIGNING_ALGS } from "../oauth/dpop/dpop-proof.ts";
import { kioskProofOf, noteKioskCookieWithoutKey } from "./kiosk-proof.ts";
import { clearedKioskCookies, freshKioskAccess, kioskCookieName, readKioskTokens, type KioskTokens } from "./kiosk-session.ts";
import { kioskUpstreamPath } from "./kiosk-paths.ts";
import { PORTAL_API_CSRF_HEADER } from "./paths.ts";

/**
 * The kiosk page's backend-for-frontend, the portal relay's twin (lib/portal-api/relay.ts): the tablet's
 * browser calls /kiosk/api/v1/<name> on our own origin with the page's CSRF token, and this relays it to
 * /api/v1/kiosk/<name> with the kiosk's access token from its sealed cookie, once the call has proved the
 * tablet's key the cookie is bound to (./kiosk-proof.ts). Only the kiosk calls are reachable. Answers are
 * the identity API's, unchanged; the relay's own refusals use its error shape.
 */

export function kioskRefusal(status: number, error: string, description: string): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { "Content-Type": "application/json; charset=utf-8", "Cache-Control": "no-store" },
  });
}

/**
 * The one try/catch of the kiosk page's own routes (/kiosk/enrol, /kiosk/enrol/poll, /kiosk/sign-out, the
 * relay): their answers are JSON in the identity error shape whatever happens. A database that does not
 * answer is a 503 with Retry-After (decision 0016); anything else a 500 whose request id is in the log.
 */
export function kioskRoute<Args extends unknown[]>(handler: (request: Request, ...args: Args) => Promise<Response>) {
  return async (request: Request, ...args: Args): Promise<Response> => {
    try {
      return await handler(request, ...args);
    } catch (error) {
      if (isDatabaseUnavailable(error)) {
        const answer = kioskRefusal(503, "service_unavailable", "The check-in service is not answering. Try again in a moment.");
        answer.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
        return answer;
      }
      const requestId = logUnexpectedError(new URL(request.url).pathname, error, request.headers);
      return kioskRefusal(500, "server_error", `Something went wrong. Try again. (Reference ${requestId})`);
    }
  };
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
  const { ip, userAgent } = requestContext(request.headers);
  const bound = await tabletHoldsKey(request, tokens, ip);
  if (bound instanceof Response) return bound;
  const fresh = await freshKioskAccess(bound, { ip, userAgent });
  if (fresh === "outside_networks") return kioskRefusal(403, "forbidden", volunteerSentence(OUTSIDE_ALLOWED_NETWORKS));
  if (fresh === "signed_out") {
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

/** "this kiosk may …" as the page shows it: a sentence. */
export function volunteerSentence(description: string): string {
  return `${description.charAt(0).toUpperCase()}${description.slice(1)}.`;
}

/**
 * The cookie's tokens, once this call has proved the tablet's key they are bound to; else the refusal to
 * answer. A proof that is missing or of another key (a copied cookie, or a browser that lost its key) ends
 * the cookie in that browser and is noted; one that is only malformed or stale (a tablet whose clock is
 * off) is answered by kioskProofRefusal, with the server's Date, and the page tries once more by it.
 */
export async function tabletHoldsKey(request: Request, tokens: KioskTokens, ip: string | null): Promise<(KioskTokens & { jkt: string }) | Response> {
  const proof = await kioskProofOf(await openDatabase(), request);
  if (!proof.ok && !proof.missing && tokens.jkt) return kioskProofRefusal("This kiosk's request could not be checked. Check the tablet's date and time, then try again.");
  if (!proof.ok || !tokens.jkt || proof.jkt !== tokens.jkt) {
    noteKioskCookieWithoutKey(tokens.clientId, ip, !tokens.jkt ? "a cookie from before kiosks were bound to a key" : proof.ok ? "another key" : "no proof");
    await setCookies(clearedKioskCookies());
    return kioskRefusal(401, "invalid_token", "This kiosk must be set up again on this tablet. Ask a volunteer to set it up.");
  }
  return { ...tokens, jkt: tokens.jkt };
}

/**
 * A proof of the tablet's key that is malformed, stale or used before: `invalid_request` (the identity shape's
 * closed set of codes) with RFC 9449's challenge, `WWW-Authenticate: DPoP error="invalid_dpop_proof"`, which
 * the page's kioskFetch reads to try once more by the server's clock (the answer's Date).
 */
export function kioskProofRefusal(description: string): Response {
  const answer = kioskRefusal(400, "invalid_request", description);
  answer.headers.set("WWW-Authenticate", `DPoP error="invalid_dpop_proof", algs="${DPOP_SIGNING_ALGS.join(" ")}"`);
  return answer;
}
