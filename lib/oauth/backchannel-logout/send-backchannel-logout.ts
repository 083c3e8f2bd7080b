import "server-only";
import type { Database } from "../../db/database.ts";
import { env } from "../../env.ts";
import { postForm } from "../../outbound/post-outbound.ts";
import type { SigningAlgorithm } from "../keys.ts";
import { signLogoutToken, type BackchannelLogoutMessage } from "./logout-token.ts";

/**
 * Sends one queued back-channel logout (Back-Channel Logout 1.0 section 2.5): `logout_token` POSTed as a
 * form to the URI the client had when the logout happened. A client disabled since is not told; one that
 * removed its URI since is not either. Throws on any failure, so the outbox records it and retries.
 */
export async function sendBackchannelLogout(database: Database, uri: string, body: string): Promise<void> {
  const message = JSON.parse(body) as BackchannelLogoutMessage;
  const [client] = await database.query<{ alg: SigningAlgorithm; uri: string | null }>(
    `SELECT id_token_signed_response_alg AS alg, backchannel_logout_uri AS uri FROM client WHERE id = $1 AND disabled_at IS NULL`,
    [message.client_id],
  );
  if (!client?.uri) return;
  const logoutToken = await signLogoutToken(database, { clientId: message.client_id, alg: client.alg, sub: message.sub, sid: message.sid, jti: message.jti });
  await postForm(uri, new URLSearchParams({ logout_token: logoutToken }), { allowPrivate: env().OUTBOUND_ALLOW_PRIVATE_ADDRESSES });
}
