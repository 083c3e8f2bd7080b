import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * lib/security-log/record-security-event.ts is the one writer of the member's security log: a row written
 * anywhere else (an inline INSERT, a Prisma create) could miss the masking and type rules the log keeps, and
 * the next reader would not find it by name.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const OWNER = "lib/security-log/record-security-event.ts";
const WRITES = /\bINSERT\s+INTO\s+security_event\b|\bsecurityEvent\.(?:create|createMany|upsert|update|updateMany)\b/i;

function sourceFilesUnder(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "generated" || entry.name === "node_modules" ? [] : sourceFilesUnder(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

describe("the security log", () => {
  it("is written only by lib/security-log/record-security-event.ts", () => {
    const writers = ["lib", "app", "server", "components"].flatMap(sourceFilesUnder).filter((file) => file !== OWNER && WRITES.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(writers, "write security_event rows themselves").toEqual([]);
  });
});
