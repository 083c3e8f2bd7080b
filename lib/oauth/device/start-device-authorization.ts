import "server-only";
import { hashToken, keyedHash, randomToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import { env } from "../../env.ts";
import type { RequestContext } from "../../kernel/request-context.ts";
import { attemptKey } from "../../limits/keys.ts";
import { takeAttemptOrThrow } from "../../limits/take-attempt.ts";
import { OUTSIDE_ALLOWED_NETWORKS, isWithinAllowedNetworks } from "../clients/allowed-networks.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { OAuthError } from "../errors.ts";
import { requestedScopes } from "../requested-scopes.ts";
import { DEVICE_CODE_GRANT_TYPE, DEVICE_CODE_TTL_SECONDS, DEVICE_POLL_INTERVAL_SECONDS, DEVICE_START_IP_POLICY } from "./device-policy.ts";
import { formatUserCode, newUserCode } from "./user-code.ts";

/** RFC 8628 3.2: what the device shows (the user code and where to type it) and what it polls with. */
export interface DeviceAuthorizationResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/** The user code's keyed hash: eight letters could be brute-forced from a plain hash. */
export function userCodeHash(code: string): string {
  return keyedHash("device-user-code", code);
}

/**
 * POST /oauth/device_authorization (RFC 8628 3.1): a kiosk asks to be signed in. Its scopes are checked as an
 * authorization request's are (lib/oauth/requested-scopes.ts); the codes are random, stored hashed. A
 * user code that happens to equal a waiting one is drawn again. A kiosk client limited to its campus's
 * networks starts only from them (`unauthorized_client`), checked before anything is counted or stored, so
 * requests from elsewhere neither fill the table nor use up the campus address's allowance.
 */
export async function startDeviceAuthorization(
  database: Database,
  client: OAuthClient,
  form: URLSearchParams,
  context: RequestContext,
): Promise<DeviceAuthorizationResponse> {
  if (!client.grantTypes.includes(DEVICE_CODE_GRANT_TYPE)) {
    throw new OAuthError("unauthorized_client", "this client may not use the device authorization grant");
  }
  if (!isWithinAllowedNetworks(client.allowedNetworks, context.ip)) throw new OAuthError("unauthorized_client", OUTSIDE_ALLOWED_NETWORKS);
  const scope = requestedScopes(form.get("scope"), client).join(" ");
  const ipKey = context.ip ? attemptKey("device-authorization:ip", context.ip, DEVICE_START_IP_POLICY) : null;
  // Every request counts, checked and counted in one statement (lib/limits/take-attempt.ts); a refusal is
  // TooManyAttemptsError, which the OAuth wrapper answers 429 with Retry-After.
  await takeAttemptOrThrow(database, [ipKey]);

  const deviceCode = randomToken(32);
  for (let draw = 0; draw < 5; draw += 1) {
    const userCode = newUserCode();
    // Raw: an insert that yields nothing on a user-code collision (docs/decisions/0019, reason 2).
    const [row] = await database.query<{ id: string }>(
      `INSERT INTO device_authorization (device_code_hash, user_code_hash, client_id, scope, poll_interval_seconds, ip, user_agent, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, now() + make_interval(secs => $8))
       ON CONFLICT (user_code_hash) DO NOTHING RETURNING id`,
      [hashToken(deviceCode), userCodeHash(userCode), client.id, scope, DEVICE_POLL_INTERVAL_SECONDS, context.ip, context.userAgent, DEVICE_CODE_TTL_SECONDS],
    );
    if (!row) continue;
    const verificationUri = `${env().BASE_URL}/device`;
    return {
      device_code: deviceCode,
      user_code: formatUserCode(userCode),
      verification_uri: verificationUri,
      verification_uri_complete: `${verificationUri}?user_code=${formatUserCode(userCode)}`,
      expires_in: DEVICE_CODE_TTL_SECONDS,
      interval: DEVICE_POLL_INTERVAL_SECONDS,
    };
  }
  throw new Error("no free device user code after five draws");
}
