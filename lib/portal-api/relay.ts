import "server-only";
import { logUnexpectedError } from "../http/log-unexpected-error.ts";
import { updateMyName, verifyMyNewEmail } from "../users/endpoints.ts";
import { endPortalSession, getPortalSession, updatePortalSessionMember } from "../portal-auth/get-portal-session.ts";
import { upstreamPath } from "./paths.ts";
import { callUpstream, fromOwnPage, relayedAnswer, relayRefusal, relayRoute } from "./relay-upstream.ts";
import { stepUpChallenge } from "./step-up.ts";

/**
 * The portal's backend-for-frontend: the browser's React code calls /portal/api/v1/<path> on our own
 * origin, and this relays the call to /api/v1/<path> with the member's access token, which never leaves
 * the server. Every call must prove it comes from our own pages (Origin check plus the signed
 * double-submit token in a header, lib/http/csrf.ts): the session cookie alone authorises nothing.
 *
 * Answers are the identity surface's own: the upstream status and JSON pass through unchanged, and the
 * relay's own refusals use the identity error shape (what it shares with the kiosk's: ./relay-upstream.ts).
 */

const FORWARDED_RESPONSE_HEADERS = ["content-type", "retry-after", "content-disposition", "www-authenticate"] as const;
const UNAVAILABLE = "The account service is not answering. Try again in a moment.";

export const relayToIdentityApi = relayRoute(UNAVAILABLE, async (request: Request, { params }: { params: Promise<{ path: string[] }> }): Promise<Response> => {
  const segments = (await params).path;
  if (!fromOwnPage(request)) return relayRefusal(403, "forbidden", "This request did not come from this site's own page. Reload the page and try again.");
  const path = upstreamPath(segments);
  if (!path) return relayRefusal(404, "not_found", "There is no such portal API route.");

  let session;
  try {
    session = await getPortalSession();
  } catch (error) {
    logUnexpectedError("portal relay: refreshing the session failed", error, request.headers);
    session = null;
  }
  if (!session) return relayRefusal(401, "invalid_token", "Your session has ended. Sign in again.");

  const call = await callUpstream(request, {
    path: `${path}${new URL(request.url).search}`,
    accessToken: session.accessToken,
    withBody: request.method !== "GET" && request.method !== "HEAD",
    unavailable: UNAVAILABLE,
    label: "portal relay",
  });
  if ("refusal" in call) return call.refusal;
  // The token was refused although it was fresh: its session was revoked. Remember that, so the next page
  // asks the member to sign in instead of showing an account it can no longer read. A step-up challenge
  // (sign in again before a sensitive change) leaves the session as it is.
  if (call.answer.status === 401 && !stepUpChallenge(call.answer.headers.get("www-authenticate"))) await endPortalSession();
  // The member renamed themselves or moved to a new address: the session's (the header's) follow the answer.
  if (call.answer.ok) await followMemberChange(request.method, path, call.answer);
  return relayedAnswer(call.answer, FORWARDED_RESPONSE_HEADERS);
});

async function followMemberChange(method: string, path: string, answer: Response): Promise<void> {
  const changed = (endpoint: typeof updateMyName | typeof verifyMyNewEmail) => method === endpoint.method && path === endpoint.path;
  if (!changed(updateMyName) && !changed(verifyMyNewEmail)) return;
  const body: unknown = await answer.clone().json().catch(() => null);
  const profile = updateMyName.success.schema.safeParse(body);
  if (changed(updateMyName) && profile.success && profile.data.name) await updatePortalSessionMember({ name: profile.data.name });
  const email = verifyMyNewEmail.success.schema.safeParse(body);
  if (changed(verifyMyNewEmail) && email.success && email.data.verified) await updatePortalSessionMember({ email: email.data.email });
}
