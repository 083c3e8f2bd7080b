import "server-only";
import { z } from "zod";
import type { CookieToSet } from "../accounts/errors.ts";
import { database } from "../db.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { spendRefreshTokenOnce } from "../portal-auth/refresh-once.ts";
import { relayedFormClientHeader, RELAYED_CLIENT_HEADER, type RelayedFormEndpoint } from "../http/relayed-client.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { clearedCookie, openSealedCookie, sealedCookie, sealedCookieName } from "../sealed-cookies/sealed-cookie.ts";
import { KIOSK_IDLE_SECONDS } from "../sessions/session-lifetimes.ts";
import { KIOSK_SCOPE_REQUEST } from "./kiosk-paths.ts";

/**
 * The lobby kiosk's tokens (docs/decisions/0023, "The kiosk page"). The tablet's browser never sees them:
 * they live in a sealed, HttpOnly cookie that only this server can open, and the page's route handlers
 * use them for the kiosk API calls they relay. Two cookies:
 * - `kiosk-enrol`: the device code of an enrolment waiting for a volunteer's approval (its lifetime);
 * - `kiosk`: the enrolled kiosk's client id, access token (and its expiry) and refresh token, for
 *   KIOSK_IDLE_SECONDS (eight days) after it was last written: it is written again at every refresh, which
 *   a kiosk in use does every ten minutes, so a tablet used on Sundays keeps it and one left unused for
 *   longer loses it (the issuer's device session ends then too).
 * Both hold the JWK thumbprint (RFC 7638) of the tablet's own key, a non-extractable key its browser made
 * (components/kiosk/kiosk-key.ts): every call of the page proves that key (./kiosk-proof.ts), so a cookie
 * copied to another machine is useless there.
 *
 * The calls to the issuer carry the tablet's address (and its User-Agent), signed for each form
 * (lib/http/relayed-client.ts): the issuer's limits, its campus-network check and the volunteer's approval
 * page see the tablet, not this server.
 */

const ENROL_COOKIE = "kiosk-enrol";
const ENROL_PURPOSE = "kiosk-enrol";
const KIOSK_COOKIE = "kiosk";
const KIOSK_PURPOSE = "kiosk-session";
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const REQUEST_TIMEOUT_MS = 10_000;
/** A token with less than this left is refreshed first, so it cannot expire on its way upstream. */
const STALE_SECONDS = 60;
/** How long a second request waits for another one spending the same refresh token: the request's own limit, and a little. */
const KIOSK_REFRESH_WAIT_MS = REQUEST_TIMEOUT_MS + 2_000;

export interface KioskTokens {
  clientId: string;
  accessToken: string;
  /** Seconds since the epoch. */
  accessExpiresAt: number;
  refreshToken: string | null;
  /** The JWK thumbprint of the tablet's key; null in a cookie written before kiosks were bound to one (refused). */
  jkt: string | null;
}

/** The tablet, as the issuer should see it: its address and User-Agent (the page's own request context). */
export type Tablet = RequestContext;

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

interface OAuthAnswer {
  status: number;
  body: unknown;
  retryAfter: string | null;
}

async function oauthPost(path: RelayedFormEndpoint | "/oauth/revoke", fields: Record<string, string>, tablet: Tablet | null): Promise<OAuthAnswer> {
  const form = new URLSearchParams(fields);
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" };
  // The volunteer's approval screen names the device by the tablet's own browser, not by this server.
  if (tablet?.userAgent) headers["User-Agent"] = tablet.userAgent.slice(0, 512);
  // And its address, signed for this very form and good once: the issuer counts and checks the tablet.
  if (tablet?.ip && path !== "/oauth/revoke") headers[RELAYED_CLIENT_HEADER] = relayedFormClientHeader(tablet.ip, path, form);
  const response = await fetch(`${env().BACKCHANNEL_URL}${path}`, {
    method: "POST",
    headers,
    body: form,
    cache: "no-store",
    signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
  });
  return { status: response.status, body: await response.json().catch(() => null), retryAfter: response.headers.get("retry-after") };
}

function oauthErrorOf(body: unknown): { error: string; description: string | null } {
  const parsed = oauthErrorSchema.safeParse(body);
  return parsed.success ? { error: parsed.data.error, description: parsed.data.error_description ?? null } : { error: "server_error", description: null };
}

export type EnrolmentRefusal = { ok: false; status: number; error: string; description: string | null; retryAfterSeconds: number | null };

/**
 * Starts the device authorization grant for the kiosk client, from the tablet: the code to show and the cookie
 * that remembers it, bound to the tablet's key (`jkt`). A refusal keeps the issuer's status, code and words,
 * for the page to say (a network outside the campus's, too many starts from one address).
 */
export async function startKioskEnrolment(clientId: string, tablet: Tablet, jkt: string): Promise<{ ok: true; start: DeviceStart; cookie: CookieToSet } | EnrolmentRefusal> {
  const answer = await oauthPost("/oauth/device_authorization", { client_id: clientId, scope: KIOSK_SCOPE_REQUEST }, tablet);
  const parsed = deviceStartSchema.safeParse(answer.body);
  if (answer.status !== 200 || !parsed.success) {
    const retryAfter = Number(answer.retryAfter);
    return { ok: false, status: answer.status, ...oauthErrorOf(answer.body), retryAfterSeconds: Number.isInteger(retryAfter) && retryAfter > 0 ? retryAfter : null };
  }
  const cookie = await sealedCookie(ENROL_COOKIE, ENROL_PURPOSE, { client_id: clientId, device_code: parsed.data.device_code, jkt }, parsed.data.expires_in);
  return { ok: true, start: parsed.data, cookie };
}

export type PollOutcome =
  | { status: "enrolled"; cookies: CookieToSet[] }
  | { status: "pending" | "slow_down" }
  | { status: "denied" | "expired" | "not_started"; cookies: CookieToSet[] };

/**
 * One poll of the token endpoint for the waiting enrolment (RFC 8628 section 3.4), by the tablet that started
 * it: `jkt` is the key this poll proved, and must be the one the enrolment was started with. An enrolment
 * cookie carried to another browser is forgotten there, as if none had been started.
 */
export async function pollKioskEnrolment(enrolCookie: string | undefined, tablet: Tablet, jkt: string): Promise<PollOutcome> {
  const pending = await openSealedCookie(ENROL_PURPOSE, enrolCookie);
  const clientId = typeof pending?.client_id === "string" ? pending.client_id : null;
  const deviceCode = typeof pending?.device_code === "string" ? pending.device_code : null;
  if (!clientId || !deviceCode || pending?.jkt !== jkt) return { status: "not_started", cookies: [clearedCookie(ENROL_COOKIE)] };
  const answer = await oauthPost("/oauth/token", { client_id: clientId, grant_type: DEVICE_GRANT, device_code: deviceCode }, tablet);
  if (answer.status === 200) {
    const tokens = tokenResponseSchema.safeParse(answer.body);
    if (!tokens.success) return { status: "expired", cookies: [clearedCookie(ENROL_COOKIE)] };
    return { status: "enrolled", cookies: [clearedCookie(ENROL_COOKIE), await kioskCookie(clientId, tokens.data, jkt)] };
  }
  const { error } = oauthErrorOf(answer.body);
  if (error === "authorization_pending") return { status: "pending" };
  if (error === "slow_down") return { status: "slow_down" };
  return { status: error === "access_denied" ? "denied" : "expired", cookies: [clearedCookie(ENROL_COOKIE)] };
}

/** The kiosk cookie: written at enrolment and at every refresh, so its eight days count from the last use. */
async function kioskCookie(clientId: string, tokens: z.infer<typeof tokenResponseSchema>, jkt: string, keptRefreshToken: string | null = null): Promise<CookieToSet> {
  const payload = {
    client_id: clientId,
    access_token: tokens.access_token,
    access_exp: Math.floor(Date.now() / 1000) + tokens.expires_in,
    refresh_token: tokens.refresh_token ?? keptRefreshToken,
    jkt,
  };
  return sealedCookie(KIOSK_COOKIE, KIOSK_PURPOSE, payload, KIOSK_IDLE_SECONDS);
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
    jkt: typeof payload.jkt === "string" ? payload.jkt : null,
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

/** A usable access token (and the cookie to write after a refresh), or why there is none. */
export type FreshAccess = { access: string; cookie: CookieToSet | null } | "signed_out" | "outside_networks";

/**
 * An access token with at least a minute left, and the cookie to write when it had to be refreshed; else
 * `signed_out` (enrol again) or `outside_networks` (the issuer refused the tablet's network: the cookie stays).
 * Only for a cookie whose key the caller has checked (./kiosk-proof.ts): the refresh is the tablet's. `on` is
 * the database to keep the refresh's flight in (the app's own by default).
 */
export async function freshKioskAccess(tokens: KioskTokens & { jkt: string }, tablet: Tablet, on?: Database): Promise<FreshAccess> {
  if (tokens.accessExpiresAt - STALE_SECONDS > Date.now() / 1000) return { access: tokens.accessToken, cookie: null };
  const refreshToken = tokens.refreshToken;
  if (!refreshToken) return "signed_out";
  // The issuer rotates refresh tokens and treats a second use as theft (it revokes the kiosk's grant): spent
  // once across requests and instances, the outcome shared (lib/portal-auth/refresh-once.ts).
  const fresh = await spendRefreshTokenOnce(
    on ?? (await database()),
    "kiosk",
    refreshToken,
    async (): Promise<FreshAccess> => {
      const answer = await oauthPost("/oauth/token", { client_id: tokens.clientId, grant_type: "refresh_token", refresh_token: refreshToken }, tablet).catch(() => null);
      const parsed = tokenResponseSchema.safeParse(answer?.body);
      if (answer?.status === 200 && parsed.success) return { access: parsed.data.access_token, cookie: await kioskCookie(tokens.clientId, parsed.data, tokens.jkt, refreshToken) };
      // Off the campus's networks the refresh token is refused but not spent: the kiosk works again back on them.
      if (answer && oauthErrorOf(answer.body).error === "unauthorized_client") return "outside_networks";
      return "signed_out";
    },
    KIOSK_REFRESH_WAIT_MS,
  );
  return fresh ?? "signed_out";
}
