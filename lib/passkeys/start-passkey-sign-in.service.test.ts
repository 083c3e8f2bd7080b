import { randomInt } from "node:crypto";
import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { failure } from "../db/test-fixtures.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { newChallengeBinding, EXPIRED_CHALLENGES_PER_CALL, CHALLENGE_SECONDS } from "./challenges.ts";
import { PASSKEY_CHALLENGE_IP_POLICY, startPasskeySignIn } from "./start-passkey-sign-in.ts";

// POST /auth/passkey/options without a challenge cookie stores a challenge row for a new browser binding
// (lib/passkeys/challenges.ts). Those are limited per client address, and each clears expired rows.
const database = serviceTestDatabase();

/** An address of one test's own (documentation ranges), so the tests' counters never meet. */
const someAddress = (prefix: string) => ({ ip: `${prefix}.${randomInt(1, 255)}`, userAgent: "passkey-options-test" });
const challengeRows = async (where = "true", params: unknown[] = []) => (await database.query<{ n: number }>(`SELECT count(*)::int AS n FROM webauthn_challenge WHERE ${where}`, params))[0]!.n;

describe("passkey sign-in options for a browser without a challenge", () => {
  it("are limited per address: the free ones and the one that starts the wait, also when they come at once; a browser that has a binding is not", async () => {
    const context = someAddress("198.51.100");
    const now = new Date();
    const before = await challengeRows();
    const ask = (binding = newChallengeBinding(), newBinding = true, from = context) => startPasskeySignIn(database, { binding, newBinding, context: from }, now);

    const first = await ask();
    expect(first.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    for (let count = 2; count < PASSKEY_CHALLENGE_IP_POLICY.freeFailures; count += 1) await ask();
    // The last free one and the one that starts the wait come together with ten more: two of the twelve go through.
    const burst = await Promise.allSettled(Array.from({ length: 12 }, () => ask()));
    expect(burst.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(2);
    const refused = burst.flatMap((outcome) => (outcome.status === "rejected" ? [outcome.reason as unknown] : []));
    expect(refused.every((error) => error instanceof TooManyAttemptsError && error.retryAfterSeconds === PASSKEY_CHALLENGE_IP_POLICY.baseDelaySeconds)).toBe(true);
    expect(await challengeRows()).toBe(before + PASSKEY_CHALLENGE_IP_POLICY.freeFailures + 1);

    // Refused until the wait is over; a browser with its binding replaces its challenge meanwhile; other addresses are free.
    expect(await failure(ask())).toBeInstanceOf(TooManyAttemptsError);
    const kept = newChallengeBinding();
    await startPasskeySignIn(database, { binding: kept, newBinding: true, context: someAddress("192.0.2") }, now);
    await ask(kept, false);
    expect(await challengeRows()).toBe(before + PASSKEY_CHALLENGE_IP_POLICY.freeFailures + 2);
    const later = new Date(now.getTime() + PASSKEY_CHALLENGE_IP_POLICY.baseDelaySeconds * 1000);
    expect((await startPasskeySignIn(database, { binding: newChallengeBinding(), newBinding: true, context }, later)).challenge).toBeTruthy();
  });

  it("clear expired challenges of anyone's as they go, a batch at a time, and never a live one", async () => {
    const now = new Date();
    const expired = EXPIRED_CHALLENGES_PER_CALL + 7;
    for (let row = 0; row < expired; row += 1) {
      await database.query(`INSERT INTO webauthn_challenge (purpose, binding_hash, challenge, expires_at, created_at) VALUES ('authentication', $1, 'c', $2, $3)`, [
        `expired-${row}-${newChallengeBinding()}`,
        new Date(now.getTime() - 1000),
        new Date(now.getTime() - CHALLENGE_SECONDS * 1000 - 1000),
      ]);
    }
    const expiredRows = () => challengeRows("expires_at < $1", [now]);
    const liveRows = () => challengeRows("expires_at >= $1", [now]);
    expect(await expiredRows()).toBe(expired);
    const binding = newChallengeBinding();
    const from = someAddress("203.0.113");
    const live = await liveRows();
    await startPasskeySignIn(database, { binding, newBinding: true, context: from }, now);
    expect(await expiredRows()).toBe(expired - EXPIRED_CHALLENGES_PER_CALL);
    // The same browser again, with its binding: its challenge is replaced (no new row), and nothing is cleared.
    await startPasskeySignIn(database, { binding, newBinding: false, context: from }, now);
    expect([await expiredRows(), await liveRows()]).toEqual([expired - EXPIRED_CHALLENGES_PER_CALL, live + 1]);
    await startPasskeySignIn(database, { binding: newChallengeBinding(), newBinding: true, context: from }, now);
    expect([await expiredRows(), await liveRows()]).toEqual([0, live + 2]);
  });
});
