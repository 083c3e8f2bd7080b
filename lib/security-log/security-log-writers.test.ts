import { describe, expect, it } from "vitest";
import { writersOtherThan } from "../kernel/owned-writes.ts";

/**
 * lib/security-log/record-security-event.ts is the one writer of the member's security log: a row written
 * anywhere else (an inline INSERT, a Prisma create) could miss the masking and type rules the log keeps, and
 * the next reader would not find it by name.
 */

const OWNER = "lib/security-log/record-security-event.ts";
const WRITES = /\bINSERT\s+INTO\s+security_event\b|\bsecurityEvent\.(?:create|createMany|upsert|update|updateMany)\b/i;


describe("the security log", () => {
  it("is written only by lib/security-log/record-security-event.ts", () => {
    const writers = writersOtherThan([OWNER], (source) => WRITES.test(source));
    expect(writers, "write security_event rows themselves").toEqual([]);
  });
});
