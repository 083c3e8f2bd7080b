import "server-only";
import type { Database } from "../db/database.ts";
import { tooManyRequests } from "../identity/errors.ts";
import { attemptKey } from "../limits/keys.ts";
import type { AttemptPolicy } from "../limits/policies.ts";
import { takeAttempt } from "../limits/take-attempt.ts";
import { TOO_MANY_SEARCHES } from "./membership-errors.ts";
import type { MembershipSearchResult } from "./schemas.ts";
import { searchMembershipRecords } from "./search-membership-records.ts";

/**
 * Searches per member: 20, then 30 s, 1, 2, 4 … minutes between searches, at most 15, counting afresh
 * after 15 quiet minutes. Plenty for finding one's own record; too slow to read the register out one
 * guessed name at a time. A search is counted before it is answered, so the 20th (19 free, the policy's
 * count) starts the wait and the 21st is refused.
 */
export const MEMBERSHIP_SEARCHES = 20;
export const MEMBERSHIP_SEARCH_POLICY: AttemptPolicy = { freeFailures: MEMBERSHIP_SEARCHES - 1, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60, windowSeconds: 15 * 60 };

/** The member's own verified addresses and numbers: the account's, and their verified recovery contacts. */
async function ownVerifiedContacts(database: Database, userId: string): Promise<{ emails: string[]; phones: string[] }> {
  const rows = await database.query<{ channel: string; value: string }>(
    `SELECT 'email' AS channel, email AS value FROM account WHERE id = $1::uuid AND email IS NOT NULL AND email_verified_at IS NOT NULL
     UNION
     SELECT 'phone', phone FROM account WHERE id = $1::uuid AND phone IS NOT NULL AND phone_verified_at IS NOT NULL
     UNION
     SELECT channel, value FROM recovery_contact WHERE user_id = $1::uuid AND status = 'verified'`,
    [userId],
  );
  return {
    emails: rows.filter((row) => row.channel === "email").map((row) => row.value.toLowerCase()),
    phones: rows.filter((row) => row.channel === "phone").map((row) => row.value),
  };
}

/** POST /api/v1/users/me/membership/ranked-search (decisions.md part 3): every search counts against the limit. */
export async function rankMembershipMatches(database: Database, userId: string, query: string, now = new Date()): Promise<MembershipSearchResult> {
  const key = attemptKey("membership-search:user", userId, MEMBERSHIP_SEARCH_POLICY);
  // Checked and counted in one statement (lib/limits/take-attempt.ts).
  const decision = await takeAttempt(database, [key], now);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, TOO_MANY_SEARCHES);
  const own = await ownVerifiedContacts(database, userId);
  return { matches: await searchMembershipRecords(database, { text: query, ownEmails: own.emails, ownPhones: own.phones }) };
}
