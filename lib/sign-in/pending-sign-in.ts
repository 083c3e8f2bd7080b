import "server-only";
import type { CookieToSet } from "../accounts/errors.ts";
import { clearedCookie, openSealedCookie, sealedCookie, sealedCookieName } from "../sealed-cookies/sealed-cookie.ts";

/**
 * The half-signed-in state between a correct password and the second factor: who, and where to go next.
 * Five minutes, sealed with purpose "pending-sign-in": the browser can neither read nor forge it, and
 * holding it proves only that the password was right a moment ago.
 */
export const PENDING_SIGN_IN_COOKIE = "pending-sign-in";
export const PENDING_SIGN_IN_SECONDS = 5 * 60;
const PURPOSE = "pending-sign-in";

export interface PendingSignIn {
  userId: string;
  request?: string;
  returnTo?: string;
  /**
   * How the first step was proved: `fed` after "Continue with <provider>", `otp` after "Email me a code";
   * absent for a password.
   */
  firstFactor?: "fed" | "otp";
  /** The provider of a `fed` first step, for the security log. */
  provider?: { id: string; name: string };
}

export function pendingSignInCookieName(): string {
  return sealedCookieName(PENDING_SIGN_IN_COOKIE);
}

export function pendingSignInCookie(pending: PendingSignIn, now = new Date()): Promise<CookieToSet> {
  return sealedCookie(PENDING_SIGN_IN_COOKIE, PURPOSE, pending, PENDING_SIGN_IN_SECONDS, now);
}

export function clearedPendingSignInCookie(): CookieToSet {
  return clearedCookie(PENDING_SIGN_IN_COOKIE);
}

export async function readPendingSignIn(value: string | undefined, now = new Date()): Promise<PendingSignIn | null> {
  const payload = await openSealedCookie(PURPOSE, value, now);
  if (!payload || typeof payload.userId !== "string") return null;
  return {
    userId: payload.userId,
    request: typeof payload.request === "string" ? payload.request : undefined,
    returnTo: typeof payload.returnTo === "string" ? payload.returnTo : undefined,
    firstFactor: payload.firstFactor === "fed" || payload.firstFactor === "otp" ? payload.firstFactor : undefined,
    provider: providerOf(payload.provider),
  };
}

function providerOf(value: unknown): PendingSignIn["provider"] {
  const { id, name } = (value ?? {}) as { id?: unknown; name?: unknown };
  return typeof id === "string" && typeof name === "string" ? { id, name } : undefined;
}
