import { describe, expect, it } from "vitest";
import {
  ACCOUNT_POLICY,
  CODE_SEND_POLICY,
  IP_POLICY,
  delayAfterFailures,
  secondsUntil,
  tooManyAttemptsMessage,
} from "./policies.ts";

describe("delayAfterFailures", () => {
  it.each([
    [1, 0],
    [5, 0],
    [6, 2],
    [7, 4],
    [8, 8],
    [14, 512],
    [15, 900],
    [100, 900],
    [1_000_000, 900],
  ])("account: after %i failures the account waits %i s (2^(n-5), at most 15 min)", (failures, seconds) => {
    expect(delayAfterFailures(ACCOUNT_POLICY, failures)).toBe(seconds);
  });

  it("IP: 50 free failures, then doubling from 2 s", () => {
    expect(delayAfterFailures(IP_POLICY, 50)).toBe(0);
    expect(delayAfterFailures(IP_POLICY, 51)).toBe(2);
    expect(delayAfterFailures(IP_POLICY, 52)).toBe(4);
  });

  it("code sending: 3 free, then 1, 2, 4 minutes, at most 15", () => {
    expect([3, 4, 5, 6, 7, 8].map((n) => delayAfterFailures(CODE_SEND_POLICY, n))).toEqual([0, 60, 120, 240, 480, 900]);
  });

  it("never blocks longer than the cap: no permanent lock-out", () => {
    for (const policy of [ACCOUNT_POLICY, IP_POLICY, CODE_SEND_POLICY]) {
      for (let n = 0; n < 500; n += 1) expect(delayAfterFailures(policy, n)).toBeLessThanOrEqual(policy.maxDelaySeconds);
    }
  });
});

describe("secondsUntil", () => {
  const now = new Date("2026-01-01T00:00:00.000Z");
  it("rounds up, so a caller never retries a moment too early", () => {
    expect(secondsUntil(new Date("2026-01-01T00:00:01.200Z"), now)).toBe(2);
    expect(secondsUntil(new Date("2026-01-01T00:00:00.001Z"), now)).toBe(1);
  });
  it("is 0 for a past or missing block", () => {
    expect(secondsUntil(null, now)).toBe(0);
    expect(secondsUntil(new Date("2025-12-31T23:59:59Z"), now)).toBe(0);
    expect(secondsUntil(now, now)).toBe(0);
  });
});

describe("tooManyAttemptsMessage", () => {
  it.each([
    [1, "Too many attempts. Try again in 1 second."],
    [2, "Too many attempts. Try again in 2 seconds."],
    [59, "Too many attempts. Try again in 59 seconds."],
    [60, "Too many attempts. Try again in 1 minute."],
    [61, "Too many attempts. Try again in 2 minutes."],
    [900, "Too many attempts. Try again in 15 minutes."],
  ])("%i s → %s", (seconds, message) => {
    expect(tooManyAttemptsMessage(seconds)).toBe(message);
  });
});
