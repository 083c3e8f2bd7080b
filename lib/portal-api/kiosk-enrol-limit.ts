import "server-only";
import type { Database } from "../db/database.ts";
import { attemptKey } from "../limits/keys.ts";
import type { AttemptPolicy } from "../limits/policies.ts";
import { takeAttempt } from "../limits/take-attempt.ts";

/**
 * "Set up this kiosk" from one address (docs/decisions/0023, "The kiosk page"). Each press asks the issuer
 * for a device code, a call from this server. A lobby's tablets share the campus's address and each is set
 * up about once a month (a code that expires is started again by a person), so twenty in a quarter of an
 * hour is far more than a church needs; past that, each further start waits a minute, then two, four …, at
 * most a quarter of an hour. The issuer's own limit (60 device codes per address, lib/oauth/device) then
 * counts the tablet too, now that the page passes its address on: one address can no longer use up the
 * allowance of every tablet, which it could while every start came from this server's address.
 * Every start counts (a success too): a start is what costs. No key for an unknown address.
 */
export const KIOSK_ENROL_IP_POLICY: AttemptPolicy = {
  freeFailures: 20,
  baseDelaySeconds: 60,
  maxDelaySeconds: 15 * 60,
  windowSeconds: 15 * 60,
};

/**
 * Seconds the address must wait before another start, 0 when it may start now; a start that may go ahead is
 * counted, in the same statement that checks it (lib/limits/take-attempt.ts, decision 0031).
 */
export async function countKioskEnrolment(database: Database, ip: string | null): Promise<number> {
  if (!ip) return 0;
  const decision = await takeAttempt(database, [attemptKey("kiosk-enrol:ip", ip, KIOSK_ENROL_IP_POLICY)]);
  return decision.allowed ? 0 : decision.retryAfterSeconds;
}
