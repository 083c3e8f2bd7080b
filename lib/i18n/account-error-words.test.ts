import { describe, expect, it } from "vitest";
import { ACCOUNT_ERRORS, type AccountErrorCode } from "../accounts/errors.ts";
import { FIELD_MESSAGES } from "../accounts/schemas.ts";
import { LOCALES } from "../kernel/locales.ts";
import { tooManyAttemptsMessage } from "../limits/policies.ts";
import { accountErrorMessage, fieldMessage, tooManyAttemptsWords, type FormField } from "./account-error-words.ts";
import { translatorFor } from "./translator.ts";

describe("the forms' errors in every language", () => {
  it("say in English, through the messages file, exactly what the contract's table says", () => {
    const english = translatorFor("en", "AccountErrors");
    for (const code of Object.keys(ACCOUNT_ERRORS) as AccountErrorCode[]) expect(english(code)).toBe(ACCOUNT_ERRORS[code].message);
    const fields = translatorFor("en", "FieldMessages");
    for (const field of Object.keys(FIELD_MESSAGES) as FormField[]) expect(fields(field, { min: 8, max: 128 })).toBe(FIELD_MESSAGES[field]);
  });

  it("say how long to wait as the English sentence does, by the same rounding", () => {
    const english = translatorFor("en", "AttemptLimits");
    for (const seconds of [0.2, 1, 2, 59, 60, 61, 3600]) {
      const whole = Math.max(1, Math.ceil(seconds));
      const words = whole < 60 ? english("waitSeconds", { seconds: whole }) : english("waitMinutes", { minutes: Math.ceil(whole / 60) });
      expect(words).toBe(tooManyAttemptsMessage(seconds));
    }
    expect(tooManyAttemptsWords(1, "es")).toBe("Demasiados intentos. Inténtelo de nuevo en 1 segundo.");
    expect(tooManyAttemptsWords(125, "es")).toBe("Demasiados intentos. Inténtelo de nuevo en 3 minutos.");
  });

  it("have a sentence of their own in every other language", () => {
    for (const locale of LOCALES.filter((locale) => locale !== "en")) {
      for (const code of Object.keys(ACCOUNT_ERRORS) as AccountErrorCode[]) expect(accountErrorMessage(code, locale)).not.toBe(ACCOUNT_ERRORS[code].message);
      expect(fieldMessage("new_password", locale)).toMatch(/\b8\b.*\b128\b/);
    }
  });
});
