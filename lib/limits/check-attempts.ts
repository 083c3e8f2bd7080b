import "server-only";
import type { Database } from "../db/database.ts";
import { presentKeys, type AttemptKey } from "./keys.ts";
import { secondsUntil } from "./policies.ts";

export interface AttemptStatus {
  allowed: boolean;
  /** Seconds until every key is free again; 0 when allowed. */
  retryAfterSeconds: number;
  /** Keys that have a counter at all (recent failures): only those need clearing after a success. */
  countedKeys: ReadonlySet<string>;
}

/**
 * Whether the keys are free now, and if not for how long: a read, for telling someone when to come back (a
 * code out of tries: when the next may be sent). Never the guard of an attempt: checking here and counting
 * after lets a burst through the pool pass the check before any of it is counted. An attempt is guarded by
 * takeAttempt (take-attempt.ts), which checks and counts in one statement (docs/decisions/0031).
 */
export async function checkAttempts(database: Database, keys: readonly (AttemptKey | null)[], now = new Date()): Promise<AttemptStatus> {
  const present = presentKeys(keys);
  if (present.length === 0) return { allowed: true, retryAfterSeconds: 0, countedKeys: new Set() };
  const rows = await database.query<{ key: string; blocked_until: Date | null }>(
    `SELECT key, blocked_until FROM attempt_counter WHERE key = ANY($1::text[])`,
    [present.map((key) => key.key)],
  );
  let blockedUntil: Date | null = null;
  for (const row of rows) {
    const until = row.blocked_until ? new Date(row.blocked_until) : null;
    if (until && until > now && (!blockedUntil || until > blockedUntil)) blockedUntil = until;
  }
  const retryAfterSeconds = secondsUntil(blockedUntil, now);
  return { allowed: retryAfterSeconds === 0, retryAfterSeconds, countedKeys: new Set(rows.map((row) => row.key)) };
}
