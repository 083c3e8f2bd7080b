import "server-only";
import { decode, encode, type JWT } from "next-auth/jwt";
import type { NextResponse } from "next/server";
import { PORTAL_SESSION_MAX_AGE_SECONDS, portalAuthSecret, portalCookieNames, portalUsesSecureCookies } from "./config.ts";

/**
 * Reading and writing next-auth's session cookie outside next-auth, for the one job next-auth cannot do
 * in the App Router: persisting a refreshed token. The format is next-auth's own (an A256GCM JWE under
 * a key derived from the secret, split into `.0`, `.1`... chunks above 3933 characters, as its
 * SessionStore does), so either side reads what the other wrote.
 */

/** next-auth's chunk size: a 4096-byte cookie minus its estimated attributes (core/lib/cookie.js). */
const CHUNK_SIZE = 4096 - 163;

export interface CookieEntry {
  name: string;
  value: string;
}

/** Anything that sets response cookies: NextResponse#cookies, or next/headers cookies() in a Route Handler or Server Action. */
export type CookieJar = Pick<NextResponse["cookies"], "set">;

function sessionCookieOptions(maxAge: number) {
  return { httpOnly: true, sameSite: "lax" as const, path: "/", secure: portalUsesSecureCookies(), maxAge };
}

/** The session cookie's names present in a request: the whole cookie, or its numbered chunks. */
function sessionCookieParts(cookies: readonly CookieEntry[]): CookieEntry[] {
  const name = portalCookieNames().sessionToken;
  return cookies.filter((cookie) => cookie.name === name || (cookie.name.startsWith(name) && /^\.\d+$/.test(cookie.name.slice(name.length))));
}

/** The decoded session token of a request's cookies, or null (none, tampered, expired, other secret). */
export async function readPortalToken(cookies: readonly CookieEntry[]): Promise<JWT | null> {
  const name = portalCookieNames().sessionToken;
  const parts = sessionCookieParts(cookies);
  const whole = parts.find((cookie) => cookie.name === name);
  const value = whole
    ? whole.value
    : parts
        .map((cookie) => ({ index: Number(cookie.name.slice(name.length + 1)), value: cookie.value }))
        .sort((a, b) => a.index - b.index)
        .map((chunk) => chunk.value)
        .join("");
  if (!value) return null;
  try {
    return await decode({ token: value, secret: portalAuthSecret() });
  } catch {
    return null;
  }
}

/** Writes the session token as next-auth would, chunked when long, and expires parts left over from before. */
export async function writePortalToken(jar: CookieJar, token: JWT, requestCookies: readonly CookieEntry[]): Promise<void> {
  const name = portalCookieNames().sessionToken;
  const value = await encode({ token, secret: portalAuthSecret(), maxAge: PORTAL_SESSION_MAX_AGE_SECONDS });
  const written = new Set<string>();
  if (value.length <= CHUNK_SIZE) {
    jar.set(name, value, sessionCookieOptions(PORTAL_SESSION_MAX_AGE_SECONDS));
    written.add(name);
  } else {
    for (let index = 0; index * CHUNK_SIZE < value.length; index += 1) {
      const chunkName = `${name}.${index}`;
      jar.set(chunkName, value.slice(index * CHUNK_SIZE, (index + 1) * CHUNK_SIZE), sessionCookieOptions(PORTAL_SESSION_MAX_AGE_SECONDS));
      written.add(chunkName);
    }
  }
  for (const part of sessionCookieParts(requestCookies)) {
    if (!written.has(part.name)) jar.set(part.name, "", sessionCookieOptions(0));
  }
}

/**
 * Whether this context may set cookies (a Route Handler or Server Action may; a Server Component's
 * cookies() throws). Probes by setting a session cookie part to the value it already has; the write
 * that follows a refresh replaces it in the same response.
 */
export function canWriteCookies(jar: CookieJar, requestCookies: readonly CookieEntry[]): boolean {
  const part = sessionCookieParts(requestCookies)[0];
  if (!part) return true;
  try {
    jar.set(part.name, part.value, sessionCookieOptions(PORTAL_SESSION_MAX_AGE_SECONDS));
    return true;
  } catch {
    return false;
  }
}

/** Expires the session cookie (every chunk) and next-auth's remembered callback URL: the portal is signed out. */
export function clearPortalCookies(jar: CookieJar, requestCookies: readonly CookieEntry[]): void {
  const names = new Set([portalCookieNames().sessionToken, ...sessionCookieParts(requestCookies).map((cookie) => cookie.name)]);
  for (const name of names) jar.set(name, "", sessionCookieOptions(0));
  jar.set(portalCookieNames().callbackUrl, "", sessionCookieOptions(0));
}
