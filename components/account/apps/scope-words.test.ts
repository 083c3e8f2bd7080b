import { describe, expect, it } from "vitest";
import { SCOPE_DESCRIPTIONS } from "@/lib/oauth/scopes";
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
