import "server-only";
import type { Database } from "../db/database.ts";
import { TooManyAttemptsError } from "./errors.ts";
import { presentKeys, type AttemptKey } from "./keys.ts";
import { secondsUntil } from "./policies.ts";

export interface AttemptStatus {
  allowed: boolean;
  /** Seconds until every key is free again; 0 when allowed. */
  retryAfterSeconds: number;
  /** Keys that have a counter at all (recent failures): only those need clearing after a success. */
  countedKeys: ReadonlySet<string>;
}

/** Whether an attempt may go ahead now: none of the keys is inside a block. */
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

/** checkAttempts that throws TooManyAttemptsError when blocked: the first step of every limited action. */
export async function assertAttemptsAllowed(database: Database, keys: readonly (AttemptKey | null)[], now = new Date()): Promise<AttemptStatus> {
  const status = await checkAttempts(database, keys, now);
  if (!status.allowed) throw new TooManyAttemptsError(status.retryAfterSeconds);
  return status;
}
