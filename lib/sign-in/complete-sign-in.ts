import "server-only";
import type { CookieToSet } from "../accounts/errors.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { getAuthorizationRequest, markAuthorizationRequestSignedIn, resumeAuthorizationPath } from "../oauth/authorization-request.ts";
import { browserBindingCookieName, browserBindingHash } from "../oauth/authorize/browser-binding.ts";
import { deviceCookieName, recognizeDevice } from "../security-notices/recognize-device.ts";
import { createSession, type AuthenticationMethod } from "../sessions/create-session.ts";
import { renewSession } from "../sessions/renew-session.ts";
import { sessionCookieName, sessionCookieOptions } from "../sessions/session-cookie.ts";
import { safeRelativePath } from "./return-to.ts";

export const DEFAULT_AFTER_SIGN_IN = "/account";

export interface CompletedSignIn {
  sessionId: string;
  redirectTo: string;
  cookies: CookieToSet[];
}

/** Reads one of the browser's cookies by name. */
export type CookieReader = (name: string) => string | undefined;

/**
 * The last step of every way in (password, second factor, confirmed email, federated): start the session
 * (or renew the browser's own, when the same member signs in again), log it, recognise the browser (a new
 * one is told to the member by email), and pick where the browser goes:
 * back to the parked authorization request when it is still live and this browser's, otherwise to a
 * same-origin `return_to`, otherwise the account page. A request id from elsewhere (a link someone was sent)
 * is ignored: signing in then only signs in.
 */
export async function completeSignIn(database: Database, input: {
  userId: string;
  amr: AuthenticationMethod[];
  context: RequestContext;
  cookie: CookieReader;
  request?: string | null;
  returnTo?: string | null;
  /** How the last factor was proved, for the security log: `password`, `totp`, `recovery_code`, `email_code`, `federated`, `passkey`. */
  method: string;
  /** The external provider of a federated sign-in (docs/decisions/0014), for the security log. */
  provider?: { id: string; name: string };
  /** The member's name of the passkey used (docs/decisions/0021), for the security log. */
  passkey?: string;
  /** How the first step was proved when `method` is the second one, e.g. `email_code`, for the security log. */
  firstMethod?: string;
}): Promise<CompletedSignIn> {
  const detail = {
    method: input.method,
    ...(input.firstMethod ? { first_method: input.firstMethod } : {}),
    amr: input.amr,
    ...(input.passkey ? { passkey: input.passkey } : {}),
    ...(input.provider ? { provider: input.provider.id, provider_name: input.provider.name } : {}),
  };
  const session =
    (await renewSession(database, input.cookie(sessionCookieName()), input.userId, input.amr, input.context, detail)) ??
    (await createSession(database, input.userId, input.amr, input.context, detail));
  let redirectTo = safeRelativePath(input.returnTo ?? undefined) ?? DEFAULT_AFTER_SIGN_IN;
  const parked = input.request ? await getAuthorizationRequest(database, input.request, browserBindingHash(input.cookie(browserBindingCookieName()))) : null;
  if (parked) {
    await markAuthorizationRequestSignedIn(database, parked.id, session.id);
    redirectTo = resumeAuthorizationPath(parked.id);
  }
  // A browser new to the account: the member is told by email (lib/security-notices/recognize-device.ts).
  const device = await recognizeDevice(database, { userId: input.userId, cookieValue: input.cookie(deviceCookieName()), context: input.context });
  const maxAge = Math.max(0, Math.floor((session.expiresAt.getTime() - Date.now()) / 1000));
  return {
    sessionId: session.id,
    redirectTo,
    cookies: [{ name: sessionCookieName(), value: session.token, options: sessionCookieOptions(maxAge) }, device.cookie],
  };
}
