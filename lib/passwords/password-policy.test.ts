import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { describe, expect, it } from "vitest";
import { createPasswordEstimator } from "./password-estimator.ts";
import { PASSWORD_MESSAGES, PASSWORD_REFUSAL_MESSAGES, commonPasswordMessage, judgeNewPassword, passwordLength, type PasswordOwner } from "./password-policy.ts";

const estimate = createPasswordEstimator({ common, english });
const mary: PasswordOwner = { email: "mary.member@example.org", givenName: "Mary", familyName: "Member" };
const judge = (password: string, owner: PasswordOwner = mary) => judgeNewPassword(password, owner, estimate);

describe("the new-password policy (NIST SP 800-63B)", () => {
  it("takes 8 to 128 characters, counted as the member sees them", () => {
    expect(judge("7 quiet lanterns".slice(0, 7))).toMatchObject({ ok: false, reason: "too_short", message: PASSWORD_MESSAGES.too_short });
    expect(judge("gh7#kq2!")).toMatchObject({ ok: true });
    // Four emoji are four characters (eight UTF-16 units): too short.
    expect(passwordLength("🦊🌲🏔️🌊")).toBeLessThan(8);
    expect(judge("🦊🌲🌊🦉")).toMatchObject({ ok: false, reason: "too_short" });
    const long = "otter lantern quietly folding maple envelopes beside the harbour ".repeat(2).slice(0, 128);
    expect(passwordLength(long)).toBe(128);
    expect(judge(long)).toMatchObject({ ok: true, score: 4 });
    expect(judge(`${long}x`)).toMatchObject({ ok: false, reason: "too_long", message: PASSWORD_MESSAGES.too_long });
  });

  it("imposes no composition rules: lower-case words and spaces are a strong password", () => {
    expect(judge("correct horse battery staple")).toMatchObject({ ok: true, score: 4 });
    expect(judge("otter maple envelope")).toMatchObject({ ok: true });
    expect(judge("Ünïcödé wörter sind erlaubt")).toMatchObject({ ok: true });
  });

  it("refuses the commonly used and breached passwords, and says how common", () => {
    expect(judge("password")).toEqual({ ok: false, reason: "common", score: 0, message: commonPasswordMessage(2) });
    expect(commonPasswordMessage(2)).toBe("This is one of the 10 most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.");
    expect(judge("password123")).toMatchObject({ ok: false, reason: "common", message: commonPasswordMessage(796) });
    expect(commonPasswordMessage(796)).toContain("one of the 1,000 most used passwords");
    expect(judge("qwertyuiop")).toMatchObject({ ok: false, reason: "common" });
    expect(judge("iloveyou2")).toMatchObject({ ok: false, reason: "common" });
    expect(judge("blessed1")).toMatchObject({ ok: false, reason: "common", message: commonPasswordMessage(12970) });
    expect(commonPasswordMessage(12970)).toContain("one of the 50,000 most used passwords");
    // Case does not disguise it; l33t does not either, and is named as a disguise.
    expect(judge("PASSWORD123")).toMatchObject({ ok: false, reason: "common" });
    expect(judge("P@ssw0rd")).toMatchObject({ ok: false, reason: "common", message: PASSWORD_MESSAGES.similar });
  });

  it("refuses what is guessable in under a million tries: repeats, sequences, keyboard rows, a single word", () => {
    expect(judge("aaaaaaaa")).toMatchObject({ ok: false, reason: "guessable", message: 'Repeated characters like "aaa" are easy to guess. Add another word or two: longer is stronger.' });
    expect(judge("0123456789")).toMatchObject({ ok: false, reason: "guessable", message: 'Common character sequences like "abc" are easy to guess. Add another word or two: longer is stronger.' });
    expect(judge("passwordpassword")).toMatchObject({ ok: false, reason: "guessable" });
    expect(judge("Password1!")).toMatchObject({ ok: false });
  });

  it("refuses the member's own email address or name", () => {
    expect(judge("mary.member")).toMatchObject({ ok: false, reason: "personal", message: PASSWORD_MESSAGES.personal });
    expect(judge("MaryMember2024")).toMatchObject({ ok: false, reason: "personal" });
    expect(judge("my mary.member@example.org")).toMatchObject({ ok: false, reason: "personal" });
    expect(judge("Member Mary 1")).toMatchObject({ ok: false, reason: "personal" });
    // A name inside a real passphrase is fine; someone else's address does not forbid it either.
    expect(judge("mary had a little lamb at harbour")).toMatchObject({ ok: true });
    expect(judge("mary.member", { email: "someone@example.org" })).not.toMatchObject({ reason: "personal" });
  });

  it("keeps the fixtures' passwords valid, and says how strong an accepted one is", () => {
    for (const password of ["demo-password", "correct horse battery", "a-long-enough-password", "a brand new passphrase", "a recovered passphrase"]) {
      expect(judge(password, { email: "member@example.org", givenName: "Jane", familyName: "Doe" }).ok).toBe(true);
    }
    expect(judge("demo-password")).toEqual({ ok: true, score: 2, advice: "Add another word or two: longer is stronger." });
    expect(judge("correct horse battery")).toEqual({ ok: true, score: 4, advice: "Nothing more to do: this is a strong password." });
  });

  it("has a sentence for every refusal a page shows without JavaScript", () => {
    expect(Object.keys(PASSWORD_REFUSAL_MESSAGES).sort()).toEqual(["common", "guessable", "personal", "too_long", "too_short"]);
  });

  it("judges the longest, most symbol-laden password quickly (the library's defaults took about 900 ms)", () => {
    const started = performance.now();
    for (let i = 0; i < 20; i += 1) judge(Array.from({ length: 128 }, (_, j) => String.fromCharCode(33 + ((i * 31 + j * 17) % 94))).join(""));
    expect((performance.now() - started) / 20).toBeLessThan(250);
  });
});
