import "server-only";
import type { Database } from "../db/database.ts";
import { presentKeys, type AttemptKey } from "./keys.ts";
import { MAX_DOUBLINGS, secondsUntil } from "./policies.ts";

export interface FailureRecord {
  /** Failures counted per key, in the order of the keys given (unknown keys left out). */
  failures: number[];
  /** Seconds until every key is free again after this failure; 0 when the failure was still free. */
  retryAfterSeconds: number;
}

/**
 * One statement per key, atomic in PostgreSQL: `ON CONFLICT DO UPDATE` locks the row, so two server
 * instances counting the same key at once both land (no lost update). The count restarts when the key has
 * been quiet for the policy's window after its last block ended. The block is computed from the new count
 * with the formula of policies.ts delayAfterFailures.
 *   $1 key, $2 now, $3 free failures, $4 base delay s, $5 max delay s, $6 window s, $7 max doublings
 */
const RECORD_FAILURE_SQL = `
INSERT INTO attempt_counter AS c (key, failures, window_start, blocked_until, updated_at)
VALUES (
  $1, 1, $2::timestamptz,
  CASE WHEN 1 > $3::int
       THEN $2::timestamptz + make_interval(secs => LEAST($4::float8 * power(2, LEAST(1 - $3::int - 1, $7::int)), $5::float8))
  END,
  $2::timestamptz
)
ON CONFLICT (key) DO UPDATE SET
  failures = CASE WHEN $2::timestamptz >= GREATEST(c.blocked_until, c.updated_at) + make_interval(secs => $6::int)
                  THEN 1 ELSE c.failures + 1 END,
  window_start = CASE WHEN $2::timestamptz >= GREATEST(c.blocked_until, c.updated_at) + make_interval(secs => $6::int)
                      THEN $2::timestamptz ELSE c.window_start END,
  blocked_until = CASE
    WHEN $2::timestamptz >= GREATEST(c.blocked_until, c.updated_at) + make_interval(secs => $6::int) THEN
      CASE WHEN 1 > $3::int
           THEN $2::timestamptz + make_interval(secs => LEAST($4::float8 * power(2, LEAST(1 - $3::int - 1, $7::int)), $5::float8))
      END
    WHEN c.failures + 1 > $3::int
      THEN $2::timestamptz + make_interval(secs => LEAST($4::float8 * power(2, LEAST(c.failures + 1 - $3::int - 1, $7::int)), $5::float8))
  END,
  updated_at = $2::timestamptz
RETURNING failures, blocked_until`;

/**
 * Counts one failure against each key and answers how long the caller must now wait.
 * @deprecated Counting after a separate check lets a concurrent burst slip past the limit: take the attempt
 * up front with takeAttempt (take-attempt.ts), which checks and counts in one statement, and give it back
 * on success. Kept only for lib/check-in/guess-limits.ts until it is rewritten.
 */
export async function recordFailure(database: Database, keys: readonly (AttemptKey | null)[], now = new Date()): Promise<FailureRecord> {
  const present = presentKeys(keys);
  const rows = await Promise.all(
    present.map(async ({ key, policy }) => {
      const [row] = await database.query<{ failures: number; blocked_until: Date | null }>(RECORD_FAILURE_SQL, [
        key,
        now,
        policy.freeFailures,
        policy.baseDelaySeconds,
        policy.maxDelaySeconds,
        policy.windowSeconds,
        MAX_DOUBLINGS,
      ]);
      return row ?? { failures: 0, blocked_until: null };
    }),
  );
  const retryAfterSeconds = Math.max(0, ...rows.map((row) => secondsUntil(row.blocked_until ? new Date(row.blocked_until) : null, now)));
  return { failures: rows.map((row) => row.failures), retryAfterSeconds };
}
