import { describe, expect, it } from "vitest";
import { PORTAL_SCOPES } from "./clients/portal-scopes.ts";
import { AREA_SCOPES, FIRST_PARTY_SCOPES, THIRD_PARTY_SCOPES, effectiveScopes, scopeAllowedForClient } from "./scopes.ts";

describe("scopes (docs/decisions/0018)", () => {
  it("splits into what any app may hold and what only the church's own clients may", () => {
    expect(THIRD_PARTY_SCOPES).toEqual(["openid", "profile", "email", "phone", "offline_access", "membership"]);
    expect(FIRST_PARTY_SCOPES.every((scope) => scope === "staff" || scope === "check-in:kiosk" || scope.startsWith("account:"))).toBe(true);
    expect(scopeAllowedForClient("account:recovery", false)).toBe(false);
    expect(scopeAllowedForClient("account:recovery", true)).toBe(true);
    expect(scopeAllowedForClient("profile", false)).toBe(true);
    expect(scopeAllowedForClient("admin", true)).toBe(false);
  });

  it("lets a token use only what its client may hold today", () => {
    const token = ["openid", "profile", "account:recovery", "staff"];
    expect(effectiveScopes(token, { scopes: ["openid", "profile", "account:recovery", "staff"], firstParty: true })).toEqual(token);
    expect(effectiveScopes(token, { scopes: ["openid", "profile", "account:recovery", "staff"], firstParty: false })).toEqual(["openid", "profile"]);
    expect(effectiveScopes(token, { scopes: ["openid", "account:recovery"], firstParty: true })).toEqual(["openid", "account:recovery"]);
    expect(effectiveScopes(token, { scopes: [], firstParty: true })).toEqual([]);
  });

  it("gives the portal every area's scope but a kiosk's, and no offline_access", () => {
    for (const scope of Object.values(AREA_SCOPES)) if (scope !== AREA_SCOPES.kiosk) expect(PORTAL_SCOPES).toContain(scope);
    expect(PORTAL_SCOPES).not.toContain(AREA_SCOPES.kiosk);
    expect(PORTAL_SCOPES).not.toContain("offline_access");
  });
});
