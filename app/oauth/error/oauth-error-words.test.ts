import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import { translatorFor } from "@/lib/i18n/translator";
import { AUTHORIZE_PAGE_ERRORS, type AuthorizePageErrorCode } from "@/lib/oauth/authorize/authorize-errors";

const CODES = Object.keys(AUTHORIZE_PAGE_ERRORS) as AuthorizePageErrorCode[];

describe("the sign-in error page's sentences in every language", () => {
  it("say in English, through the messages file, exactly what lib's table says", () => {
    expect(Object.keys(messagesOf("en").OAuthError.errors).sort()).toEqual([...CODES].sort());
    const english = translatorFor("en", "OAuthError");
    for (const code of CODES) expect(english(`errors.${code}`)).toBe(AUTHORIZE_PAGE_ERRORS[code]);
    expect(english("generic")).toBe("Something went wrong on our side. Go back to the app and try again in a moment.");
  });

  it("have a sentence of their own in Spanish, with no more of the app's technical words than English shows", () => {
    const spanish = translatorFor("es", "OAuthError");
    for (const code of CODES) {
      const sentence = spanish(`errors.${code}`);
      expect(sentence).not.toBe(AUTHORIZE_PAGE_ERRORS[code]);
      for (const word of sentence.match(/\b[a-z]+_[a-z_]+\b/g) ?? []) expect(AUTHORIZE_PAGE_ERRORS[code]).toContain(word);
    }
    expect(spanish("errors.invalid_redirect_uri")).toBe("La aplicación pidió volver a una dirección que no tiene registrada.");
  });
});
