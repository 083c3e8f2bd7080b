import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser } from "../support/oauth-browser.ts";
import { ISSUER, basic, tokenRequest } from "../support/oauth-client.ts";
import { tokenHash } from "../support/oauth-tokens.ts";
import { authorizationUrl, discover, insecure } from "../support/second-relying-party.ts";

// The per-client PKCE policy (docs/decisions/0006), driven by a second relying-party library, oauth4webapi,
// as a certification suite's static client would: a confidential client whose require_pkce is off may send
// a nonce instead of PKCE on an OpenID request (OIDC Core 3.1.2.1, RFC 9700 2.1.1); PKCE it does send is
// enforced, and a code_verifier for a code issued without a challenge is refused (the PKCE downgrade).

const NONCE_CLIENT = { id: "oauth-test-nonce-only", secret: "oauth-test-nonce-secret-0123456789", redirectUri: "http://127.0.0.1:8080/nonce-callback" };
const client: oauth.Client = { client_id: NONCE_CLIENT.id };
const clientAuth = oauth.ClientSecretBasic(NONCE_CLIENT.secret);

let as: oauth.AuthorizationServer;
let member: TestMember;

test.beforeAll(async () => {
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, grant_types, scopes, require_pkce)
     VALUES ($1, 'Nonce-only app', 'confidential', $2, $3, '{authorization_code,refresh_token}', '{openid,profile,email}', false)
     ON CONFLICT (id) DO UPDATE SET require_pkce = false, disabled_at = NULL`,
    [NONCE_CLIENT.id, tokenHash(NONCE_CLIENT.secret), [NONCE_CLIENT.redirectUri]],
  );
  as = await discover();
  member = await createTestMember("pkce-policy");
});

/** The authorization URL as oauth4webapi's README builds it; a value of null leaves a parameter out. */
function nonceClientUrl(parameters: Record<string, string | null>): URL {
  return authorizationUrl(as, { client_id: NONCE_CLIENT.id, redirect_uri: NONCE_CLIENT.redirectUri, response_type: "code", scope: "openid email", ...parameters });
}

async function signIn(url: URL) {
  return new OAuthBrowser().authorize(url, { account: member });
}

test.describe("a confidential client with require_pkce off", () => {
  test("signs in with a nonce and no PKCE: oauth4webapi validates the ID token's nonce, and userinfo answers the same subject", async () => {
    const nonce = oauth.generateRandomNonce();
    const state = oauth.generateRandomState();
    const outcome = await signIn(nonceClientUrl({ nonce, state }));
    expect(outcome.code, outcome.trail.join("\n")).toBeTruthy();

    const callback = oauth.validateAuthResponse(as, client, outcome.callback!, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, callback, NONCE_CLIENT.redirectUri, oauth.nopkce, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
    const claims = oauth.getValidatedIdTokenClaims(tokens)!;
    expect(claims).toMatchObject({ iss: ISSUER, aud: NONCE_CLIENT.id, sub: member.id, nonce });

    const userinfo = await oauth.processUserInfoResponse(as, client, claims.sub, await oauth.userInfoRequest(as, client, tokens.access_token, insecure));
    expect(userinfo).toMatchObject({ sub: member.id, email: member.email });
  });

  test("PKCE it sends is enforced: the right verifier works", async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const state = oauth.generateRandomState();
    const outcome = await signIn(nonceClientUrl({ state, code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }));
    const callback = oauth.validateAuthResponse(as, client, outcome.callback!, state);
    const response = await oauth.authorizationCodeGrantRequest(as, client, clientAuth, callback, NONCE_CLIENT.redirectUri, verifier, insecure);
    const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { requireIdToken: true });
    expect(oauth.getValidatedIdTokenClaims(tokens)?.sub).toBe(member.id);
  });

  test.describe("refused at the authorization endpoint, back to the client (RFC 6749 4.1.2.1)", () => {
    for (const [name, parameters, description] of [
      ["an openid request with neither nonce nor PKCE", {}, "code_challenge (PKCE) or, for an openid request, a nonce is required"],
      ["a plain OAuth request with a nonce and no PKCE", { scope: "profile", nonce: "n-1" }, "code_challenge (PKCE) or, for an openid request, a nonce is required"],
      ["plain PKCE", { nonce: "n-1", code_challenge: "a".repeat(43), code_challenge_method: "plain" }, "code_challenge_method must be S256"],
      ["a method without a challenge", { nonce: "n-1", code_challenge_method: "S256" }, "code_challenge is required (PKCE)"],
    ] as const) {
      test(name, async () => {
        const state = oauth.generateRandomState();
        const outcome = await new OAuthBrowser().authorize(nonceClientUrl({ state, ...parameters }), {});
        expect(outcome.pages).toEqual([]);
        expect(`${outcome.callback?.origin}${outcome.callback?.pathname}`).toBe(NONCE_CLIENT.redirectUri);
        expect({ error: outcome.error, description: outcome.errorDescription, state: outcome.state, iss: outcome.iss }).toEqual({ error: "invalid_request", description, state, iss: ISSUER });
      });
    }
  });

  test("a code_verifier for a code issued without a challenge is refused (the PKCE downgrade, RFC 9700 2.1.1), and the code is spent", async () => {
    const outcome = await signIn(nonceClientUrl({ nonce: oauth.generateRandomNonce() }));
    const form = { grant_type: "authorization_code", code: outcome.code!, redirect_uri: NONCE_CLIENT.redirectUri };
    const downgraded = await tokenRequest({ ...form, code_verifier: oauth.generateRandomCodeVerifier() }, NONCE_CLIENT);
    expect([downgraded.status, downgraded.body]).toEqual([400, { error: "invalid_grant", error_description: "code_verifier was sent, but the authorization request had no code_challenge" }]);
    const again = await tokenRequest(form, NONCE_CLIENT);
    expect([again.status, again.body]).toEqual([400, { error: "invalid_grant", error_description: "the authorization code was already used; the tokens issued from it are revoked" }]);
  });

  test("a code issued with a challenge still needs its verifier", async () => {
    const verifier = oauth.generateRandomCodeVerifier();
    const outcome = await signIn(nonceClientUrl({ nonce: "n-1", code_challenge: await oauth.calculatePKCECodeChallenge(verifier), code_challenge_method: "S256" }));
    const answer = await tokenRequest({ grant_type: "authorization_code", code: outcome.code!, redirect_uri: NONCE_CLIENT.redirectUri }, NONCE_CLIENT);
    expect([answer.status, answer.body]).toEqual([400, { error: "invalid_grant", error_description: "code_verifier is required: the authorization request had a code_challenge" }]);
  });
});

test("a client with the default policy is still refused without PKCE, nonce or not, before the code is looked at", async () => {
  const answer = await fetch(`${ISSUER}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", authorization: basic("demo-app", "demo-secret") },
    body: new URLSearchParams({ grant_type: "authorization_code", code: "x".repeat(43), redirect_uri: "http://127.0.0.1:8080/callback" }),
  });
  expect([answer.status, await answer.json()]).toEqual([400, { error: "invalid_request", error_description: "code_verifier is required (PKCE)" }]);
});
