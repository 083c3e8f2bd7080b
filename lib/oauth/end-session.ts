import "server-only";
import { z } from "zod";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import type { LiveSession } from "../sessions/get-session.ts";
import { AuthorizePageError } from "./authorize/authorize-errors.ts";
import { getClient } from "./clients/get-client.ts";
import { MAX_REDIRECT_URI_LENGTH } from "./clients/redirect-uri.ts";
import { revokeGrants } from "./grants/revoke-grants.ts";
import { verifyOwnIdToken } from "./tokens.ts";

/**
 * RP-Initiated Logout 1.0 (decision 0006, Logout). A post_logout_redirect_uri is followed only when it is
 * registered, exactly, for the client named by client_id or by the id_token_hint's audience, and `state`
 * is echoed on it.
 *
 * Only a valid id_token_hint (an ID token we issued to that client, expired or not) proves the request is
 * the app's own. With one that matches the browser's session the member is signed out and sent back at
 * once; with one and no session, sent back at once. Without one (or with a hint for someone else) nobody
 * is signed out and nobody leaves our site unasked: our sign-out page names the app and the address it
 * will send the member to, and the member signs out there (or, already signed out, follows the link to
 * the app). Otherwise any registered app's logout URL would be a redirect from the church's own address
 * to wherever that app says, and a logout link in an email would sign people out silently.
 */
export type EndSessionOutcome =
  | { action: "signed_out"; redirectTo: string }
  | { action: "confirm"; confirmPath: string }
  | { action: "redirect"; redirectTo: string };

/** Where the member goes after signing out: a client's registered post-logout URI, with its state. */
export interface LogoutReturn {
  clientId: string;
  clientName: string;
  /** The registered URI with `state` added: where the browser is sent. */
  url: string;
  /** The URI's scheme, host and port, shown to the member before they go there. */
  origin: string;
  /** The request's own parameters, to carry through our sign-out page and its form. */
  params: LogoutReturnParams;
}

/** The parameters that name a return address, as /oauth/logout, the sign-out page and its form carry them. */
export const logoutReturnParamsSchema = z.object({
  client_id: z.string().min(1).max(128),
  post_logout_redirect_uri: z.string().min(1).max(MAX_REDIRECT_URI_LENGTH),
  // Echoed to the app; bounded so the sign-out page's form (16 KiB) always has room for it.
  state: z.string().max(4096).optional(),
});
export type LogoutReturnParams = z.output<typeof logoutReturnParamsSchema>;

/**
 * The return address these parameters name, or null when the client is unknown or disabled, or the URI is
 * not registered for it exactly. Checked again wherever it is used: a page's query and a form are anyone's.
 */
export async function resolveLogoutReturn(database: Database, input: unknown): Promise<LogoutReturn | null> {
  const parsed = logoutReturnParamsSchema.safeParse(input);
  if (!parsed.success) return null;
  const params = parsed.data;
  const client = await getClient(database, params.client_id);
  if (!client || !client.postLogoutRedirectUris.includes(params.post_logout_redirect_uri)) return null;
  const url = new URL(params.post_logout_redirect_uri);
  if (params.state) url.searchParams.set("state", params.state);
  return { clientId: client.id, clientName: client.name, url: url.toString(), origin: url.origin, params };
}

/** Our sign-out page for this request: it names the app, when there is one to go back to. */
function confirmPath(back: LogoutReturn | null): string {
  if (!back) return "/sign-out";
  const query = new URLSearchParams({ client_id: back.params.client_id, post_logout_redirect_uri: back.params.post_logout_redirect_uri });
  if (back.params.state) query.set("state", back.params.state);
  return `/sign-out?${query}`;
}

export async function endSession(database: Database, params: URLSearchParams, session: LiveSession | null): Promise<EndSessionOutcome> {
  // A hint we cannot verify (signed by a key no longer published, say) is only ignored: the member is
  // then asked, as without a hint.
  const hint = params.get("id_token_hint");
  const verifiedHint = hint ? await verifyOwnIdToken(database, hint) : null;

  const clientId = params.get("client_id") || verifiedHint?.aud[0] || null;
  if (params.get("client_id") && verifiedHint && !verifiedHint.aud.includes(params.get("client_id")!)) {
    throw new AuthorizePageError("invalid_logout_hint");
  }
  const requested = params.get("post_logout_redirect_uri");
  let back: LogoutReturn | null = null;
  if (requested) {
    back = clientId ? await resolveLogoutReturn(database, { client_id: clientId, post_logout_redirect_uri: requested, state: params.get("state") || undefined }) : null;
    if (!back) throw new AuthorizePageError("invalid_post_logout_redirect_uri");
  }
  const afterwards = back?.url ?? `${env().BASE_URL}/signed-out`;

  if (session) {
    const hintMatches = verifiedHint !== null && verifiedHint.sub === session.userId && (!verifiedHint.sid || verifiedHint.sid === session.id);
    if (hintMatches) {
      await revokeGrants(database, { session: session.id }, "logout");
      return { action: "signed_out", redirectTo: afterwards };
    }
    return { action: "confirm", confirmPath: confirmPath(back) };
  }
  // Nobody to sign out. Straight back only on the app's proven word (its ID token for this client), or
  // when there is no app to go back to; else our page, which names the app, and the member's own click.
  if (!back || verifiedHint) return { action: "redirect", redirectTo: afterwards };
  return { action: "confirm", confirmPath: confirmPath(back) };
}
