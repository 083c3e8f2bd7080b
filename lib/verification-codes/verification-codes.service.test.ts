import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "../db/service-test.ts";
import { consumeVerificationCode, issueVerificationCode, type CodeTarget } from "./verification-codes.ts";

const database = serviceTestDatabase();

const target: CodeTarget = { purpose: "email_verification", subject: "jane@example.org", binding: "browser" };
const issue = (sentTo: string) => database.transaction((tx) => issueVerificationCode(tx, { ...target, sentTo }));
const other = (code: string) => (code === "000000" ? "000001" : "000000");

describe("verification codes", () => {
  it("count wrong guesses under the row lock, accept the right code once, and only the newest", async () => {
    const first = await issue("jane@example.org");
    const code = await issue("jane@example.org");
    expect(await consumeVerificationCode(database, target, first === code ? other(code) : first)).toEqual({ outcome: "wrong", attempts: 1, attemptsLeft: 4 });
    expect(await consumeVerificationCode(database, { ...target, binding: "another browser" }, code)).toEqual({ outcome: "wrong", attempts: 2, attemptsLeft: 3 });
    expect(await consumeVerificationCode(database, target, code)).toEqual({ outcome: "accepted", sentTo: "jane@example.org" });
    expect(await consumeVerificationCode(database, target, code)).toEqual({ outcome: "dead", reason: "used" });
    expect(await consumeVerificationCode(database, { ...target, subject: "nobody@example.org" }, code)).toEqual({ outcome: "dead", reason: "none" });
  });

  it("issued twice in one millisecond (a double submit): the second, live one is the code that counts", async () => {
    const subject = { ...target, subject: "sam@example.org" };
    const at = new Date();
    const first = await database.transaction((tx) => issueVerificationCode(tx, { ...subject, sentTo: "sam@example.org" }, at));
    const second = await database.transaction((tx) => issueVerificationCode(tx, { ...subject, sentTo: "sam@example.org" }, at));
    expect(await consumeVerificationCode(database, subject, first === second ? other(second) : first, at)).toEqual({ outcome: "wrong", attempts: 1, attemptsLeft: 4 });
    expect(await consumeVerificationCode(database, subject, second, at)).toEqual({ outcome: "accepted", sentTo: "sam@example.org" });
  });

  it("die after the fifth wrong guess", async () => {
    const subject = { ...target, subject: "joe@example.org" };
    const code = await database.transaction((tx) => issueVerificationCode(tx, { ...subject, sentTo: "" }));
    for (let attempt = 1; attempt < 5; attempt += 1) expect((await consumeVerificationCode(database, subject, other(code))).outcome).toBe("wrong");
    expect(await consumeVerificationCode(database, subject, other(code))).toEqual({ outcome: "dead", reason: "exhausted", attempts: 5 });
    expect(await consumeVerificationCode(database, subject, code)).toEqual({ outcome: "dead", reason: "exhausted" });
  });
});
