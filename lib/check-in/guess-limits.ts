import "server-only";
import type { Database } from "../db/database.ts";
import { tooManyRequests } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { attemptKey, type AttemptKey } from "../limits/keys.ts";
import { refundAttempt, takeAttempt, type Attempt } from "../limits/take-attempt.ts";
import type { Kiosk } from "./kiosk-campus.ts";
import { KIOSK_REFUSALS } from "./kiosk-refusals.ts";
import { KIOSK_MISS_POLICY, KIOSK_PHONE_SEARCH_POLICY } from "./rules.ts";

/**
 * What a kiosk tablet may get wrong (./rules.ts, docs/decisions/0023, "Limits and alerts"), counted per
 * tablet (its device session), never per kiosk client: every tablet of a campus shares the client, and a
 * stranger typing at one must not block a parent at another. Guessing is hopeless anyway (an 80-bit tag, a
 * signed code, 6 texted digits with 5 tries each); the count slows a stranger down and each miss is an alert
 * staff see at once.
 */
/** What an alert says happened (kiosk_alert.kind). */
export type KioskAlertKind = "unknown_pickup_tag" | "invalid_member_code" | "wrong_phone_code" | "not_authorized" | "already_checked_in";

export function kioskMissKey(kiosk: Kiosk): AttemptKey {
  return attemptKey("check-in-miss:device", kiosk.deviceId, KIOSK_MISS_POLICY);
}

export function kioskPhoneSearchKey(kiosk: Kiosk): AttemptKey {
  return attemptKey("check-in-phone:device", kiosk.deviceId, KIOSK_PHONE_SEARCH_POLICY);
}

/**
 * Takes an attempt at the tablet, counted at once in one statement (lib/limits/take-attempt.ts, decision
 * 0031): refused with 429 and Retry-After in the identity shape while the tablet waits. A scan or code that
 * turns out right gives it back (giveBack); a phone search keeps it, since every search counts.
 */
export async function takeKioskAttempt(database: Database, keys: readonly AttemptKey[]): Promise<Attempt> {
  const decision = await takeAttempt(database, keys);
  if (!decision.allowed) throw tooManyRequests(decision.retryAfterSeconds, KIOSK_REFUSALS.tooManyMisses);
  return decision.attempt;
}

export async function giveBack(database: Database, attempt: Attempt): Promise<void> {
  await refundAttempt(database, attempt);
}

/** Notes something staff should see on the attendance page now (kiosk_alert), outside any transaction that rolls back. */
export async function recordKioskAlert(database: Database, kiosk: Kiosk, kind: KioskAlertKind, context: RequestContext, childId: string | null = null): Promise<void> {
  await database.query(`INSERT INTO kiosk_alert (client_id, campus_id, session_id, kind, child_id, ip) VALUES ($1, $2, $3::uuid, $4, $5::uuid, $6)`, [
    kiosk.clientId,
    kiosk.campusId,
    kiosk.deviceId,
    kind,
    childId,
    context.ip,
  ]);
}
