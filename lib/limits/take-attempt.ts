import "server-only";
import type { Database } from "../db/database.ts";
import { TooManyAttemptsError } from "./errors.ts";
import { presentKeys, type AttemptKey } from "./keys.ts";
import { MAX_DOUBLINGS, secondsUntil } from "./policies.ts";

/**
 * Attempt limits as one atomic check-and-count (docs/decisions/0031). An attempt is taken up front: one
 * statement refuses it when a key is blocked and otherwise counts it against every key, so a burst of
 * requests through a pool, on one instance or several, is admitted exactly as many times as the same
 * requests one after another. Callers that count only failures give the attempt back when it succeeds
 * (refundAttempt); callers that count every attempt (sends, searches, starts) just take it.
 *
 * The counters and their arithmetic are those of lib/limits/policies.ts: a key's `freeFailures` counts are
 * free, each further one blocks it for `baseDelaySeconds * 2^(n - freeFailures - 1)` s (at most
 * `maxDelaySeconds`), and the count starts again once the key has been quiet for `windowSeconds` after its
 * last block ended. The attempt that starts a wait is itself admitted (its work runs, as it did when limits
 * were checked and recorded apart), and says so at once: `retryAfterSeconds` > 0.
 */

/** One key's count as this attempt left it: what a refund needs to give it back. */
export interface TakenCount {
  readonly key: AttemptKey;
  /** The count after this attempt. */
  readonly failures: number;
  /** The block this attempt's count set (in the future when it started a wait), or the one left from before. */
  readonly blockedUntil: Date | null;
  readonly takenAt: Date;
  /**
   * The counter just before this attempt, when that is known for sure (the count read with the statement's
   * snapshot plus this attempt is the count it left): a refund that finds the counter as this attempt left
   * it restores these. Null when another attempt landed in between: the refund then keeps what it cannot
   * restore exactly, erring towards the stricter.
   */
  readonly before: { blockedUntil: Date | null; updatedAt: Date | null } | null;
}

export interface Attempt {
  /** Seconds until the keys are free again because of this attempt's own count: > 0 when it started a wait. */
  readonly retryAfterSeconds: number;
  readonly taken: readonly TakenCount[];
}

export type AttemptDecision = { readonly allowed: true; readonly attempt: Attempt } | { readonly allowed: false; readonly retryAfterSeconds: number };

const policy = (column: "free" | "base" | "cap" | "quiet") => `(SELECT i.${column} FROM input i WHERE i.key = c.key)`;
/** The block after `count` counts, as policies.ts delayAfterFailures computes it. */
const blockAfter = (count: string, free: string, base: string, cap: string) =>
  `CASE WHEN ${count} > ${free} THEN $2::timestamptz + make_interval(secs => LEAST(${base} * power(2, LEAST(${count} - ${free} - 1, $3::int)), ${cap})) END`;
/** The counter has been quiet for its window since its last count or block: it starts again from one. */
const RESTARTS = `$2::timestamptz >= GREATEST(c.blocked_until, c.updated_at) + make_interval(secs => ${policy("quiet")})`;

/**
 * One statement: the keys' counters as this statement's snapshot sees them (`prior`); unless one of them is
 * blocked there, an upsert counting the attempt against each key to count, whose ON CONFLICT DO UPDATE
 * locks the key's row and re-reads its latest version, and skips it (WHERE) when it is blocked by then. So
 * concurrent attempts on one key take turns on its row lock, and none is counted past a block another one
 * set. Rows are written in key order, so two attempts over the same keys cannot deadlock.
 *   $1 keys (sorted), $2 now, $3 max doublings, $4 whether each key is counted (else only checked),
 *   $5 free counts, $6 base delays s, $7 max delays s, $8 windows s
 */
const TAKE_ATTEMPT_SQL = `
WITH input AS (
  SELECT * FROM unnest($1::text[], $4::boolean[], $5::int[], $6::float8[], $7::float8[], $8::int[]) AS i(key, counts, free, base, cap, quiet)
), prior AS (
  SELECT c.key, c.failures, c.blocked_until, c.updated_at FROM attempt_counter c WHERE c.key = ANY($1::text[])
), taken AS (
  INSERT INTO attempt_counter AS c (key, failures, window_start, blocked_until, updated_at)
  SELECT i.key, 1, $2::timestamptz, ${blockAfter("1", "i.free", "i.base", "i.cap")}, $2::timestamptz
    FROM input i
   WHERE i.counts AND NOT EXISTS (SELECT 1 FROM prior p WHERE p.blocked_until > $2::timestamptz)
   ORDER BY i.key
  ON CONFLICT (key) DO UPDATE SET
    failures = CASE WHEN ${RESTARTS} THEN 1 ELSE c.failures + 1 END,
    window_start = CASE WHEN ${RESTARTS} THEN $2::timestamptz ELSE c.window_start END,
    blocked_until = CASE WHEN ${RESTARTS} THEN ${blockAfter("1", policy("free"), policy("base"), policy("cap"))}
                         ELSE ${blockAfter("c.failures + 1", policy("free"), policy("base"), policy("cap"))} END,
    updated_at = $2::timestamptz
  WHERE c.blocked_until IS NULL OR c.blocked_until <= $2::timestamptz
  RETURNING c.key, c.failures, c.blocked_until
)
SELECT i.key, t.failures, t.blocked_until, p.failures AS prior_failures, p.blocked_until AS prior_blocked_until, p.updated_at AS prior_updated_at
  FROM input i LEFT JOIN taken t ON t.key = i.key LEFT JOIN prior p ON p.key = i.key`;

interface TakeRow {
  key: string;
  failures: number | null;
  blocked_until: Date | string | null;
  prior_failures: number | null;
  prior_blocked_until: Date | string | null;
  prior_updated_at: Date | string | null;
}

const instant = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

/** Each key once (the first policy given for it), counted if any mention counts it; in key order. */
function keyTable(counted: readonly AttemptKey[], checked: readonly AttemptKey[]): { key: AttemptKey; counts: boolean }[] {
  const table = new Map<string, { key: AttemptKey; counts: boolean }>();
  for (const key of counted) if (!table.has(key.key)) table.set(key.key, { key, counts: true });
  for (const key of checked) if (!table.has(key.key)) table.set(key.key, { key, counts: false });
  return [...table.values()].sort((a, b) => (a.key.key < b.key.key ? -1 : a.key.key > b.key.key ? 1 : 0));
}

/**
 * Takes one attempt against `keys`: refused (with the seconds until every key is free) when any of them, or
 * of `checkOnly` (keys that must be free but are not counted here, such as the password's counter when a
 * code is sent), is blocked; otherwise counted against each of `keys` at once. Null keys (an unknown IP
 * address) are left out. Not inside a transaction that may roll back: a count must outlive a failure.
 */
export async function takeAttempt(
  database: Database,
  keys: readonly (AttemptKey | null)[],
  now = new Date(),
  checkOnly: readonly (AttemptKey | null)[] = [],
): Promise<AttemptDecision> {
  const table = keyTable(presentKeys(keys), presentKeys(checkOnly));
  if (table.length === 0) return { allowed: true, attempt: { retryAfterSeconds: 0, taken: [] } };
  const rows = await database.query<TakeRow>(TAKE_ATTEMPT_SQL, [
    table.map((entry) => entry.key.key),
    now,
    MAX_DOUBLINGS,
    table.map((entry) => entry.counts),
    table.map((entry) => entry.key.policy.freeFailures),
    table.map((entry) => entry.key.policy.baseDelaySeconds),
    table.map((entry) => entry.key.policy.maxDelaySeconds),
    table.map((entry) => entry.key.policy.windowSeconds),
  ]);
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const taken: TakenCount[] = [];
  let refused = false;
  let waitSeconds = 0;
  const skipped: string[] = [];
  for (const { key, counts } of table) {
    const row = byKey.get(key.key);
    const priorBlock = secondsUntil(instant(row?.prior_blocked_until ?? null), now);
    if (priorBlock > 0) {
      refused = true;
      waitSeconds = Math.max(waitSeconds, priorBlock);
    }
    if (!counts) continue;
    if (row?.failures === null || row?.failures === undefined) {
      refused = true;
      if (priorBlock === 0) skipped.push(key.key);
      continue;
    }
    const exact = row.failures === (row.prior_failures ?? 0) + 1;
    taken.push({
      key,
      failures: row.failures,
      blockedUntil: instant(row.blocked_until),
      takenAt: now,
      before: exact ? { blockedUntil: instant(row.prior_blocked_until), updatedAt: instant(row.prior_updated_at) } : null,
    });
  }
  if (!refused) {
    const retryAfterSeconds = Math.max(0, ...taken.map((count) => secondsUntil(count.blockedUntil, now)));
    return { allowed: true, attempt: { retryAfterSeconds, taken } };
  }
  // A key blocked by another attempt after this statement's snapshot was skipped by the upsert alone: its
  // block is read now (when the snapshot saw a block, nothing was counted and its wait is known). Counts this
  // refused attempt took on its other keys are given back.
  if (skipped.length > 0 && waitSeconds === 0) {
    const blocks = await database.query<{ blocked_until: Date | string | null }>(`SELECT blocked_until FROM attempt_counter WHERE key = ANY($1::text[])`, [skipped]);
    for (const block of blocks) waitSeconds = Math.max(waitSeconds, secondsUntil(instant(block.blocked_until), now));
  }
  if (taken.length > 0) await refundAttempt(database, { retryAfterSeconds: 0, taken }, { now });
  return { allowed: false, retryAfterSeconds: Math.max(1, waitSeconds) };
}

/** takeAttempt that throws TooManyAttemptsError when refused: the first step of a limited action. */
export async function takeAttemptOrThrow(
  database: Database,
  keys: readonly (AttemptKey | null)[],
  now = new Date(),
  checkOnly: readonly (AttemptKey | null)[] = [],
): Promise<Attempt> {
  const decision = await takeAttempt(database, keys, now, checkOnly);
  if (!decision.allowed) throw new TooManyAttemptsError(decision.retryAfterSeconds);
  return decision.attempt;
}

/**
 * Gives back one key's count. When the counter is as this attempt left it (nothing counted or given back
 * since), it goes back to what it was before: the wait this attempt started gone, the quiet window measured
 * again from the last count that still stands. Otherwise the count drops by one, the wait this attempt
 * started ends now if it still stands, and any other wait ends now when the count left no longer reaches
 * past the free ones.
 *   $1 key, $2 refund time, $3 count after the attempt, $4 its block, $5 taken at, $6 whether `before` is
 *   known, $7 block before, $8 last count before, $9 free counts
 */
const UNCHANGED = `$6::boolean AND c.failures = $3::int AND c.updated_at = $5::timestamptz AND c.blocked_until IS NOT DISTINCT FROM $4::timestamptz`;
const REFUND_SQL = `
UPDATE attempt_counter c SET
  failures = GREATEST(c.failures - 1, 0),
  updated_at = CASE WHEN ${UNCHANGED} THEN COALESCE($8::timestamptz, c.updated_at) ELSE c.updated_at END,
  blocked_until = CASE
    WHEN ${UNCHANGED} THEN $7::timestamptz
    WHEN $4::timestamptz > $5::timestamptz AND c.blocked_until = $4::timestamptz THEN LEAST(c.blocked_until, $2::timestamptz)
    WHEN c.failures - 1 <= $9::int AND c.blocked_until > $2::timestamptz THEN $2::timestamptz
    ELSE c.blocked_until END
WHERE c.key = $1 AND c.failures > 0`;

/**
 * Gives an attempt back (it turned out not to count: a right password, a refused request that sent nothing),
 * on every key it was counted against or only on `keys`; answers what is left of it (its Retry-After from the
 * keys it still counts on). One statement per key; a key cleared meanwhile (clearAttempts) has nothing to
 * give back.
 */
export async function refundAttempt(
  database: Database,
  attempt: Attempt,
  options: { keys?: readonly (AttemptKey | null)[]; now?: Date } = {},
): Promise<Attempt> {
  const only = options.keys ? new Set(presentKeys(options.keys).map((key) => key.key)) : null;
  const now = options.now ?? new Date();
  const kept: TakenCount[] = [];
  for (const count of attempt.taken) {
    if (only && !only.has(count.key.key)) {
      kept.push(count);
      continue;
    }
    await database.query(REFUND_SQL, [
      count.key.key,
      now,
      count.failures,
      count.blockedUntil,
      count.takenAt,
      count.before !== null,
      count.before?.blockedUntil ?? null,
      count.before?.updatedAt ?? null,
      count.key.policy.freeFailures,
    ]);
  }
  return { retryAfterSeconds: Math.max(0, ...kept.map((count) => secondsUntil(count.blockedUntil, count.takenAt))), taken: kept };
}
