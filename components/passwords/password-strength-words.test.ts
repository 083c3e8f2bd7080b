import * as common from "@zxcvbn-ts/language-common";
import * as english from "@zxcvbn-ts/language-en";
import { createTranslator } from "use-intl/core";
import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import { translatorFor } from "@/lib/i18n/translator";
import { createPasswordEstimator } from "@/lib/passwords/password-estimator";
import { PASSWORD_REFUSAL_MESSAGES, commonPasswordMessage, judgeNewPassword, type PasswordOwner, type PasswordRefusal, type PasswordVerdict } from "@/lib/passwords/password-policy";
import { announcement, checkingState, lengthState, refusalSentence, ruleSentence, uncheckedState, verdictState, type PasswordStrengthT } from "./password-strength-words";

const estimate = createPasswordEstimator({ common, english });
const mary: PasswordOwner = { email: "mary.member@example.org", givenName: "Mary", familyName: "Member" };
const judge = (password: string) => judgeNewPassword(password, mary, estimate);
const warnings = english.translations.warnings;

const en: PasswordStrengthT = translatorFor("en", "PasswordStrength");
const es: PasswordStrengthT = translatorFor("es", "PasswordStrength");
const inEnglish = { english: true, warnings };
const inSpanish = { english: false, warnings };

/** Passwords whose verdicts cover every sentence lib says about a typed password. */
const SAMPLES = ["password", "password123", "blessed1", "P@ssw0rd", "aaaaaaaa", "0123456789", "qwertyuiop", "mary.member", "MaryMember2024", "passwordpassword", "Password1!", "demo-password", "correct horse battery", "otter maple envelope", "gh7#kq2!"];
const stub = (score: 0 | 1 | 2 | 3 | 4, warning: string | null = null) => () => ({ score, sequence: [], feedback: { warning, suggestions: [] } });

describe("the strength meter's words in English", () => {
  it("say, through the messages file, exactly what lib says of every password", () => {
    const verdicts: PasswordVerdict[] = [...SAMPLES.map(judge), ...([2, 3, 4] as const).map((score) => judgeNewPassword("unrelated words here", {}, stub(score)))];
    for (const verdict of verdicts) expect(verdictState(verdict, en, { english: false, warnings }).sentence).toBe(verdict.ok ? verdict.advice : verdict.message);
    expect(verdicts.filter((verdict) => !verdict.ok).map((verdict) => verdict.reason)).toEqual(expect.arrayContaining(["common", "guessable", "personal"]));
  });

  it("say how common a common password is, for every rank lib names", () => {
    for (const rank of [1, 10, 11, 100, 796, 1_000, 5_000, 10_000, 10_001, 12_970, 49_999]) {
      const verdict: PasswordVerdict = { ok: false, reason: "common", score: 0, message: commonPasswordMessage(rank) };
      expect(verdictState(verdict, en, { english: false, warnings }).sentence).toBe(commonPasswordMessage(rank));
    }
  });

  it("quote every zxcvbn warning as the library words it", () => {
    expect(Object.keys(messagesOf("en").PasswordStrength.warnings).sort()).toEqual(Object.keys(warnings).sort());
    for (const [code, sentence] of Object.entries(warnings)) {
      expect(en(`warnings.${code}` as never)).toBe(sentence);
      const verdict = judgeNewPassword("unrelated words here", {}, stub(1, sentence));
      expect(verdict).toMatchObject({ ok: false, reason: "guessable" });
      expect(verdictState(verdict, en, { english: false, warnings }).sentence).toBe(verdict.ok ? "" : verdict.message);
    }
  });

  it("say every refusal a page shows without JavaScript as lib does", () => {
    for (const reason of Object.keys(PASSWORD_REFUSAL_MESSAGES) as PasswordRefusal[]) expect(refusalSentence(reason, en)).toBe(PASSWORD_REFUSAL_MESSAGES[reason]);
  });

  it("keep the meter's own sentences and levels", () => {
    expect(ruleSentence(en)).toBe("Use at least 8 characters.");
    expect(lengthState("abc", en)).toEqual({ level: 0, label: "Too short", sentence: "3 of at least 8 characters. A few unrelated words make a strong password." });
    expect(lengthState("x".repeat(129), en)).toEqual({ level: 0, label: "Too long", sentence: "Use at most 128 characters." });
    expect(lengthState("x".repeat(8), en)).toBeNull();
    expect(checkingState(en)).toEqual({ level: 0, label: "Checking…", sentence: "Checking this password against common ones…" });
    expect(uncheckedState(en)).toEqual({ level: 0, label: "", sentence: "We’ll check this password when you submit the form." });
    expect(verdictState(judge("password"), en, inEnglish)).toEqual({ level: 1, label: "Too easy to guess", sentence: commonPasswordMessage(2) });
    expect(([2, 3, 4] as const).map((score) => verdictState(judgeNewPassword("unrelated words here", {}, stub(score)), en, inEnglish).label)).toEqual(["Fair", "Good", "Strong"]);
    expect(announcement(verdictState(judge("password"), en, inEnglish), en)).toBe(
      "Password strength: Too easy to guess. This is one of the 10 most used passwords, so attackers try it first. Choose something less common: a few unrelated words work well.",
    );
    expect(announcement(uncheckedState(en), en)).toBe("Password strength: We’ll check this password when you submit the form.");
    expect(announcement(null, en)).toBe("");
  });

  it("keep lib's own sentence on an English page when it is not one they know", () => {
    const verdict: PasswordVerdict = { ok: false, reason: "guessable", score: 1, message: "A sentence lib says from now on." };
    expect(verdictState(verdict, en, inEnglish).sentence).toBe("A sentence lib says from now on.");
    expect(verdictState(verdict, en, { english: true, warnings: null }).sentence).toBe("A sentence lib says from now on.");
  });
});

describe("the strength meter's words in Spanish", () => {
  it("say every verdict in sentences of their own", () => {
    for (const verdict of SAMPLES.map(judge)) {
      const shown = verdictState(verdict, es, inSpanish);
      expect(shown.sentence).not.toBe(verdict.ok ? verdict.advice : verdict.message);
      expect(shown.label).not.toMatch(/^(Too easy to guess|Fair|Good|Strong)$/);
    }
    for (const reason of Object.keys(PASSWORD_REFUSAL_MESSAGES) as PasswordRefusal[]) expect(refusalSentence(reason, es)).not.toBe(PASSWORD_REFUSAL_MESSAGES[reason]);
  });

  it("name how common a password is, and which pattern makes it guessable", () => {
    expect(verdictState(judge("password"), es, inSpanish)).toEqual({
      level: 1,
      label: "Muy fácil de adivinar",
      sentence: "Esta es una de las 10 contraseñas más usadas, así que los atacantes la prueban primero. Elija algo menos común: unas cuantas palabras sin relación entre sí funcionan bien.",
    });
    expect(verdictState(judge("blessed1"), es, inSpanish).sentence).toMatch(/^Esta es una de las 50\.000 contraseñas más usadas/);
    expect(verdictState(judge("aaaaaaaa"), es, inSpanish).sentence).toBe("Los caracteres repetidos, como “aaa”, son fáciles de adivinar. Agregue una o dos palabras más: cuanto más larga, más segura.");
    expect(verdictState(judge("mary.member"), es, inSpanish).sentence).toBe("No use su nombre ni su correo electrónico en su contraseña.");
  });

  it("say the length, the levels and the live region's sentence", () => {
    expect(ruleSentence(es)).toBe("Use al menos 8 caracteres.");
    expect(lengthState("abc", es)).toEqual({ level: 0, label: "Muy corta", sentence: "3 de al menos 8 caracteres. Unas cuantas palabras sin relación entre sí forman una contraseña segura." });
    expect(lengthState("x".repeat(129), es)?.sentence).toBe("Use como máximo 128 caracteres.");
    expect(([2, 3, 4] as const).map((score) => verdictState(judgeNewPassword("unrelated words here", {}, stub(score)), es, inSpanish).label)).toEqual(["Aceptable", "Buena", "Segura"]);
    expect(announcement(checkingState(es), es)).toBe("Seguridad de la contraseña: Revisando…. Comparando esta contraseña con las más comunes…");
  });

  it("fall back to the refusal's general sentence for a sentence they do not know, never lib's English", () => {
    const verdict: PasswordVerdict = { ok: false, reason: "guessable", score: 1, message: "A sentence lib says from now on." };
    expect(verdictState(verdict, es, inSpanish).sentence).toBe(refusalSentence("guessable", es));
    expect(verdictState(judge("aaaaaaaa"), es, { english: false, warnings: null }).sentence).toBe(refusalSentence("guessable", es));
  });

  it("are the same through messages handed to the meter (a page without a provider)", () => {
    const handed: PasswordStrengthT = createTranslator({ locale: "es", messages: { PasswordStrength: messagesOf("es").PasswordStrength }, namespace: "PasswordStrength" });
    expect(verdictState(judge("aaaaaaaa"), handed, inSpanish)).toEqual(verdictState(judge("aaaaaaaa"), es, inSpanish));
  });
});
