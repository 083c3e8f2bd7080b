import "server-only";
import type { CookieToSet } from "../accounts/errors.ts";
import { clearedCookie, openSealedCookie, sealedCookie, sealedCookieName } from "../sealed-cookies/sealed-cookie.ts";

/**
 * The browser's half of "Email me a code": the address the code was sent to (so the code page can show it
 * without putting it in a URL), the random `binding` the code is tied to (only this browser can use it),
 * and where to go afterwards: the parked authorization request and `return_to`, sealed here as the
 * second factor's cookie seals them, so the form cannot swap them. 15 minutes: the code's 10, and time to
 * ask for a new one.
 */
export const PENDING_EMAIL_CODE_COOKIE = "pending-email-code";
export const PENDING_EMAIL_CODE_SECONDS = 15 * 60;
const PURPOSE = "pending-email-code";

export interface PendingEmailCode {
  email: string;
  binding: string;
  request?: string;
  returnTo?: string;
}

export function pendingEmailCodeCookieName(): string {
  return sealedCookieName(PENDING_EMAIL_CODE_COOKIE);
}

export function pendingEmailCodeCookie(pending: PendingEmailCode, now = new Date()): Promise<CookieToSet> {
  return sealedCookie(PENDING_EMAIL_CODE_COOKIE, PURPOSE, pending, PENDING_EMAIL_CODE_SECONDS, now);
}

export function clearedPendingEmailCodeCookie(): CookieToSet {
  return clearedCookie(PENDING_EMAIL_CODE_COOKIE);
}

export async function readPendingEmailCode(value: string | undefined, now = new Date()): Promise<PendingEmailCode | null> {
  const payload = await openSealedCookie(PURPOSE, value, now);
  if (!payload || typeof payload.email !== "string" || typeof payload.binding !== "string") return null;
  return {
    email: payload.email,
    binding: payload.binding,
    request: typeof payload.request === "string" ? payload.request : undefined,
    returnTo: typeof payload.returnTo === "string" ? payload.returnTo : undefined,
  };
}
