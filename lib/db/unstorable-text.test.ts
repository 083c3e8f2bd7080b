import { describe, expect, it } from "vitest";
import { isUnstorableText } from "./unstorable-text.ts";

describe("isUnstorableText", () => {
  it("recognises PostgreSQL's refusal of a NUL character, bare or wrapped by Prisma", () => {
    const pgError = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: "22021" });
    expect(isUnstorableText(pgError)).toBe(true);
    expect(isUnstorableText(Object.assign(new Error("Invalid `prisma.client.findUnique()` invocation"), { cause: pgError }))).toBe(true);
    expect(isUnstorableText(Object.assign(new Error("x"), { originalCode: "22P05" }))).toBe(true);
    // What Prisma threw when /oauth/authorize parked a request whose state held a NUL (jsonb).
    expect(isUnstorableText(new Error("Invalid `prisma.authorizationRequest.create()` invocation:\n\nDatabase error. Code: `22P05`. Message: `unsupported Unicode escape sequence`"))).toBe(true);
  });

  it("leaves every other error alone", () => {
    expect(isUnstorableText(Object.assign(new Error("duplicate key"), { code: "23505" }))).toBe(false);
    expect(isUnstorableText(new Error("Connection terminated unexpectedly"))).toBe(false);
    expect(isUnstorableText(null)).toBe(false);
  });
});
