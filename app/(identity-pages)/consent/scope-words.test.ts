import { describe, expect, it } from "vitest";
import { messagesOf } from "@/lib/i18n/messages";
import { translatorFor } from "@/lib/i18n/translator";
import { SCOPE_DESCRIPTIONS, SUPPORTED_SCOPES, describeScopes, scopeMessageKey } from "@/lib/oauth/scopes";
import { linesInWords } from "./scope-words";

describe("the scopes' descriptions in every language", () => {
  it("have a message per scope lib knows, each key its own", () => {
    const keys = SUPPORTED_SCOPES.map(scopeMessageKey);
    expect(new Set(keys).size).toBe(SUPPORTED_SCOPES.length);
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_]+$/);
    expect(Object.keys(messagesOf("en").Scopes).sort()).toEqual([...keys].sort());
    expect(scopeMessageKey("account:linked-identities")).toBe("account_linked_identities");
  });

  it("say in English, through the messages file, exactly what lib says", () => {
    const english = translatorFor("en", "Scopes");
    for (const scope of SUPPORTED_SCOPES) expect(english(scopeMessageKey(scope) as never)).toBe(SCOPE_DESCRIPTIONS[scope]);
    const lines = describeScopes([...SUPPORTED_SCOPES]);
    expect(linesInWords(lines, english)).toEqual(lines);
  });

  it("say each scope in Spanish in words of their own, in lib's order", () => {
    const spanish = translatorFor("es", "Scopes");
    for (const scope of SUPPORTED_SCOPES) expect(spanish(scopeMessageKey(scope) as never)).not.toBe(SCOPE_DESCRIPTIONS[scope]);
    expect(linesInWords(describeScopes(["email", "openid", "account:check-in"]), spanish)).toEqual([
      { scope: "openid", description: "Confirmar quién es usted cuando inicia sesión" },
      { scope: "email", description: "Ver su correo electrónico" },
      { scope: "account:check-in", description: "Mostrar su código de registro, registrar su propia entrada y ver su asistencia" },
    ]);
  });

  it("keep lib's English for a scope without a message", () => {
    const spanish = translatorFor("es", "Scopes");
    expect(linesInWords([{ scope: "calendar:write", description: "Change your calendar" }], spanish)).toEqual([{ scope: "calendar:write", description: "Change your calendar" }]);
  });
});
