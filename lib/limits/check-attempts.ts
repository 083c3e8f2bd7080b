import "server-only";
import { sql } from "../db.ts";
import { TooManyAttemptsError } from "./errors.ts";
import { presentKeys, type AttemptKey } from "./keys.ts";
import { secondsUntil } from "./policies.ts";

export interface AttemptStatus {
  allowed: boolean;
  /** Seconds until every key is free again; 0 when allowed. */
  retryAfterSeconds: number;
}

/** Whether an attempt may go ahead now: none of the keys is inside a block. */
export async function checkAttempts(keys: readonly (AttemptKey | null)[], now = new Date()): Promise<AttemptStatus> {
  const present = presentKeys(keys);
  if (present.length === 0) return { allowed: true, retryAfterSeconds: 0 };
  const rows = await sql<{ blocked_until: Date | null }>(
    `SELECT max(blocked_until) AS blocked_until FROM attempt_counter
      WHERE key = ANY($1::text[]) AND blocked_until > $2::timestamptz`,
    [present.map((key) => key.key), now],
  );
  const blockedUntil = rows[0]?.blocked_until;
  const retryAfterSeconds = secondsUntil(blockedUntil ? new Date(blockedUntil) : null, now);
  return { allowed: retryAfterSeconds === 0, retryAfterSeconds };
}

/** checkAttempts that throws TooManyAttemptsError when blocked: the first step of every limited action. */
export async function assertAttemptsAllowed(keys: readonly (AttemptKey | null)[], now = new Date()): Promise<void> {
  const status = await checkAttempts(keys, now);
  if (!status.allowed) throw new TooManyAttemptsError(status.retryAfterSeconds);
}
