import "server-only";
import { hashToken } from "../../crypto/tokens.ts";
import type { Database } from "../../db/database.ts";
import type { OAuthClient } from "../clients/get-client.ts";
import { DEVICE_CODE_GRANT_TYPE, SLOW_DOWN_STEP_SECONDS } from "../device/device-policy.ts";
import { pollDeviceCode } from "../device/poll-device-codes.ts";
import { OAuthError, invalidGrant, invalidRequest } from "../errors.ts";
import { createGrant } from "../grants/create-grant.ts";
import { firstRefreshToken } from "../grants/refresh-tokens.ts";
import { refreshTokensBoundTo } from "../dpop/token-request-dpop.ts";
import { memberTokenResponse, type TokenResponse } from "./token-response.ts";

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

  const poll = await pollDeviceCode(database, hashToken(deviceCode), client.id);
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
