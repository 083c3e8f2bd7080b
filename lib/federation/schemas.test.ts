import { describe, expect, it } from "vitest";
import { FEDERATION_OUTCOMES, federationOutcomeMessage, isFederationOutcome, securityPagePath } from "./outcomes.ts";
import { federatedStartBodySchema, federationProviderInputSchema, finalizeLinkBodySchema, isAcceptableIssuer, isLoopbackHttpIssuer } from "./schemas.ts";

describe("issuers an operator may configure", () => {
  it.each([
    ["https://accounts.example.org", true],
    ["https://login.example.org/tenant/v2.0", true],
    ["http://127.0.0.1:3650", true],
    ["http://localhost:8080", true],
    ["http://[::1]:9000", true],
    ["http://idp.example.org", false],
    ["http://127.0.0.1.nip.io", false],
    ["https://accounts.example.org?x=1", false],
    ["https://accounts.example.org#f", false],
    ["https://user:pass@accounts.example.org", false],
    ["ftp://accounts.example.org", false],
    ["not a url", false],
  ])("%s → %s", (issuer, acceptable) => {
    expect(isAcceptableIssuer(issuer)).toBe(acceptable);
  });

  it("allows plain HTTP for loopback issuers only", () => {
    expect(isLoopbackHttpIssuer("http://127.0.0.1:3650")).toBe(true);
    expect(isLoopbackHttpIssuer("https://127.0.0.1:3650")).toBe(false);
    expect(isLoopbackHttpIssuer("http://idp.example.org")).toBe(false);
  });
});

describe("provider configuration", () => {
  const valid = { id: "harbor", displayName: "Harbor ID", issuer: "https://id.example.org", clientId: "church", clientSecret: "s3cret" };

  it("defaults the scopes and requires openid", () => {
    expect(federationProviderInputSchema.parse(valid).scopes).toEqual(["openid", "email", "profile"]);
    expect(federationProviderInputSchema.safeParse({ ...valid, scopes: ["email"] }).success).toBe(false);
  });

  it.each([["Harbor"], ["-harbor"], ["a".repeat(33)], ["har bor"]])("refuses the id %s", (id) => {
    expect(federationProviderInputSchema.safeParse({ ...valid, id }).success).toBe(false);
  });

  it("refuses unknown fields and an empty secret", () => {
    expect(federationProviderInputSchema.safeParse({ ...valid, extra: 1 }).success).toBe(false);
    expect(federationProviderInputSchema.safeParse({ ...valid, clientSecret: "" }).success).toBe(false);
  });
});

describe("forms and bodies", () => {
  it("starts a sign-in unless told to link", () => {
    expect(federatedStartBodySchema.parse({ provider: "harbor", csrf_token: "x" })).toEqual({ provider: "harbor", intent: "sign_in" });
    expect(federatedStartBodySchema.parse({ provider: "harbor", intent: "link", request: "" }).intent).toBe("link");
    expect(federatedStartBodySchema.safeParse({ provider: "harbor", intent: "merge" }).success).toBe(false);
    expect(federatedStartBodySchema.safeParse({ provider: "../x" }).success).toBe(false);
  });

  it("takes exactly one string code", () => {
    expect(finalizeLinkBodySchema.parse({ code: "abc" })).toEqual({ code: "abc" });
    expect(finalizeLinkBodySchema.safeParse({}).success).toBe(false);
    expect(finalizeLinkBodySchema.safeParse({ code: 123456 }).success).toBe(false);
    expect(finalizeLinkBodySchema.safeParse({ code: "abc", extra: true }).success).toBe(false);
    expect(finalizeLinkBodySchema.safeParse({ code: "x".repeat(129) }).success).toBe(false);
  });
});

describe("what the security page says after a link attempt", () => {
  it("knows only its own outcomes", () => {
    expect(isFederationOutcome("linked")).toBe(true);
    expect(isFederationOutcome("toString")).toBe(false);
    expect(isFederationOutcome("<script>")).toBe(false);
  });

  it("names the provider, or says 'the provider'", () => {
    expect(federationOutcomeMessage("linked", "Harbor ID")).toEqual({
      tone: "success",
      text: "Your Harbor ID account is linked. Next time you can sign in with “Continue with Harbor ID”.",
    });
    expect(federationOutcomeMessage("cancelled", null).text).toBe("Linking was cancelled at the provider. Nothing was changed.");
    for (const outcome of Object.keys(FEDERATION_OUTCOMES)) expect(isFederationOutcome(outcome)).toBe(true);
  });

  it("builds the security page's address", () => {
    expect(securityPagePath("linked", "harbor")).toBe("/account/security?federation=linked&provider=harbor#linked-identities-title");
    expect(securityPagePath("link_expired")).toBe("/account/security?federation=link_expired#linked-identities-title");
  });
});
