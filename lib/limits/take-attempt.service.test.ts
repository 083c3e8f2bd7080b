import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { TooManyAttemptsError } from "./errors.ts";
import { attemptKey, type AttemptKey } from "./keys.ts";
import { ACCOUNT_POLICY, IP_POLICY, delayAfterFailures } from "./policies.ts";
import { refundAttempt, takeAttempt, takeAttemptOrThrow, type AttemptDecision } from "./take-attempt.ts";

// The attempt limits' one statement (docs/decisions/0031) on a database with every migration: the arithmetic
// of policies.ts one attempt after another, what a refund gives back, and bursts of concurrent attempts
// through the pool (on PostgreSQL, four connections) admitted exactly as often as the same attempts in turn.
const database = serviceTestDatabase();

const accountKey = (): AttemptKey => attemptKey("test:account", randomUUID(), ACCOUNT_POLICY);
const ipKey = (): AttemptKey => attemptKey("test:ip", randomUUID(), IP_POLICY);
const seconds = (from: Date, count: number) => new Date(from.getTime() + count * 1000);

async function counter(key: AttemptKey): Promise<{ failures: number; blocked_until: Date | null; updated_at: Date } | null> {
  const [row] = await database.query<{ failures: number; blocked_until: Date | string | null; updated_at: Date | string }>(
    `SELECT failures, blocked_until, updated_at FROM attempt_counter WHERE key = $1`,
    [key.key],
  );
  return row ? { failures: row.failures, blocked_until: row.blocked_until === null ? null : new Date(row.blocked_until), updated_at: new Date(row.updated_at) } : null;
}

const allowed = (decision: AttemptDecision) => (decision.allowed ? decision.attempt.retryAfterSeconds : null);

describe("takeAttempt, one attempt after another", () => {
  it("counts with policies.ts's arithmetic: free ones, then the attempt that starts each wait is admitted and says how long", async () => {
    const key = accountKey();
    let now = new Date();
    for (let count = 1; count <= 20; count += 1) {
      const decision = await takeAttempt(database, [key], now);
      // Every attempt here comes once the last wait is over: admitted, and told the wait its own count starts.
      expect([count, allowed(decision)]).toEqual([count, delayAfterFailures(ACCOUNT_POLICY, count)]);
      const wait = delayAfterFailures(ACCOUNT_POLICY, count);
      if (wait > 0) {
        // Inside the wait: refused with the seconds left, and not counted.
        const early = await takeAttempt(database, [key], seconds(now, wait - 1));
        expect(early).toEqual({ allowed: false, retryAfterSeconds: 1 });
        expect((await counter(key))?.failures).toBe(count);
      }
      now = seconds(now, wait);
    }
    expect((await counter(key))?.failures).toBe(20);
    // Quiet for the window after the last wait ended: the count starts again.
    const later = seconds(now, ACCOUNT_POLICY.windowSeconds);
    expect(allowed(await takeAttempt(database, [key], later))).toBe(0);
    expect((await counter(key))?.failures).toBe(1);
  });

  it("refuses when any key is blocked and then counts nothing on any of them; a key only checked is never counted", async () => {
    const [account, ip, checked] = [accountKey(), ipKey(), accountKey()];
    const now = new Date();
    for (let count = 0; count <= ACCOUNT_POLICY.freeFailures; count += 1) await takeAttempt(database, [account], now);
    expect(await takeAttempt(database, [account, ip], now)).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(await counter(ip)).toBeNull();
    expect((await counter(account))?.failures).toBe(ACCOUNT_POLICY.freeFailures + 1);

    expect(await takeAttempt(database, [ip], now, [account])).toEqual({ allowed: false, retryAfterSeconds: 2 });
    expect(await counter(ip)).toBeNull();
    expect(allowed(await takeAttempt(database, [ip], now, [checked]))).toBe(0);
    expect(await counter(checked)).toBeNull();
    expect((await counter(ip))?.failures).toBe(1);
    // Null keys (an unknown IP address) are left out; nothing to count is always allowed.
    expect(allowed(await takeAttempt(database, [null], now))).toBe(0);
    await expect(takeAttemptOrThrow(database, [account], now)).rejects.toBeInstanceOf(TooManyAttemptsError);
  });
});

describe("refundAttempt", () => {
  it("gives back the attempt that started a wait: the wait goes, the next attempt starts it again", async () => {
    const key = accountKey();
    const now = new Date();
    for (let count = 1; count <= ACCOUNT_POLICY.freeFailures; count += 1) await takeAttempt(database, [key], now);
    const before = await counter(key);
    const decision = await takeAttempt(database, [key], seconds(now, 1));
    expect(allowed(decision)).toBe(2);
    await refundAttempt(database, (decision as { attempt: Parameters<typeof refundAttempt>[1] }).attempt, { now: seconds(now, 1) });
    expect(await counter(key)).toEqual(before);
    expect(allowed(await takeAttempt(database, [key], seconds(now, 1)))).toBe(2);
  });

  it("keeps the quiet window where the failures left it: a success in between does not stretch it", async () => {
    const key = accountKey();
    const start = new Date();
    for (let count = 1; count <= ACCOUNT_POLICY.freeFailures; count += 1) await takeAttempt(database, [key], start);
    // A success ten minutes later: taken and given back.
    const success = await takeAttemptOrThrow(database, [key], seconds(start, 600));
    await refundAttempt(database, success, { now: seconds(start, 600) });
    // Fifteen minutes after the failures: the count starts again, as if the success had never been counted.
    expect(allowed(await takeAttempt(database, [key], seconds(start, ACCOUNT_POLICY.windowSeconds)))).toBe(0);
    expect((await counter(key))?.failures).toBe(1);
  });

  it("ends a wait another attempt started when the count given back leaves no reason for it; gives back only the keys named", async () => {
    const [key, ip] = [accountKey(), ipKey()];
    const now = new Date();
    for (let count = 1; count < ACCOUNT_POLICY.freeFailures; count += 1) await takeAttempt(database, [key], now);
    const first = await takeAttemptOrThrow(database, [key, ip], now);
    const second = await takeAttemptOrThrow(database, [key], now);
    expect([first.retryAfterSeconds, second.retryAfterSeconds]).toEqual([0, 2]);
    await refundAttempt(database, first, { now, keys: [key] });
    expect(await counter(key)).toMatchObject({ failures: ACCOUNT_POLICY.freeFailures, blocked_until: now });
    expect((await counter(ip))?.failures).toBe(1);
    expect(allowed(await takeAttempt(database, [key], now))).toBe(2);
  });
});

describe("a burst of concurrent attempts", () => {
  it("on one key is admitted exactly as often as one after another: the free ones and the one that starts the wait", async () => {
    const key = accountKey();
    const now = new Date();
    const decisions = await Promise.all(Array.from({ length: 40 }, () => takeAttempt(database, [key], now)));
    const admitted = decisions.filter((decision) => decision.allowed);
    expect(admitted).toHaveLength(ACCOUNT_POLICY.freeFailures + 1);
    expect(admitted.map((decision) => allowed(decision)).sort()).toEqual([0, 0, 0, 0, 0, 2]);
    expect(decisions.filter((decision) => !decision.allowed).every((decision) => !decision.allowed && decision.retryAfterSeconds === 2)).toBe(true);
    expect((await counter(key))?.failures).toBe(ACCOUNT_POLICY.freeFailures + 1);
  });

  it("over a shared key and keys of their own (many accounts from one address) counts the shared key exactly, without a deadlock", async () => {
    const shared = ipKey();
    const now = new Date();
    const decisions = await Promise.all(Array.from({ length: 80 }, () => takeAttempt(database, [accountKey(), shared], now)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(IP_POLICY.freeFailures + 1);
    expect((await counter(shared))?.failures).toBe(IP_POLICY.freeFailures + 1);
  });

  it("over two shared keys is admitted as the stricter allows, and a refused attempt leaves no count on the other", async () => {
    const [account, ip] = [accountKey(), ipKey()];
    const now = new Date();
    const decisions = await Promise.all(Array.from({ length: 40 }, () => takeAttempt(database, [account, ip], now)));
    expect(decisions.filter((decision) => decision.allowed)).toHaveLength(ACCOUNT_POLICY.freeFailures + 1);
    expect((await counter(account))?.failures).toBe(ACCOUNT_POLICY.freeFailures + 1);
    expect((await counter(ip))?.failures).toBe(ACCOUNT_POLICY.freeFailures + 1);
  });

  it("of successes, each given back, leaves the counters as it found them", async () => {
    const [key, ip] = [accountKey(), ipKey()];
    const now = new Date();
    const succeed = async () => {
      const attempt = await takeAttemptOrThrow(database, [key, ip], now);
      await refundAttempt(database, attempt, { now });
    };
    for (let round = 0; round < 5; round += 1) await Promise.all(Array.from({ length: 4 }, succeed));
    expect(await counter(key)).toMatchObject({ failures: 0, blocked_until: null });
    expect(await counter(ip)).toMatchObject({ failures: 0, blocked_until: null });
  });
});
