import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, tooManyRequests } from "../identity/errors.ts";
import { KIOSK_PERMISSION } from "../identity/permissions.ts";
import { attemptKey, type AttemptKey } from "../limits/keys.ts";
import { tooManyAttemptsMessage } from "../limits/policies.ts";
import { refundAttempt, takeAttempt } from "../limits/take-attempt.ts";
import { looksLikeCardCode } from "./card-code.ts";
import { KIOSK_REFUSALS } from "./kiosk-refusals.ts";
import { KIOSK_SIGN_OUT_POLICY } from "./rules.ts";
import { resolveScannedCode, spendScannedCode } from "./scanned-code.ts";

/**
 * Who may sign a lobby kiosk out (docs/decisions/0023, "Signing a kiosk out"): a check-in volunteer standing at
 * it, proven by scanning their own rotating member code (their phone's Account › Check-in) at the tablet.
 * The code must be current and not spent, of a live account holding `attendance:kiosk` (the permission that
 * enrols a kiosk); a printed household card is refused, since a card lasts until revoked and may be lost.
 * A code that signs a kiosk out is spent, as one that collects a child is: a screenshot signs nothing out.
 * Every code that is not a volunteer's counts against the tablet (its key's thumbprint: the one thing the
 * kiosk page knows each tablet by, proven on every call), in PostgreSQL, so two servers count as one.
 */
export type KioskSignOutApproval = { ok: true; volunteerId: string } | { ok: false; refusal: IdentityError };

/** The tablet's counter: its key's JWK thumbprint, stored only as a keyed hash (lib/limits/keys.ts). */
export function kioskSignOutKey(tabletKey: string): AttemptKey {
  return attemptKey("kiosk-sign-out:tablet", tabletKey, KIOSK_SIGN_OUT_POLICY);
}

const refuse = (refusal: IdentityError): KioskSignOutApproval => ({ ok: false, refusal });

/** Whether the account holds the kiosk permission through its roles. */
async function isCheckInVolunteer(database: Database, userId: string): Promise<boolean> {
  const [row] = await database.query<{ volunteer: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1::uuid AND $2 = ANY(r.permissions)) AS volunteer`,
    [userId, KIOSK_PERMISSION],
  );
  return row?.volunteer ?? false;
}

/**
 * Checks the code a volunteer scanned to sign the tablet whose key is `tabletKey` out, and spends it. Answers
 * the volunteer, or the refusal to show (never thrown: the kiosk page's route answers it in its own shape).
 * The attempt is taken first, in the statement that checks it (decision 0031), and given back only for a
 * volunteer's code.
 */
export async function approveKioskSignOut(database: Database, tabletKey: string, volunteerCode: string, now = new Date()): Promise<KioskSignOutApproval> {
  const decision = await takeAttempt(database, [kioskSignOutKey(tabletKey)], now);
  if (!decision.allowed) {
    return refuse(tooManyRequests(decision.retryAfterSeconds, `${tooManyAttemptsMessage(decision.retryAfterSeconds)} Only a check-in volunteer's own code signs this kiosk out.`));
  }
  if (looksLikeCardCode(volunteerCode)) {
    return refuse(new IdentityError("invalid_request", KIOSK_REFUSALS.cardCannotSignOut));
  }
  const scanned = await resolveScannedCode(database, volunteerCode, now);
  if (!scanned?.code) return refuse(new IdentityError("invalid_request", KIOSK_REFUSALS.invalidVolunteerCode));
  if (!(await isCheckInVolunteer(database, scanned.userId))) {
    return refuse(new IdentityError("forbidden", KIOSK_REFUSALS.notAVolunteer));
  }
  if (!(await spendScannedCode(database, scanned))) return refuse(new IdentityError("invalid_request", KIOSK_REFUSALS.volunteerCodeSpent));
  await refundAttempt(database, decision.attempt, { now });
  return { ok: true, volunteerId: scanned.userId };
}
