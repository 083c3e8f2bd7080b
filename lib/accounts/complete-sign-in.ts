import "server-only";
import type { RequestContext } from "../http/request-context.ts";
import { getAuthorizationRequest, markAuthorizationRequestSignedIn, resumeAuthorizationPath } from "../oauth/authorization-request.ts";
import { createSession, type AuthenticationMethod } from "../sessions/create-session.ts";
import { sessionCookieName, sessionCookieOptions } from "../sessions/session-cookie.ts";
import type { CookieToSet } from "./errors.ts";
import { safeRelativePath } from "./return-to.ts";

export const DEFAULT_AFTER_SIGN_IN = "/account";

export interface CompletedSignIn {
  sessionId: string;
  redirectTo: string;
  cookies: CookieToSet[];
}

/**
 * The last step of every way in (password, second factor, confirmed email): start the session, log it,
 * and pick where the browser goes: back to the parked authorization request when it is still live,
 * otherwise to a same-origin `return_to`, otherwise the account page.
 */
export async function completeSignIn(input: {
  userId: string;
  amr: AuthenticationMethod[];
  context: RequestContext;
  request?: string;
  returnTo?: string;
  /** How the last factor was proved, for the security log: `password`, `totp`, `recovery_code`, `email_code`, `federated`. */
  method: string;
  /** The external provider of a federated sign-in (docs/decisions/0014), for the security log. */
  provider?: { id: string; name: string };
}): Promise<CompletedSignIn> {
  const session = await createSession(input.userId, input.amr, input.context, {
    method: input.method,
    amr: input.amr,
    ...(input.provider ? { provider: input.provider.id, provider_name: input.provider.name } : {}),
  });
  let redirectTo = safeRelativePath(input.returnTo) ?? DEFAULT_AFTER_SIGN_IN;
  const parked = input.request ? await getAuthorizationRequest(input.request) : null;
  if (parked) {
    await markAuthorizationRequestSignedIn(parked.id, session.id);
    redirectTo = resumeAuthorizationPath(parked.id);
  }
  return {
    sessionId: session.id,
    redirectTo,
    cookies: [{ name: sessionCookieName(), value: session.token, options: sessionCookieOptions() }],
  };
}
