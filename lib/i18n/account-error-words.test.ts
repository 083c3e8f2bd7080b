import { describe, expect, it } from "vitest";
import { ACCOUNT_ERRORS, type AccountErrorCode } from "../accounts/errors.ts";
import { FIELD_MESSAGES } from "../accounts/schemas.ts";
import { LOCALES } from "../kernel/locales.ts";
import { tooManyAttemptsMessage, waitInWords } from "../limits/policies.ts";
import { accountErrorMessage, fieldMessage, tooManyAttemptsWords, type FormField } from "./account-error-words.ts";
import { translatorFor } from "./translator.ts";

describe("the forms' errors in every language", () => {
  it("say in English, through the messages file, exactly what the contract's table says", () => {
    const english = translatorFor("en", "AccountErrors");
    for (const code of Object.keys(ACCOUNT_ERRORS) as AccountErrorCode[]) expect(english(code)).toBe(ACCOUNT_ERRORS[code].message);
    const fields = translatorFor("en", "FieldMessages");
    for (const field of Object.keys(FIELD_MESSAGES) as FormField[]) expect(fields(field, { min: 8, max: 128 })).toBe(FIELD_MESSAGES[field]);
  });

  it("say how long to wait in English, through the messages file, as the contract's sentence does", () => {
    const english = translatorFor("en", "AttemptLimits");
    for (const seconds of [0.2, 1, 2, 59, 60, 61, 3600]) {
      const { unit, count } = waitInWords(seconds);
      const words = unit === "seconds" ? english("waitSeconds", { seconds: count }) : english("waitMinutes", { minutes: count });
      expect(words).toBe(tooManyAttemptsMessage(seconds));
    }
    expect([1, 2, 61].map(tooManyAttemptsMessage)).toEqual(["Too many attempts. Try again in 1 second.", "Too many attempts. Try again in 2 seconds.", "Too many attempts. Try again in 2 minutes."]);
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
