import "server-only";
import type { CookieToSet } from "../accounts/errors.ts";
import { clearedCookie, openSealedCookie, sealedCookie, sealedCookieName } from "../sealed-cookies/sealed-cookie.ts";
import { CHALLENGE_SECONDS, newChallengeBinding } from "./challenges.ts";

/**
 * The browser's half of a passkey sign-in challenge: a random binding, sealed so it cannot be read or made
 * up. The challenge itself waits in PostgreSQL under the binding's hash (lib/passkeys/challenges.ts), so a
 * challenge issued to one browser cannot be answered from another.
 */
const COOKIE = "passkey-challenge";
const PURPOSE = "passkey-challenge";

export function passkeyChallengeCookieName(): string {
  return sealedCookieName(COOKIE);
}

/** The cookie for this binding (a new random one when the browser has none), good as long as a challenge. */
export async function passkeyChallengeCookie(binding: string | null, now = new Date()): Promise<{ binding: string; cookie: CookieToSet }> {
  const kept = binding ?? newChallengeBinding();
  return { binding: kept, cookie: await sealedCookie(COOKIE, PURPOSE, { binding: kept }, CHALLENGE_SECONDS, now) };
}

export async function readPasskeyChallengeBinding(value: string | undefined, now = new Date()): Promise<string | null> {
  const payload = await openSealedCookie(PURPOSE, value, now);
  return typeof payload?.binding === "string" ? payload.binding : null;
}

export function clearedPasskeyChallengeCookie(): CookieToSet {
  return clearedCookie(COOKIE);
}
