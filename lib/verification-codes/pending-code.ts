import "server-only";
import type { CookieToSet } from "../accounts/errors.ts";
import { clearedCookie, openSealedCookie, sealedCookie, sealedCookieName } from "../sealed-cookies/sealed-cookie.ts";
import type { VerificationPurpose } from "./verification-codes.ts";

/**
 * Which address the member is waiting for a code at, so the code page can prefill it without putting the
 * address in a URL (and so in logs). For registration it also holds the browser's `binding`: the code sent
 * is only accepted together with it, so only the browser that chose the password can finish the
 * registration (see lib/accounts/register-account.ts).
 */
export const PENDING_CODE_COOKIE = "pending-code";
export const PENDING_CODE_SECONDS = 30 * 60;
const PURPOSE = "pending-code";

export interface PendingCode {
  purpose: VerificationPurpose;
  email: string;
  binding: string;
}

export function pendingCodeCookieName(): string {
  return sealedCookieName(PENDING_CODE_COOKIE);
}

export function pendingCodeCookie(pending: PendingCode, now = new Date()): Promise<CookieToSet> {
  return sealedCookie(PENDING_CODE_COOKIE, PURPOSE, pending, PENDING_CODE_SECONDS, now);
}

export function clearedPendingCodeCookie(): CookieToSet {
  return clearedCookie(PENDING_CODE_COOKIE);
}

export async function readPendingCode(value: string | undefined, now = new Date()): Promise<PendingCode | null> {
  const payload = await openSealedCookie(PURPOSE, value, now);
  if (!payload || typeof payload.email !== "string" || typeof payload.binding !== "string") return null;
  if (payload.purpose !== "email_verification" && payload.purpose !== "password_reset") return null;
  return { purpose: payload.purpose, email: payload.email, binding: payload.binding };
}
