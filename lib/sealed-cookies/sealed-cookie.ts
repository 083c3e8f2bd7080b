import "server-only";
import type { CookieToSet } from "../accounts/errors.ts";
import { openSecret, sealSecret } from "../crypto/secret-box.ts";
import { usesSecureCookies } from "../sessions/session-cookie.ts";

/**
 * Short-lived state of a flow that spans two pages (password → second factor, register → code), kept in
 * the browser as an encrypted, authenticated cookie instead of a table: HttpOnly, SameSite=Lax, `__Host-`
 * over HTTPS. The payload carries its own expiry, checked on read, so a cookie kept past its Max-Age by a
 * misbehaving client is still refused.
 */
export function sealedCookieName(base: string): string {
  return usesSecureCookies() ? `__Host-${base}` : base;
}

function options(maxAge: number): CookieToSet["options"] {
  return { httpOnly: true, secure: usesSecureCookies(), sameSite: "lax", path: "/", maxAge };
}

export async function sealedCookie(base: string, purpose: string, payload: object, maxAgeSeconds: number, now = new Date()): Promise<CookieToSet> {
  const exp = Math.floor(now.getTime() / 1000) + maxAgeSeconds;
  const value = await sealSecret(purpose, JSON.stringify({ ...payload, exp }));
  return { name: sealedCookieName(base), value, options: options(maxAgeSeconds) };
}

export function clearedCookie(base: string): CookieToSet {
  return { name: sealedCookieName(base), value: "", options: options(0) };
}

/** The payload, or null when the cookie is missing, tampered with, sealed for another purpose or expired. */
export async function openSealedCookie(purpose: string, value: string | undefined, now = new Date()): Promise<Record<string, unknown> | null> {
  if (!value || value.length > 4096) return null;
  try {
    const payload: unknown = JSON.parse(await openSecret(purpose, value));
    if (typeof payload !== "object" || payload === null) return null;
    const { exp } = payload as { exp?: unknown };
    if (typeof exp !== "number" || exp * 1000 <= now.getTime()) return null;
    return payload as Record<string, unknown>;
  } catch {
    return null;
  }
}
