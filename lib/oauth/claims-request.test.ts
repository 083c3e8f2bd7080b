import { describe, expect, it } from "vitest";
import { CLAIMS_PARAMETER_INVALID, claimsOfScopes, parseClaimsRequest, scopesToConsent } from "./claims-request.ts";

const mayHoldAllButPhone = (scope: string) => scope !== "phone";

describe("the claims request parameter (OIDC Core 5.5)", () => {
  it("keeps the claims our scopes define and the client may hold, for userinfo and the ID token", () => {
    const text = JSON.stringify({
      userinfo: { name: { essential: true }, phone_number: null, address: null, "https://example.org/custom": null },
      id_token: { email: null, auth_time: { essential: true }, acr: { values: ["multi-factor"] } },
    });
    expect(parseClaimsRequest(text, mayHoldAllButPhone)).toEqual({ userinfo: ["name"], id_token: ["email"] });
  });

  it("answers null when nothing asked for can be given", () => {
    expect(parseClaimsRequest(JSON.stringify({ userinfo: { address: null } }), mayHoldAllButPhone)).toBeNull();
    expect(parseClaimsRequest("{}", mayHoldAllButPhone)).toBeNull();
  });

  it.each([["not JSON", "{name"], ["an array", "[]"], ["a string", '"name"'], ["userinfo a list", '{"userinfo":["name"]}'], ["a claim request a string", '{"userinfo":{"name":"yes"}}'], ["essential not a boolean", '{"id_token":{"email":{"essential":"true"}}}']])(
    "refuses %s",
    (_name, text) => {
      expect(() => parseClaimsRequest(text, mayHoldAllButPhone)).toThrow(CLAIMS_PARAMETER_INVALID);
    },
  );

  it("asks consent for the scopes of the claims asked for, once each", () => {
    expect(scopesToConsent({ scope: "openid email", claims: { userinfo: ["name", "given_name"], id_token: ["email"] } })).toBe("openid email profile");
    expect(scopesToConsent({ scope: "openid" })).toBe("openid");
  });

  it("keeps the claims asked for whose scope the client may still hold", () => {
    expect(claimsOfScopes(["name", "email", "phone_number", "unknown"], ["profile", "phone"])).toEqual(["name", "phone_number"]);
  });
});
