import "server-only";
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
import { parseScope } from "../scopes.ts";
import { consentCovers } from "./find-consent.ts";
import { clientErrorRedirect, clientRedirect } from "./redirect-to-client.ts";

/**
 * Step 3: with a valid request, decide what the member must still do, in order: sign in (no session,
 * prompt=login, max_age passed, another account hinted), then consent (third-party clients without a
 * covering consent, or prompt=consent), then issue the code. prompt=none turns each "must still do"
 * into its OIDC error instead of a page. A parked request remembers what was done during it.
 */
export async function completeAuthorization(
  client: OAuthClient,
  params: AuthorizationParams,
  session: LiveSession | null,
  parked: ParkedAuthorizationRequest | null,
): Promise<Response> {
  const prompts = parseScope(params.prompt);
  const promptNone = prompts.includes("none");
  const signedInDuringRequest = session !== null && parked?.signedInSessionId === session.id;

  const mustSignIn =
    session === null ||
    (!signedInDuringRequest &&
      (prompts.includes("login") ||
        (params.max_age !== undefined && Date.now() - session.authTime.getTime() > params.max_age * 1000) ||
        (params.login_hint !== undefined && params.login_hint.trim().toLowerCase() !== session.email?.toLowerCase())));
  if (mustSignIn) {
    if (promptNone) return clientErrorRedirect(params.redirect_uri, new OAuthError("login_required", "the member must sign in"), params.state);
    const id = parked?.id ?? (await parkAuthorizationRequest(params));
    return pageRedirect(`/sign-in?request=${encodeURIComponent(id)}`);
  }

  const scopes = parseScope(params.scope);
  if (!client.firstParty && !parked?.consentedAt) {
    const covered = !prompts.includes("consent") && (await consentCovers(session.userId, client.id, scopes));
    if (!covered) {
      if (promptNone) return clientErrorRedirect(params.redirect_uri, new OAuthError("consent_required", "the member must allow this app"), params.state);
      const id = parked?.id ?? (await parkAuthorizationRequest(params));
      return pageRedirect(`/consent?request=${encodeURIComponent(id)}`);
    }
  }

  const code = await issueAuthorizationCode({
    clientId: client.id,
    userId: session.userId,
    sessionId: session.id,
    redirectUri: params.redirect_uri,
    scope: params.scope,
    nonce: params.nonce ?? null,
    codeChallenge: params.code_challenge,
    authTime: session.authTime,
    amr: session.amr,
  });
  if (parked) await deleteAuthorizationRequest(parked.id);
  return clientRedirect(params.redirect_uri, { code, state: params.state });
}

function pageRedirect(path: string): Response {
  return new Response(null, { status: 303, headers: { Location: path, "Cache-Control": "no-store" } });
}
