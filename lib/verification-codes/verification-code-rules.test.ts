import { describe, expect, it } from "vitest";
import { CODE_TTL_SECONDS, MAX_CODE_ATTEMPTS, judgeCodeAttempt, type CodeRowState } from "./verification-code-rules.ts";

const now = new Date("2026-03-01T10:00:00Z");
const live = (attempts = 0): CodeRowState => ({ attempts, expiresAt: new Date(now.getTime() + CODE_TTL_SECONDS * 1000), usedAt: null });

describe("judgeCodeAttempt", () => {
  it("accepts the right code while it is live", () => {
    expect(judgeCodeAttempt(live(), true, now)).toEqual({ outcome: "accepted" });
    expect(judgeCodeAttempt(live(4), true, now)).toEqual({ outcome: "accepted" });
  });

  it("counts wrong codes and says how many tries are left", () => {
    expect(judgeCodeAttempt(live(0), false, now)).toEqual({ outcome: "wrong", attempts: 1, attemptsLeft: 4 });
    expect(judgeCodeAttempt(live(3), false, now)).toEqual({ outcome: "wrong", attempts: 4, attemptsLeft: 1 });
  });

  it("kills the code on the fifth wrong attempt, and refuses even the right code after that", () => {
    expect(MAX_CODE_ATTEMPTS).toBe(5);
    expect(judgeCodeAttempt(live(4), false, now)).toEqual({ outcome: "dead", reason: "exhausted", attempts: 5 });
    expect(judgeCodeAttempt(live(5), true, now)).toEqual({ outcome: "dead", reason: "exhausted" });
    // Out of tries is said even once the code has also expired: the member was told to ask for a new one.
    expect(judgeCodeAttempt({ ...live(5), expiresAt: now }, false, now)).toEqual({ outcome: "dead", reason: "exhausted" });
  });

  it("refuses an expired, used or missing code whatever is typed", () => {
    expect(judgeCodeAttempt({ ...live(), expiresAt: now }, true, now)).toEqual({ outcome: "dead", reason: "expired" });
    expect(judgeCodeAttempt({ ...live(), usedAt: new Date(now.getTime() - 1000) }, true, now)).toEqual({ outcome: "dead", reason: "used" });
    expect(judgeCodeAttempt(null, true, now)).toEqual({ outcome: "dead", reason: "none" });
  });

  it("lives exactly 10 minutes", () => {
    const issued = new Date(now.getTime() - CODE_TTL_SECONDS * 1000 + 1);
    const row = { attempts: 0, usedAt: null, expiresAt: new Date(issued.getTime() + CODE_TTL_SECONDS * 1000) };
    expect(judgeCodeAttempt(row, true, now).outcome).toBe("accepted");
    expect(judgeCodeAttempt(row, true, new Date(now.getTime() + 1)).outcome).toBe("dead");
  });
});
