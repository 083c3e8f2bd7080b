import "server-only";
import { env } from "../env.ts";
import { portalClientId } from "../oauth/clients/portal-client.ts";
import { portalBasicAuthorization } from "./client-credentials.ts";
import { describeError, logLine } from "../log/json-log.ts";

/**
 * Signing out of the portal ends two sessions: the portal's own (its cookie, cleared by the caller) and
 * the authorization server's, by OpenID Connect RP-Initiated Logout 1.0: the browser goes to the
 * end_session_endpoint with the ID token as a hint and comes back to a registered post-logout URI.
 * Before that the refresh token is revoked (RFC 7009), so it is dead even if the browser never
 * completes the redirect.
 */

const REVOKE_TIMEOUT_MS = 3_000;

/** The issuer's end-session URL for this portal session; back to the home page afterwards. */
export function portalLogoutUrl(idToken: string | undefined): string {
  const { BASE_URL } = env();
  const params = new URLSearchParams();
  if (idToken) params.set("id_token_hint", idToken);
  params.set("post_logout_redirect_uri", `${BASE_URL}/`);
  params.set("client_id", portalClientId());
  return `${BASE_URL}/oauth/logout?${params}`;
}

/** Best effort: a failure is logged and signing out goes on (the logout ends the session's grants too). */
export async function revokePortalRefreshToken(refreshToken: string | undefined): Promise<void> {
  if (!refreshToken) return;
  try {
    const response = await fetch(`${env().BACKCHANNEL_URL}/oauth/revoke`, {
      method: "POST",
      headers: { Authorization: portalBasicAuthorization(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ token: refreshToken, token_type_hint: "refresh_token" }),
      cache: "no-store",
      signal: AbortSignal.timeout(REVOKE_TIMEOUT_MS),
    });
    if (!response.ok) logLine("warn", "portal_revoke_failed", { status: response.status });
  } catch (error) {
    logLine("warn", "portal_revoke_failed", describeError(error));
  }
}
