import "server-only";
import type { Database } from "../db/database.ts";
import { tooManyRequests } from "../identity/errors.ts";
import { assertAttemptsAllowed } from "../limits/check-attempts.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { attemptKey } from "../limits/keys.ts";
import type { AttemptPolicy } from "../limits/policies.ts";
import { recordFailure } from "../limits/record-failure.ts";

/**
 * Wrong security codes, unknown member codes and phone searches that find nobody, per kiosk: a lobby makes a
 * few typos a minute at most; guessing the 331,776 codes of a day is slowed to nothing (docs/decisions/0023).
 */
export const KIOSK_GUESS_POLICY: AttemptPolicy = { freeFailures: 20, baseDelaySeconds: 5, maxDelaySeconds: 15 * 60, windowSeconds: 15 * 60 };

export function kioskGuessKey(purpose: "code" | "household", clientId: string) {
  return attemptKey(`check-in-${purpose}:kiosk`, clientId, KIOSK_GUESS_POLICY);
}

/** Refuses while the kiosk is blocked: 429 with Retry-After in the identity shape. */
export async function assertKioskMayGuess(database: Database, key: ReturnType<typeof kioskGuessKey>): Promise<void> {
  try {
    await assertAttemptsAllowed(database, [key]);
  } catch (error) {
    if (error instanceof TooManyAttemptsError) throw tooManyRequests(error.retryAfterSeconds, "too many wrong codes or searches at this kiosk; try again later");
    throw error;
  }
}

export async function recordKioskMiss(database: Database, key: ReturnType<typeof kioskGuessKey>): Promise<void> {
  await recordFailure(database, [key]);
}
