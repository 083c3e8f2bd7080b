import "server-only";
import { NextResponse } from "next/server";
import type { Database } from "../../db/database.ts";
import type { LiveSession } from "../../sessions/get-session.ts";
import {
  deleteAuthorizationRequest,
  parkAuthorizationRequest,
  type AuthorizationParams,
  type ParkedAuthorizationRequest,
} from "../authorization-request.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { OAuthError } from "../errors.ts";
import { issueAuthorizationCode } from "../grants/authorization-codes.ts";
import { scopesToConsent } from "../claims-request.ts";
import { parseScope } from "../scopes.ts";
import { browserBindingCookie, type BrowserBinding } from "./browser-binding.ts";
import { consentCovers } from "./find-consent.ts";
import { clientErrorRedirect, clientRedirect } from "./redirect-to-client.ts";

/**
 * Step 3: with a valid request, decide what the member must still do, in order: sign in (no session,
 * prompt=login, max_age passed, another account hinted), then consent (third-party clients without a
 * covering consent, or prompt=consent), then issue the code. prompt=none turns each "must still do"
 * into its OIDC error instead of a page.
 *
 * A parked request belongs to the browser that started it (`browser`, checked by the caller when it looked
 * the request up), and what was done during it counts only for the session that did it: signing in
 * satisfies prompt=login and max_age, "Allow" satisfies prompt=consent, "Deny" ends the request, each only
 * for that very session. A third-party client gets a code only while a granted Consent row covers every
 * scope it asked for: the grant always rests on a consent the member can see and withdraw under "Apps with
 * access" (docs/decisions/0018).
 */
export async function completeAuthorization(
  database: Database,
  client: OAuthClient,
  params: AuthorizationParams,
  session: LiveSession | null,
  parked: ParkedAuthorizationRequest | null,
  browser: BrowserBinding,
): Promise<Response> {
  const prompts = parseScope(params.prompt);
  const promptNone = prompts.includes("none");
  const byThisSession = (sessionId: string | null) => session !== null && sessionId === session.id;

  const mustSignIn =
    session === null ||
    (!byThisSession(parked?.signedInSessionId ?? null) &&
      (prompts.includes("login") ||
        (params.max_age !== undefined && Date.now() - session.authTime.getTime() > params.max_age * 1000) ||
        (params.login_hint !== undefined && params.login_hint.trim().toLowerCase() !== session.email?.toLowerCase())));
  if (mustSignIn) {
    if (promptNone) return clientErrorRedirect(params.redirect_uri, new OAuthError("login_required", "the member must sign in"), params.state);
    return pageFor(database, "/sign-in", params, parked, browser);
  }

  if (parked && byThisSession(parked.deniedSessionId)) {
    await deleteAuthorizationRequest(database, parked.id);
    return clientErrorRedirect(params.redirect_uri, new OAuthError("access_denied", "the member did not allow access"), params.state);
  }

  if (!client.firstParty) {
    const allowedJustNow = parked !== null && byThisSession(parked.consentedSessionId);
    const covered = await consentCovers(database, session.userId, client.id, parseScope(scopesToConsent(params)));
    if (!covered || (prompts.includes("consent") && !allowedJustNow)) {
      if (promptNone) return clientErrorRedirect(params.redirect_uri, new OAuthError("consent_required", "the member must allow this app"), params.state);
      return pageFor(database, "/consent", params, parked, browser);
    }
  }

  const code = await issueAuthorizationCode(database, {
    clientId: client.id,
    userId: session.userId,
    sessionId: session.id,
    redirectUri: params.redirect_uri,
    scope: params.scope,
    nonce: params.nonce ?? null,
    codeChallenge: params.code_challenge ?? null,
    claims: params.claims ?? null,
    authTime: session.authTime,
    amr: session.amr,
  });
  if (parked) await deleteAuthorizationRequest(database, parked.id);
  return clientRedirect(params.redirect_uri, { code, state: params.state });
}

/** Sends the browser to one of our pages for the request, parking it (bound to this browser) first if needed. */
async function pageFor(database: Database, path: string, params: AuthorizationParams, parked: ParkedAuthorizationRequest | null, browser: BrowserBinding): Promise<Response> {
  const id = parked?.id ?? (await parkAuthorizationRequest(database, params, browser.hash));
  const response = new NextResponse(null, { status: 303, headers: { Location: `${path}?request=${encodeURIComponent(id)}`, "Cache-Control": "no-store" } });
  const cookie = browserBindingCookie(browser);
  response.cookies.set(cookie.name, cookie.value, cookie.options);
  return response;
}
