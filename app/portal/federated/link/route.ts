import { NextResponse } from "next/server";
import { env } from "@/lib/env";
import { clearedLinkCookie, linkCookieName, readLinkCookie } from "@/lib/federation/cookies";
import { LINK_CONFIRM_PATH, securityPagePath } from "@/lib/federation/outcomes";
import { discardLinkCode } from "@/lib/federation/pending-link";
import { CSRF_FIELD, csrfCookieName, verifyCsrf } from "@/lib/http/csrf";
import { requestContext } from "@/lib/http/request-context";
import { finalizeFederatedLinkForPortal } from "@/lib/portal-api/finalize-federated-link";
import { endPortalSession, getPortalSession } from "@/lib/portal-auth/get-portal-session";
import { portalConfirmHref, portalSignInHref } from "@/lib/portal-auth/paths";
import { formMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { portalRoute } from "@/lib/http/portal-route";

export const dynamic = "force-dynamic";

function seeOther(path: string, clearCode: boolean): NextResponse {
  const response = NextResponse.redirect(new URL(path, env().BASE_URL), 303);
  response.headers.set("Cache-Control", "no-store");
  if (clearCode) {
    const cleared = clearedLinkCookie();
    response.cookies.set(cleared.name, cleared.value, cleared.options);
  }
  return response;
}

// POST /portal/federated/link - the confirmation page's "Link account" (finalize with the member's token) or "Cancel"
export const POST = portalRoute(async (request, database) => {
  const form = await request.formData().catch(() => null);
  if (!verifyCsrf(request, form?.get(CSRF_FIELD), request.cookies.get(csrfCookieName())?.value)) {
    return new Response("This request did not come from this site's own page. Go back, reload the page and try again.\n", {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const code = await readLinkCookie(request.cookies.get(linkCookieName())?.value);
  if (!code) return seeOther(securityPagePath("link_expired"), true);
  if (form?.get("decision") !== "link") {
    await discardLinkCode(database, code);
    return seeOther(securityPagePath("link_cancelled"), true);
  }

  const session = await getPortalSession();
  if (!session) return seeOther(portalSignInHref(LINK_CONFIRM_PATH), false);
  const answer = await finalizeFederatedLinkForPortal(session.accessToken, code, requestContext(request.headers));
  if (answer.linked) return seeOther(securityPagePath("linked", answer.result.provider), true);
  // Linking needs a sign-in of the last few minutes: confirm it's you, then back to this page (the code keeps).
  if (answer.outcome === "confirm") return seeOther(portalConfirmHref(LINK_CONFIRM_PATH), false);
  if (answer.outcome === "session_ended") {
    await endPortalSession();
    return seeOther(portalSignInHref(LINK_CONFIRM_PATH), false);
  }
  // Too many attempts keeps the code for a later try; every other refusal ends this link request.
  return seeOther(securityPagePath(answer.outcome), answer.outcome !== "too_many_requests");
});

// GET, PUT, PATCH, DELETE /portal/federated/link - a GET goes to the confirmation page, others 405
export const { GET, PUT, PATCH, DELETE } = formMethodNotAllowed(LINK_CONFIRM_PATH);
