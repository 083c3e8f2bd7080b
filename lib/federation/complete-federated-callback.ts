import "server-only";
import { authorizationCodeGrant, fetchUserInfo } from "openid-client";
import type { AccountErrorCode, CookieToSet } from "../accounts/errors.ts";
import { PAGES, pagePath } from "../accounts/page-paths.ts";
import { openSecret } from "../crypto/secret-box.ts";
import { constantTimeEqual, hashToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { getSessionByToken } from "../sessions/get-session.ts";
import { completeSignIn, type CookieReader } from "../sign-in/complete-sign-in.ts";
import { pendingSignInCookie } from "../sign-in/pending-sign-in.ts";
import { TOTP_STATUS } from "../sign-in/verify-totp-code.ts";
import { clearedAttemptCookie, linkCookie, readAttemptCookie } from "./cookies.ts";
import { issueLinkCode } from "./issue-link-code.ts";
import { LINK_CONFIRM_PATH, securityPagePath, type FederationOutcome } from "./outcomes.ts";
import { getEnabledProvider } from "./providers.ts";
import { FEDERATED_CALLBACK_PATH, relyingPartyFor } from "./relying-party.ts";
import type { FederatedIntent } from "./schemas.ts";
import { VERIFIER_PURPOSE, errorName } from "./start-federated-sign-in.ts";

export interface CallbackResult {
  redirectTo: string;
  cookies: CookieToSet[];
}

interface Attempt {
  provider_id: string;
  code_verifier_encrypted: string;
  nonce: string;
  intent: FederatedIntent;
  user_id: string | null;
  request: string | null;
  return_to: string | null;
}

/**
 * The provider sent the browser back to /auth/federated/callback. In order:
 *  1. the browser must hold the `fed-attempt` cookie with this very `state` (no login CSRF);
 *  2. the attempt is taken from PostgreSQL and deleted (single use; ten minutes);
 *  3. an error from the provider (the member said no) ends it;
 *  4. openid-client redeems the code with the PKCE verifier and checks the ID token (signature with the
 *     provider's JWKS, `iss`, `aud`, expiry, and our `nonce`); the identity is its `iss` + `sub`;
 *  5. then, by what was asked and who is signed in here:
 *     - an identity linked to a member signs that member in (amr `fed`; their second factor first, when
 *       they have one), or, for "Link", says it is already linked (to them or to someone else);
 *     - an unknown identity while a member is signed in gets a one-time link code, bound to that member,
 *       which only POST /oauth/federated/link/finalize (with that member's token) turns into a link;
 *     - an unknown identity while nobody is signed in creates nothing and links nothing: the sign-in page
 *       says so. An email address, verified or not, is never used to find an account.
 */
export async function completeFederatedCallback(database: Database, input: {
  query: URLSearchParams;
  attemptCookieValue: string | undefined;
  sessionCookieValue: string | undefined;
  /** The browser's other cookies (its binding to a parked authorization request, lib/oauth/authorize/browser-binding.ts). */
  cookie: CookieReader;
  context: RequestContext;
  baseUrl: string;
}): Promise<CallbackResult> {
  const cookies: CookieToSet[] = [clearedAttemptCookie()];
  const state = input.query.get("state");
  const cookieState = await readAttemptCookie(input.attemptCookieValue);
  if (!state || !cookieState || !constantTimeEqual(state, cookieState)) {
    logRefusal("browser_mismatch", null);
    return { redirectTo: signInPath("federation_failed", null), cookies };
  }
  // Taken and deleted in one statement, expired or not: a state is good for one callback only, even when two
  // race (raw: docs/decisions/0019, reason 2).
  const rows = await database.query<Attempt & { live: boolean }>(
    `DELETE FROM federated_login_attempt WHERE state_hash = $1::text
     RETURNING provider_id, code_verifier_encrypted, nonce, intent, user_id, request, return_to, expires_at > now() AS live`,
    [hashToken(state)],
  );
  const attempt = rows[0]?.live ? rows[0] : undefined;
  if (!attempt) {
    logRefusal("attempt_expired", null);
    return { redirectTo: signInPath("federation_failed", null), cookies };
  }

  const fail = (signInCode: AccountErrorCode, linkOutcome: FederationOutcome): CallbackResult => ({
    redirectTo: attempt.intent === "link" ? securityPagePath(linkOutcome, attempt.provider_id) : signInPath(signInCode, attempt.request),
    cookies,
  });

  if (input.query.has("error")) {
    const cancelled = input.query.get("error") === "access_denied";
    logRefusal(cancelled ? "provider_access_denied" : "provider_error", attempt.provider_id);
    return cancelled ? fail("federation_cancelled", "cancelled") : fail("federation_failed", "failed");
  }
  const provider = await getEnabledProvider(database, attempt.provider_id);
  if (!provider) return fail("federation_unavailable", "unavailable");

  let issuer: string;
  let subject: string;
  let email: string | null;
  try {
    const configuration = await relyingPartyFor(provider);
    // openid-client takes the redirect_uri for the token request from this URL: it must be the public one.
    const currentUrl = new URL(`${input.baseUrl}${FEDERATED_CALLBACK_PATH}?${input.query.toString()}`);
    const tokens = await authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: await openSecret(VERIFIER_PURPOSE, attempt.code_verifier_encrypted),
      expectedState: state,
      expectedNonce: attempt.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error("no ID token");
    issuer = claims.iss;
    subject = claims.sub;
    email = emailOf(claims.email);
    // Many providers put `email` only in userinfo (OIDC Core 5.4). It is shown to the member, never matched on.
    if (email === null && configuration.serverMetadata().userinfo_endpoint) {
      email = await fetchUserInfo(configuration, tokens.access_token, subject).then(
        (info) => emailOf(info.email),
        (error: unknown) => {
          logRefusal(`userinfo_failed: ${errorName(error)}`, provider.id);
          return null;
        },
      );
    }
  } catch (error) {
    logRefusal(`token_exchange_failed: ${errorName(error)}`, provider.id);
    return fail("federation_failed", "failed");
  }

  const linked = await database.prisma.federatedIdentity.findUnique({ where: { issuer_subject: { issuer, subject } }, select: { id: true, userId: true } });
  const session = await getSessionByToken(database, input.sessionCookieValue);

  if (attempt.intent === "link") {
    // "Link" was pressed by a signed-in member: it must come back to that same member, still signed in.
    if (!session || session.userId !== attempt.user_id) return fail("federation_failed", "session_changed");
    if (linked) return fail("federation_failed", linked.userId === session.userId ? "already_linked" : "linked_elsewhere");
  } else if (linked) {
    return signInLinked(database, linked, { id: provider.id, name: provider.displayName }, attempt, input.context, input.cookie, cookies);
  } else if (!session) {
    logRefusal("identity_not_linked", provider.id);
    return fail("federation_not_linked", "failed");
  }

  const code = await issueLinkCode(database, session!.userId, { providerId: provider.id, issuer, subject, email });
  return { redirectTo: LINK_CONFIRM_PATH, cookies: [...cookies, await linkCookie(code)] };
}

async function signInLinked(
  database: Database,
  linked: { id: string; userId: string },
  provider: { id: string; name: string },
  attempt: Attempt,
  context: RequestContext,
  cookie: CookieReader,
  cookies: CookieToSet[],
): Promise<CallbackResult> {
  await database.prisma.federatedIdentity.updateMany({ where: { id: linked.id }, data: { lastUsedAt: new Date() } });
  const totp = await database.prisma.totpCredential.findUnique({ where: { userId: linked.userId }, select: { status: true } });
  const request = attempt.request ?? undefined;
  const returnTo = attempt.return_to ?? undefined;
  if (totp?.status === TOTP_STATUS.confirmed) {
    // The provider proves who the member is there, not their second factor here: ask for it as after a password.
    const pending = await pendingSignInCookie({ userId: linked.userId, request, returnTo, firstFactor: "fed", provider });
    return { redirectTo: pagePath(PAGES.secondFactor, { request }), cookies: [...cookies, pending] };
  }
  const done = await completeSignIn(database, { userId: linked.userId, amr: ["fed"], method: "federated", provider, context, cookie, request, returnTo });
  return { redirectTo: done.redirectTo, cookies: [...cookies, ...done.cookies] };
}

function emailOf(value: unknown): string | null {
  return typeof value === "string" && value.length <= 254 && value.includes("@") ? value.toLowerCase() : null;
}

function signInPath(code: AccountErrorCode, request: string | null): string {
  return pagePath(PAGES.signIn, { request, error: code });
}

/** One structured line per refused callback: the reason and provider only, never a code, token or claim. */
function logRefusal(reason: string, providerId: string | null): void {
  console.warn(JSON.stringify({ level: "warn", event: "federated_callback_refused", reason, provider: providerId }));
}
