import "server-only";
import { hashToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import { LIVE_SESSION_SQL } from "../../sessions/live-session-sql.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { DEVICE_CODE_GRANT_TYPE, SLOW_DOWN_STEP_SECONDS } from "../device/device-policy.ts";
import { OAuthError, invalidGrant, invalidRequest } from "../errors.ts";
import { createGrant } from "../grants/create-grant.ts";
import { firstRefreshToken } from "../grants/refresh-tokens.ts";
import { refreshTokensBoundTo } from "../dpop/token-request-dpop.ts";
import { memberTokenResponse, type TokenResponse } from "./token-response.ts";

interface Poll {
  client_id: string;
  status: "pending" | "approved" | "denied" | "used";
  expired: boolean;
  too_soon: boolean;
  interval: number;
  scope: string;
  user_id: string | null;
  session_id: string | null;
  session_live: boolean;
  auth_time: Date | null;
  amr: string[] | null;
}

/**
 * One statement per poll, whichever instance answers it: the row is locked, its state read as it was, and
 * in the same statement the poll is recorded, the interval lengthened when the device came too soon
 * (RFC 8628 3.5), and an approved request taken, so two polls racing for the tokens get them once.
 *   $1 device code hash, $2 client id, $3 slow_down step
 */
const POLL_SQL = `
WITH current AS (
  SELECT d.device_code_hash, d.client_id, d.status, d.expires_at <= now() AS expired,
         d.last_polled_at IS NOT NULL AND d.last_polled_at > now() - make_interval(secs => d.poll_interval_seconds) AS too_soon,
         d.poll_interval_seconds AS interval, d.scope, d.user_id, d.session_id
    FROM device_authorization d
   WHERE d.device_code_hash = $1
     FOR UPDATE
), polled AS (
  UPDATE device_authorization d
     SET last_polled_at = now(),
         poll_interval_seconds = d.poll_interval_seconds + CASE WHEN c.status = 'pending' AND c.too_soon THEN $3::int ELSE 0 END,
         status = CASE WHEN c.status = 'approved' AND NOT c.expired THEN 'used' ELSE d.status END
    FROM current c
   WHERE d.device_code_hash = c.device_code_hash AND c.client_id = $2
)
SELECT c.client_id, c.status, c.expired, c.too_soon, c.interval, c.scope, c.user_id, c.session_id,
       s.auth_time, s.amr, coalesce(${LIVE_SESSION_SQL}, false) AS session_live
  FROM current c LEFT JOIN session s ON s.id = c.session_id`;

/**
 * grant_type=urn:ietf:params:oauth:grant-type:device_code (RFC 8628 3.4, 3.5): the kiosk polls until the
 * member answers on /device. The tokens are those of an authorization code for the device's own session
 * (lib/oauth/device/decide-device-authorization.ts): an ID token with `sid` for `openid`, a refresh token
 * when the client may have one. access_denied is 400 here, the token endpoint's status (RFC 6749 5.2).
 */
export async function exchangeDeviceCode(database: Database, client: OAuthClient, form: URLSearchParams, dpopJkt: string | null = null): Promise<TokenResponse> {
  if (!client.grantTypes.includes(DEVICE_CODE_GRANT_TYPE)) {
    throw new OAuthError("unauthorized_client", "this client may not use the device authorization grant");
  }
  const deviceCode = form.get("device_code");
  if (!deviceCode) throw invalidRequest("device_code is required");
  if (deviceCode.length > 128) throw invalidGrant("the device code is invalid");

  const [poll] = await database.query<Poll>(POLL_SQL, [hashToken(deviceCode), client.id, SLOW_DOWN_STEP_SECONDS]);
  if (!poll) throw invalidGrant("the device code is invalid");
  if (poll.client_id !== client.id) throw invalidGrant("the device code was issued to another client");
  if (poll.status === "used") throw invalidGrant("the device code was already used");
  if (poll.expired) throw new OAuthError("expired_token", "the device code has expired; start again");
  if (poll.status === "denied") throw new OAuthError("access_denied", "the member denied the request", {}, 400);
  if (poll.status === "pending") {
    if (poll.too_soon) throw new OAuthError("slow_down", `polling too often: wait at least ${poll.interval + SLOW_DOWN_STEP_SECONDS} seconds between requests`);
    throw new OAuthError("authorization_pending", "the member has not answered yet");
  }
  // Approved, and this poll took it.
  if (!poll.session_live || !poll.user_id || !poll.session_id || !poll.auth_time || !poll.amr) {
    throw invalidGrant("the device's sign-in has already ended");
  }
  const grantId = await createGrant(database, {
    clientId: client.id,
    userId: poll.user_id,
    sessionId: poll.session_id,
    scope: poll.scope,
    authTime: new Date(poll.auth_time),
    amr: poll.amr,
    claims: null,
    dpopJkt: refreshTokensBoundTo(client, dpopJkt),
  });
  const refreshToken = await firstRefreshToken(database, client, grantId);
  return memberTokenResponse(database, {
    client,
    userId: poll.user_id,
    sessionId: poll.session_id,
    grantId,
    scope: poll.scope,
    authTime: new Date(poll.auth_time),
    amr: poll.amr,
    refreshToken,
    dpopJkt,
  });
}
