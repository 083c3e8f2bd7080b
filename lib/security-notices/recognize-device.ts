import "server-only";
import type { CookieToSet } from "../accounts/errors.ts";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { usesSecureCookies } from "../sessions/session-cookie.ts";
import { enqueueSecurityNotice } from "./enqueue-security-notice.ts";

/**
 * "New sign-in to your account" (ASVS V2.2.3): a browser is recognised by a long-lived random cookie
 * (HttpOnly, SameSite=Lax, `__Host-` over HTTPS, 400 days as browsers allow), of which only the hash is
 * kept per account (`known_device`). A sign-in from a browser the account has not signed in with sends the
 * member a notice, in the transaction that records the browser; the account's very first browser (a new
 * account, or the first sign-in after this was introduced) does not. Nothing else is read from the browser:
 * no fingerprinting, no location lookup.
 */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function deviceCookieName(): string {
  return usesSecureCookies() ? "__Host-device" : "device";
}

export interface RecognizedDevice {
  /** The device cookie, renewed for another 400 days. */
  cookie: CookieToSet;
  /** The notice written to the outbox, when the browser was new to the account. */
  noticeId: string | null;
}

export async function recognizeDevice(database: Database, input: { userId: string; cookieValue: string | undefined; context: RequestContext; now?: Date }): Promise<RecognizedDevice> {
  const now = input.now ?? new Date();
  const token = input.cookieValue && TOKEN_PATTERN.test(input.cookieValue) ? input.cookieValue : randomToken(32);
  const deviceHash = hashToken(token);
  const noticeId = await database.transaction(async (transaction) => {
    const tx = transaction.prisma;
    const [seen] = await tx.$queryRaw<{ known: boolean; any: boolean }[]>`
      SELECT EXISTS (SELECT 1 FROM known_device WHERE user_id = ${input.userId}::uuid AND device_hash = ${deviceHash}) AS known,
             EXISTS (SELECT 1 FROM known_device WHERE user_id = ${input.userId}::uuid) AS "any"`;
    await tx.$executeRaw`
      INSERT INTO known_device (user_id, device_hash, first_seen_at, last_seen_at) VALUES (${input.userId}::uuid, ${deviceHash}, ${now}, ${now})
      ON CONFLICT (user_id, device_hash) DO UPDATE SET last_seen_at = EXCLUDED.last_seen_at`;
    if (!seen || seen.known || !seen.any) return null;
    return enqueueSecurityNotice(transaction, { userId: input.userId, kind: "new_device", context: input.context, now });
  });
  return {
    cookie: {
      name: deviceCookieName(),
      value: token,
      options: { httpOnly: true, secure: usesSecureCookies(), sameSite: "lax", path: "/", maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS },
    },
    noticeId,
  };
}
