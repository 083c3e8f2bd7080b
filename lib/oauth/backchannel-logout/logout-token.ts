import "server-only";
import type { Database } from "../../db/database.ts";
import { env } from "../../env.ts";
import { signCompactJws } from "../jws.ts";
import { currentSigningKey, type SigningAlgorithm } from "../keys.ts";

/**
 * The Logout Token of OpenID Connect Back-Channel Logout 1.0 (section 2.4): a JWT signed like the client's
 * ID tokens, `typ: logout+jwt`, with `iss`, `aud`, `iat`, `exp`, `jti`, the back-channel logout event, and
 * `sub` and `sid` (both: a client may key its sessions on either). Never a `nonce` (2.4 forbids it, so a
 * logout token can never pass as an ID token). Signed when it is sent, so a retry carries a fresh `iat`
 * and `exp` and the same `jti`.
 */
export const BACKCHANNEL_LOGOUT_EVENT = "http://schemas.openid.net/event/backchannel-logout";
/** Long enough for a slow network, short enough that a token caught in transit is soon worthless. */
export const LOGOUT_TOKEN_TTL_SECONDS = 120;

/** What a queued logout says (the outbox message's body): the token is signed from it when sent. */
export interface BackchannelLogoutMessage {
  client_id: string;
  sub: string;
  sid: string | null;
  jti: string;
}

export interface LogoutTokenInput {
  clientId: string;
  alg: SigningAlgorithm;
  sub: string;
  sid: string | null;
  jti: string;
}

export async function signLogoutToken(database: Database, input: LogoutTokenInput): Promise<string> {
  const key = await currentSigningKey(database, input.alg);
  const issuedAt = Math.floor(Date.now() / 1000);
  const payload: Record<string, unknown> = {
    iss: env().BASE_URL,
    aud: input.clientId,
    iat: issuedAt,
    exp: issuedAt + LOGOUT_TOKEN_TTL_SECONDS,
    jti: input.jti,
    sub: input.sub,
    events: { [BACKCHANNEL_LOGOUT_EVENT]: {} },
  };
  if (input.sid) payload.sid = input.sid;
  return signCompactJws(key.alg, { typ: "logout+jwt", kid: key.kid }, payload, key.privateKey);
}
