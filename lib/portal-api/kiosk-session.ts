import "server-only";
import { z } from "zod";
import type { CookieToSet } from "../accounts/errors.ts";
import { env } from "../env.ts";
import { clearedCookie, openSealedCookie, sealedCookie, sealedCookieName } from "../sealed-cookies/sealed-cookie.ts";
import { KIOSK_SCOPE_REQUEST } from "./kiosk-paths.ts";

/**
 * The lobby kiosk's tokens (docs/decisions/0023, "The kiosk page"). The tablet's browser never sees them:
 * they live in a sealed, HttpOnly cookie that only this server can open, and the page's route handlers
 * use them for the kiosk API calls they relay. Two cookies:
 * - `kiosk-enrol`: the device code of an enrolment waiting for a volunteer's approval (its lifetime);
 * - `kiosk`: the enrolled kiosk's client id, access token (and its expiry) and refresh token (30 days,
 *   a volunteer's device session's absolute lifetime; the issuer ends it sooner when revoked).
 */

const ENROL_COOKIE = "kiosk-enrol";
const ENROL_PURPOSE = "kiosk-enrol";
const KIOSK_COOKIE = "kiosk";
const KIOSK_PURPOSE = "kiosk-session";
const KIOSK_MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const REQUEST_TIMEOUT_MS = 10_000;
/** A token with less than this left is refreshed first, so it cannot expire on its way upstream. */
const STALE_SECONDS = 60;

export interface KioskTokens {
  clientId: string;
  accessToken: string;
  /** Seconds since the epoch. */
  accessExpiresAt: number;
  refreshToken: string | null;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  expires_in: z.number().int().positive(),
  refresh_token: z.string().min(1).optional(),
});
const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });
const deviceStartSchema = z.object({
  device_code: z.string().min(1),
  user_code: z.string().min(1),
  verification_uri: z.string().url(),
  verification_uri_complete: z.string().url(),
  expires_in: z.number().int().positive(),
  interval: z.number().int().positive().optional(),
});

export type DeviceStart = z.infer<typeof deviceStartSchema>;

async function oauthPost(path: string, form: Record<string, string>, userAgent: string | null): Promise<{ status: number; body: unknown }> {
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  // The volunteer's approval screen names the device by the tablet's own browser, not by this server.
  if (userAgent) headers["User-Agent"] = userAgent.slice(0, 512);
  const response = await fetch(`${env().BACKCHANNEL_URL}${path}`, {
    method: "POST",
    headers,
    body: new URLSearchParams(form),
    cache: "no-store",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.json().catch(() => null) };
}

function oauthErrorOf(body: unknown): string {
  const parsed = oauthErrorSchema.safeParse(body);
  return parsed.success ? parsed.data.error : "server_error";
}

/** Starts the device authorization grant for the kiosk client: the code to show and the cookie that remembers it. */
export async function startKioskEnrolment(clientId: string, userAgent: string | null): Promise<{ ok: true; start: DeviceStart; cookie: CookieToSet } | { ok: false; error: string }> {
  const answer = await oauthPost("/oauth/device_authorization", { client_id: clientId, scope: KIOSK_SCOPE_REQUEST }, userAgent);
  const parsed = deviceStartSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) return { ok: false, error: oauthErrorOf(answer.body) };
  const cookie = await sealedCookie(ENROL_COOKIE, ENROL_PURPOSE, { client_id: clientId, device_code: parsed.data.device_code }, parsed.data.expires_in);
  return { ok: true, start: parsed.data, cookie };
}

export type PollOutcome =
  | { status: "enrolled"; cookies: CookieToSet[] }
  | { status: "pending" | "slow_down" }
  | { status: "denied" | "expired" | "not_started"; cookies: CookieToSet[] };

/** One poll of the token endpoint for the waiting enrolment (RFC 8628 section 3.4). */
export async function pollKioskEnrolment(enrolCookie: string | undefined, userAgent: string | null): Promise<PollOutcome> {
  const pending = await openSealedCookie(ENROL_PURPOSE, enrolCookie);
  const clientId = typeof pending?.client_id === "string" ? pending.client_id : null;
  const deviceCode = typeof pending?.device_code === "string" ? pending.device_code : null;
  if (!clientId || !deviceCode) return { status: "not_started", cookies: [clearedCookie(ENROL_COOKIE)] };
  const answer = await oauthPost("/oauth/token", { client_id: clientId, grant_type: DEVICE_GRANT, device_code: deviceCode }, userAgent);
  if (answer.status === 200) {
    const tokens = tokenResponseSchema.safeParse(answer.body);
    if (!tokens.success) return { status: "expired", cookies: [clearedCookie(ENROL_COOKIE)] };
    return { status: "enrolled", cookies: [clearedCookie(ENROL_COOKIE), await kioskCookie(clientId, tokens.data)] };
  }
  const error = oauthErrorOf(answer.body);
  if (error === "authorization_pending") return { status: "pending" };
  if (error === "slow_down") return { status: "slow_down" };
  return { status: error === "access_denied" ? "denied" : "expired", cookies: [clearedCookie(ENROL_COOKIE)] };
}

async function kioskCookie(clientId: string, tokens: z.infer<typeof tokenResponseSchema>, keptRefreshToken: string | null = null): Promise<CookieToSet> {
  const payload = {
    client_id: clientId,
    access_token: tokens.access_token,
    access_exp: Math.floor(Date.now() / 1000) + tokens.expires_in,
    refresh_token: tokens.refresh_token ?? keptRefreshToken,
  };
  return sealedCookie(KIOSK_COOKIE, KIOSK_PURPOSE, payload, KIOSK_MAX_AGE_SECONDS);
}

export function kioskCookieName(): string {
  return sealedCookieName(KIOSK_COOKIE);
}

export function enrolCookieName(): string {
  return sealedCookieName(ENROL_COOKIE);
}

export function clearedKioskCookies(): CookieToSet[] {
  return [clearedCookie(KIOSK_COOKIE), clearedCookie(ENROL_COOKIE)];
}

/** The kiosk's tokens from its cookie, or null when it is not enrolled (or the cookie is not ours). */
export async function readKioskTokens(value: string | undefined): Promise<KioskTokens | null> {
  const payload = await openSealedCookie(KIOSK_PURPOSE, value);
  if (!payload || typeof payload.client_id !== "string" || typeof payload.access_token !== "string" || typeof payload.access_exp !== "number") return null;
  return {
    clientId: payload.client_id,
    accessToken: payload.access_token,
    accessExpiresAt: payload.access_exp,
    refreshToken: typeof payload.refresh_token === "string" ? payload.refresh_token : null,
  };
}

/**
 * Signing a kiosk out ends its grant at the issuer (RFC 7009: a refresh token revokes the whole grant, so
 * the access token in the cookie stops working too), not only on this tablet: a copied cookie is then
 * useless. Best effort: the cookies are cleared whatever the issuer answers.
 */
export async function revokeKioskGrant(tokens: KioskTokens | null): Promise<void> {
  if (!tokens) return;
  const token = tokens.refreshToken ?? tokens.accessToken;
  const hint = tokens.refreshToken ? "refresh_token" : "access_token";
  await oauthPost("/oauth/revoke", { client_id: tokens.clientId, token, token_type_hint: hint }, null).catch(() => null);
}

// The issuer rotates refresh tokens and treats a second use as theft (it revokes the kiosk's grant), so
// concurrent calls of one kiosk share one refresh per refresh token. Per process, like the portal's
// (lib/portal-auth/refresh-tokens.ts); a kiosk's calls are few and sequential in practice.
const refreshing = new Map<string, Promise<{ access: string; cookie: CookieToSet } | null>>();

/** An access token with at least a minute left, and the cookie to write when it had to be refreshed. Null: enrol again. */
export async function freshKioskAccess(tokens: KioskTokens): Promise<{ access: string; cookie: CookieToSet | null } | null> {
  if (tokens.accessExpiresAt - STALE_SECONDS > Date.now() / 1000) return { access: tokens.accessToken, cookie: null };
  const refreshToken = tokens.refreshToken;
  if (!refreshToken) return null;
  let flight = refreshing.get(refreshToken);
  if (!flight) {
    flight = (async () => {
      const answer = await oauthPost("/oauth/token", { client_id: tokens.clientId, grant_type: "refresh_token", refresh_token: refreshToken }, null).catch(() => null);
      const parsed = tokenResponseSchema.safeParse(answer?.body);
      if (answer?.status !== 200 || !parsed.success) return null;
      return { access: parsed.data.access_token, cookie: await kioskCookie(tokens.clientId, parsed.data, refreshToken) };
    })();
    refreshing.set(refreshToken, flight);
    setTimeout(() => refreshing.delete(refreshToken), 30_000).unref?.();
  }
  return flight;
}
