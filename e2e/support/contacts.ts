/**
 * Helpers of the recovery-contact and phone specs: values nobody else uses, calls from an IP address of
 * the test's own, members with tokens, and the codes' clock moved in the database (never a sleep).
 */
import { randomBytes } from "node:crypto";
import { test } from "@playwright/test";
import { sql, uniqueIp } from "./database.ts";
import { callApi } from "./identity-api.ts";
import { createTestMember, type TestMember } from "./oauth-accounts.ts";
import { portalTokensFor } from "./oauth-client.ts";
import { expiredCopy } from "./oauth-tokens.ts";

// Every test calls from an IP address of its own (X-Forwarded-For, which the server reads as the client's),
// so the per-IP limits on sending and on wrong codes count only that test.
let fromIp: Record<string, string> = {};
export function callFromOwnIp(): void {
  test.beforeEach(async () => {
    fromIp = { "x-forwarded-for": await uniqueIp() };
  });
}

type ApiOptions = Parameters<typeof callApi>[3];
export const api = (method: string, path: string, token: string | null, options: ApiOptions = {}) =>
  callApi(method, path, token, { ...options, headers: { ...fromIp, ...options?.headers } });

/** A recovery email address no other test uses. */
export function uniqueContactEmail(label: string): string {
  return `rc-${label}-${randomBytes(4).toString("hex")}@example.net`;
}

/**
 * Real North American area codes (libphonenumber refuses numbers in area codes that do not exist), none of
 * them the seeded register's (lib/demo/build-membership-register.ts) nor the fixed numbers' of some specs
 * (202, 415).
 */
const AREA_CODES = ["201", "212", "213", "305", "617", "646", "718"];

/**
 * A valid North American number in E.164 (a 555 exchange, kept for fiction) that no other test of this run
 * uses: numbered by a sequence in the test database (e2e/prepare-database.ts), so workers never collide.
 */
export async function uniquePhone(): Promise<string> {
  const [row] = await sql<{ n: string }>("SELECT nextval('e2e_unique_phone')::text AS n");
  const n = Number(row!.n);
  if (n >= AREA_CODES.length * 10_000) throw new Error("the run used every test phone number");
  return `+1${AREA_CODES[n % AREA_CODES.length]}555${String(Math.floor(n / AREA_CODES.length)).padStart(4, "0")}`;
}

/** A phone number as decisions.md masks it: `+` and the first two digits, stars, the last two digits. */
export function maskedPhone(e164: string): string {
  return `${e164.slice(0, 3)}${"*".repeat(e164.length - 5)}${e164.slice(-2)}`;
}

/**
 * A member and an access token of the portal's first-party client (every scope it asks for unless given):
 * the account-control routes answer only such tokens (docs/decisions/0018). The sign-in is the token's
 * `auth_time`, so the routes that need a recent sign-in accept it for ten minutes.
 */
export async function memberWithToken(label: string, options: { roles?: "member" | "none"; scope?: string } = {}) {
  const member = await createTestMember(label, { roles: options.roles });
  const tokens = await portalTokensFor(member, options.scope);
  return { member, token: tokens.access_token, tokens };
}

export const invalidRequest = (description: string) => ({ error: "invalid_request", error_description: description });
export const conflict = (description: string) => ({ error: "conflict", error_description: description });
export const notFound = (what: string) => ({ error: "not_found", error_description: `${what} not found` });
export const tooManyRequests = (description: string) => ({ error: "too_many_requests", error_description: description });

/**
 * The four ways a token is refused, each made from a live token of `member`: missing, malformed, expired,
 * and a session that has ended (the token itself still well signed and unexpired).
 */
export async function refusedTokens(member: TestMember, token: string): Promise<[string, () => Promise<string | null>, Record<string, string>, string][]> {
  return [
    ["no token", async () => null, {}, "an access token is required"],
    ["a malformed header", async () => null, { authorization: "Token abc" }, "the Authorization header is malformed"],
    ["an expired token", async () => expiredCopy(token), {}, "the access token is expired"],
    [
      "a token of a session that has ended",
      async () => {
        const fresh = await portalTokensFor(member, "openid");
        await sql(`UPDATE session SET revoked_at = now() WHERE id = (SELECT session_id FROM oauth_grant WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1)`, [member.id]);
        return fresh.access_token;
      },
      {},
      "the access token has been revoked",
    ],
  ];
}

/**
 * Moves the clock of a subject's codes forward: every code of that purpose and subject is shifted back in
 * time together (so the newest stays the newest) until the newest has `secondsLeft` to live (negative:
 * expired that long ago).
 */
export async function expireNewestCode(purpose: string, subject: string, secondsLeft = -1): Promise<void> {
  const moved = await sql(
    `WITH newest AS (
       SELECT expires_at - (now() + make_interval(secs => $3)) AS shift FROM verification_code
        WHERE purpose = $1 AND subject = $2 ORDER BY created_at DESC, id DESC LIMIT 1
     )
     UPDATE verification_code v SET expires_at = v.expires_at - newest.shift, created_at = v.created_at - newest.shift
       FROM newest WHERE v.purpose = $1 AND v.subject = $2
     RETURNING v.id`,
    [purpose, subject, secondsLeft],
  );
  if (moved.length === 0) throw new Error(`no ${purpose} code for ${subject}`);
}

/** Security events of a member, oldest first. */
export async function securityEvents(userId: string): Promise<{ type: string; detail: Record<string, unknown> | null }[]> {
  return sql(`SELECT type, detail FROM security_event WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
}

/** The digits of a phone number after its first two, which every mask hides. */
export function hiddenDigits(phone: string): string {
  return phone.slice(3, -2);
}
