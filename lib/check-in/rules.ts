import type { AttemptPolicy } from "../limits/policies.ts";

/**
 * Check-in's numbers and formats (docs/decisions/0023), pure, so the endpoint definitions and pages that
 * describe them read the same values as the services that apply them.
 */

/** A member's rotating check-in code lives 5 minutes; their page shows a fresh one every minute. */
export const MEMBER_CODE_LIFETIME_SECONDS = 300;

/** What a household card's QR holds before its 32 base32 capitals (lib/check-in/card-code.ts). */
export const CARD_CODE_PREFIX = "CARD-";

/**
 * A child's security code: 4 characters without look-alikes (no 0/O, 1/I/L, 2/Z, 5/S, 6/G, 8/B), read aloud and
 * compared at a busy door. The migration's CHECK holds the same alphabet.
 */
export const SECURITY_CODE_ALPHABET = "ACDEFGHJKMNPQRTUVWXY3479";
export const SECURITY_CODE_LENGTH = 4;

/** Rows of one attendance CSV at most. */
export const MAX_CSV_ROWS = 50_000;

/**
 * What a kiosk tablet may get wrong (docs/decisions/0023, "Limits and alerts"), counted per tablet:
 * - wrong scans and wrong texted codes: 20 free, then waits from 5 s doubling to 15 minutes;
 * - phone searches, found or not: each texts a code, so 30 free in a quarter-hour at one tablet, then a
 *   minute doubling (a busy Sunday lobby has most parents scan their code; the phone is the fallback).
 */
export const KIOSK_MISS_POLICY: AttemptPolicy = { freeFailures: 20, baseDelaySeconds: 5, maxDelaySeconds: 15 * 60, windowSeconds: 15 * 60 };
export const KIOSK_PHONE_SEARCH_POLICY: AttemptPolicy = { freeFailures: 30, baseDelaySeconds: 60, maxDelaySeconds: 15 * 60, windowSeconds: 15 * 60 };

/**
 * Signing a kiosk out needs a check-in volunteer's own code (docs/decisions/0023, "Signing a kiosk out"),
 * counted per tablet (its key): 5 codes that are not a volunteer's current code, then waits from 30 s
 * doubling to 15 minutes. A volunteer gets it right first time; a stranger trying codes is slowed at once.
 */
export const KIOSK_SIGN_OUT_POLICY: AttemptPolicy = { freeFailures: 5, baseDelaySeconds: 30, maxDelaySeconds: 15 * 60, windowSeconds: 15 * 60 };
