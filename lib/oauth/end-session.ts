import "server-only";
import { env } from "../env.ts";
import type { LiveSession } from "../sessions/get-session.ts";
import { revokeSession } from "../sessions/revoke-session.ts";
import { AuthorizePageError } from "./authorize/authorize-errors.ts";
import { getClient } from "./clients/get-client.ts";
import { verifyOwnIdToken } from "./tokens.ts";

/**
 * RP-Initiated Logout 1.0. A post_logout_redirect_uri is followed only when it is registered, exactly, for
 * the client named by client_id or by the id_token_hint's audience. With a hint that matches the
 * browser's session the member is signed out at once; without one they are asked to confirm first
 * (a logout link in an email must not sign anyone out silently).
 */
export type EndSessionOutcome =
  | { action: "signed_out"; redirectTo: string }
  | { action: "confirm"; confirmPath: string }
  | { action: "redirect"; redirectTo: string };

export async function endSession(params: URLSearchParams, session: LiveSession | null): Promise<EndSessionOutcome> {
  // A hint we cannot verify (signed by a key no longer published, say) is only ignored: the member is
  // then asked to confirm, as without a hint.
  const hint = params.get("id_token_hint");
  const verifiedHint = hint ? await verifyOwnIdToken(hint) : null;

  const clientId = params.get("client_id") ?? verifiedHint?.aud[0] ?? null;
  if (params.get("client_id") && verifiedHint && !verifiedHint.aud.includes(params.get("client_id")!)) {
    throw new AuthorizePageError("invalid_logout_hint");
  }
  const requested = params.get("post_logout_redirect_uri");
  let redirectTo = `${env().BASE_URL}/signed-out`;
  if (requested) {
    const client = clientId ? await getClient(clientId) : null;
    if (!client || !client.postLogoutRedirectUris.includes(requested)) throw new AuthorizePageError("invalid_post_logout_redirect_uri");
    const url = new URL(requested);
    const state = params.get("state");
    if (state) url.searchParams.set("state", state);
    redirectTo = url.toString();
  }

  if (!session) return { action: "redirect", redirectTo };
  const hintMatches = verifiedHint !== null && verifiedHint.sub === session.userId && (!verifiedHint.sid || verifiedHint.sid === session.id);
  if (hintMatches) {
    await revokeSession(session.id, "logout");
    return { action: "signed_out", redirectTo };
  }
  // Back here after the member confirmed on /sign-out: the session is gone, so the redirect happens.
  const again = new URLSearchParams();
  for (const key of ["post_logout_redirect_uri", "state"]) {
    const value = params.get(key);
    if (value) again.set(key, value);
  }
  if (clientId) again.set("client_id", clientId);
  return { action: "confirm", confirmPath: `/sign-out?continue=${encodeURIComponent(`/oauth/logout?${again}`)}` };
}
