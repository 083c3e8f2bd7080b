import "server-only";
import type { JWT } from "next-auth/jwt";
import { z } from "zod";
import { database } from "../db.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { portalBasicAuthorization } from "./client-credentials.ts";
import { REFRESH_BEFORE_EXPIRY_SECONDS } from "./config.ts";
import { spendRefreshTokenOnce } from "./refresh-once.ts";
import { REFRESH_FAILED } from "./types.ts";
import { isRefreshedIdTokenValid } from "./verify-id-token.ts";
import { logLine } from "../log/json-log.ts";

/**
 * Refreshing the portal's access token with the refresh_token grant (RFC 6749 section 6), through
 * BACKCHANNEL_URL. Our issuer rotates the refresh token on every use and treats a second use of the old one
 * as theft, so every refresh goes through `refreshPortalTokens`, which spends a refresh token once across
 * every request and instance and hands its outcome to the others (./refresh-once.ts).
 */

/** The token request's own time limit; past it the refresh counts as failed. */
const REQUEST_TIMEOUT_MS = 10_000;
/** Used only if the issuer leaves out expires_in (ours always sends 600). */
const FALLBACK_LIFETIME_SECONDS = 300;

export type RefreshOutcome =
  | { ok: true; accessToken: string; accessTokenExpiresAt: number; refreshToken: string; idToken?: string }
  | { ok: false; reason: string };

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  token_type: z.string().regex(/^bearer$/i, "must be Bearer"),
  expires_in: z.number().int().positive().optional(),
  refresh_token: z.string().min(1).optional(),
  id_token: z.string().min(1).optional(),
});

const oauthErrorSchema = z.object({ error: z.string(), error_description: z.string().optional() });

/** One refresh_token grant at the token endpoint. Never throws: every failure is an outcome. */
async function requestRefresh(refreshToken: string): Promise<RefreshOutcome> {
  let response: Response;
  try {
    response = await fetch(`${env().BACKCHANNEL_URL}/oauth/token`, {
      method: "POST",
      headers: {
        Authorization: portalBasicAuthorization(),
        "Content-Type": "application/x-www-form-urlencoded",
        Accept: "application/json",
      },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token: refreshToken }),
      cache: "no-store",
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
  } catch (error) {
    return { ok: false, reason: `token endpoint unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const oauthError = oauthErrorSchema.safeParse(body);
    return { ok: false, reason: `token endpoint answered ${response.status}${oauthError.success ? ` ${oauthError.data.error}` : ""}` };
  }
  const parsed = tokenResponseSchema.safeParse(body);
  if (!parsed.success) return { ok: false, reason: `unexpected token response: ${parsed.error.issues.map((issue) => issue.path.join(".")).join(", ")}` };
  const tokens = parsed.data;
  return {
    ok: true,
    accessToken: tokens.access_token,
    accessTokenExpiresAt: Math.floor(Date.now() / 1000) + (tokens.expires_in ?? FALLBACK_LIFETIME_SECONDS),
    // RFC 6749 6: without a new refresh token the old one stays valid. Ours always rotates.
    refreshToken: tokens.refresh_token ?? refreshToken,
    ...(tokens.id_token ? { idToken: tokens.id_token } : {}),
  };
}

/**
 * Spends `refreshToken` once: concurrent and late callers with the same token, on any instance, share one
 * request and its outcome (./refresh-once.ts). `on` is the database to keep the flight in (the app's own by
 * default).
 */
export async function refreshPortalTokens(refreshToken: string, on?: Database): Promise<RefreshOutcome> {
  const outcome = await spendRefreshTokenOnce(on ?? (await database()), "portal", refreshToken, () => requestRefresh(refreshToken), REQUEST_TIMEOUT_MS + 2_000);
  return outcome ?? { ok: false, reason: "another request spent the refresh token and did not finish" };
}

/** True when the session's access token is missing or expires within REFRESH_BEFORE_EXPIRY_SECONDS. */
export function portalTokenIsStale(token: JWT, nowSeconds = Math.floor(Date.now() / 1000)): boolean {
  if (token.error) return false;
  return !token.accessToken || !token.accessTokenExpiresAt || token.accessTokenExpiresAt - nowSeconds <= REFRESH_BEFORE_EXPIRY_SECONDS;
}

/** The session after refreshing failed: tokens dropped, the ID token kept for the logout hint, the error set. */
export function failedPortalToken(token: JWT): JWT {
  return { sub: token.sub, name: token.name, email: token.email, idToken: token.idToken, error: REFRESH_FAILED };
}

/**
 * The session token with a valid access token: unchanged when the current one is still fresh (or the
 * session already failed), refreshed once when stale, marked failed when refreshing is impossible.
 * `changed` tells the caller to write the session cookie again.
 */
export async function freshenPortalToken(token: JWT, on?: Database): Promise<{ token: JWT; changed: boolean }> {
  if (!portalTokenIsStale(token)) return { token, changed: false };
  if (!token.refreshToken) return { token: failedPortalToken(token), changed: true };
  const outcome = await refreshPortalTokens(token.refreshToken, on);
  if (!outcome.ok) {
    logLine("warn", "portal_refresh_failed", { sub: token.sub ?? null, reason: outcome.reason });
    return { token: failedPortalToken(token), changed: true };
  }
  // A new ID token replaces the sign-in one only once verified; otherwise the old hint is kept.
  const idToken = outcome.idToken && (await isRefreshedIdTokenValid(outcome.idToken, token.sub)) ? outcome.idToken : token.idToken;
  return {
    token: {
      ...token,
      accessToken: outcome.accessToken,
      accessTokenExpiresAt: outcome.accessTokenExpiresAt,
      refreshToken: outcome.refreshToken,
      idToken,
    },
    changed: true,
  };
}
