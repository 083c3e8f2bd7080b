import { describe, expect, it } from "vitest";
import { translatorFor } from "@/lib/i18n/translator";
import { SCOPE_DESCRIPTIONS, scopeMessageKey } from "@/lib/oauth/scopes";
import { scopesInWords } from "./scope-words";

describe("scopesInWords", () => {
  it("puts known scopes in the consent screen's order, in plain words", () => {
    expect(scopesInWords(["email", "offline_access", "openid"])).toEqual([
      { scope: "openid", words: SCOPE_DESCRIPTIONS.openid },
      { scope: "email", words: SCOPE_DESCRIPTIONS.email },
      { scope: "offline_access", words: SCOPE_DESCRIPTIONS.offline_access },
    ]);
  });

  it("names a scope it has no words for, once, after the known ones", () => {
    expect(scopesInWords(["calendar:write", "profile", "calendar:write"])).toEqual([
      { scope: "profile", words: SCOPE_DESCRIPTIONS.profile },
      { scope: "calendar:write", words: "calendar:write" },
    ]);
  });

  it("says nothing for no scopes", () => {
    expect(scopesInWords([])).toEqual([]);
  });
});

describe("the scopes' words in the member's language", () => {
  it("are the consent screen's Scopes messages, in the same order", () => {
    const spanish = translatorFor("es", "Scopes");
    const words = scopesInWords(["email", "calendar:write", "account:check-in", "openid"], (scope) => spanish(scopeMessageKey(scope) as never));
    expect(words).toEqual([
      { scope: "openid", words: "Confirmar quién es usted cuando inicia sesión" },
      { scope: "email", words: "Ver su correo electrónico" },
      { scope: "account:check-in", words: "Mostrar su código de registro, registrar su propia entrada y ver su asistencia" },
      { scope: "calendar:write", words: "calendar:write" },
    ]);
  });
});
