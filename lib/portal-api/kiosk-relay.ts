import "server-only";
import { cookies } from "next/headers";
import type { CookieToSet } from "../accounts/errors.ts";
import { database as openDatabase } from "../db.ts";
import { requestContext } from "../http/request-context.ts";
import { OUTSIDE_ALLOWED_NETWORKS } from "../oauth/clients/allowed-networks.ts";
import { DPOP_SIGNING_ALGS } from "../oauth/dpop/dpop-proof.ts";
import { kioskProofOf, noteKioskCookieWithoutKey } from "./kiosk-proof.ts";
import { clearedKioskCookies, freshKioskAccess, kioskCookieName, readKioskTokens, type KioskTokens } from "./kiosk-session.ts";
import { kioskUpstreamPath } from "./kiosk-paths.ts";
import { callUpstream, fromOwnPage, relayedAnswer, relayRefusal, relayRoute } from "./relay-upstream.ts";

/**
 * The kiosk page's backend-for-frontend, the portal relay's twin (lib/portal-api/relay.ts): the tablet's
 * browser calls /kiosk/api/v1/<name> on our own origin with the page's CSRF token, and this relays it to
 * /api/v1/kiosk/<name> with the kiosk's access token from its sealed cookie, once the call has proved the
 * tablet's key the cookie is bound to (./kiosk-proof.ts). Only the kiosk calls are reachable. Answers are
 * the identity API's, unchanged; the relay's own refusals use its error shape (./relay-upstream.ts).
 */

/** The kiosk page's own routes (/kiosk/enrol, /kiosk/enrol/poll, /kiosk/sign-out, the relay) answer through this. */
export const kioskRoute = <Args extends unknown[]>(handler: (request: Request, ...args: Args) => Promise<Response>) =>
  relayRoute("The check-in service is not answering. Try again in a moment.", handler);

export async function setCookies(list: readonly CookieToSet[]): Promise<void> {
  const store = await cookies();
  for (const cookie of list) store.set(cookie.name, cookie.value, cookie.options);
}

export async function relayToKioskApi(request: Request, segments: readonly string[]): Promise<Response> {
  if (!fromOwnPage(request)) return relayRefusal(403, "forbidden", "This request did not come from the kiosk page. Reload the page and try again.");
  const path = kioskUpstreamPath(segments, request.method);
  if (!path) return relayRefusal(404, "not_found", "There is no such kiosk route.");

  const tokens = await readKioskTokens((await cookies()).get(kioskCookieName())?.value);
  if (!tokens) return relayRefusal(401, "invalid_token", "This kiosk is not signed in. Ask a volunteer to set it up again.");
  const { ip, userAgent } = requestContext(request.headers);
  const bound = await tabletHoldsKey(request, tokens, ip);
  if (bound instanceof Response) return bound;
  const fresh = await freshKioskAccess(bound, { ip, userAgent });
  if (fresh === "outside_networks") return relayRefusal(403, "forbidden", volunteerSentence(OUTSIDE_ALLOWED_NETWORKS));
  if (fresh === "signed_out") {
    await setCookies(clearedKioskCookies());
    return relayRefusal(401, "invalid_token", "This kiosk was signed out. Ask a volunteer to set it up again.");
  }
  if (fresh.cookie) await setCookies([fresh.cookie]);

  const call = await callUpstream(request, {
    path,
    accessToken: fresh.access,
    withBody: request.method === "POST",
    unavailable: "The check-in service is not answering. Try again in a moment.",
    label: "kiosk relay",
  });
  if ("refusal" in call) return call.refusal;
  // A fresh token refused: the kiosk's grant was revoked or its client disabled. Forget it, enrol again.
  if (call.answer.status === 401) await setCookies(clearedKioskCookies());
  return relayedAnswer(call.answer, ["content-type", "retry-after"]);
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
    return relayRefusal(401, "invalid_token", "This kiosk must be set up again on this tablet. Ask a volunteer to set it up.");
  }
  return { ...tokens, jkt: tokens.jkt };
}

/**
 * A proof of the tablet's key that is malformed, stale or used before: `invalid_request` (the identity shape's
 * closed set of codes) with RFC 9449's challenge, `WWW-Authenticate: DPoP error="invalid_dpop_proof"`, which
 * the page's kioskFetch reads to try once more by the server's clock (the answer's Date).
 */
export function kioskProofRefusal(description: string): Response {
  const answer = relayRefusal(400, "invalid_request", description);
  answer.headers.set("WWW-Authenticate", `DPoP error="invalid_dpop_proof", algs="${DPOP_SIGNING_ALGS.join(" ")}"`);
  return answer;
}
