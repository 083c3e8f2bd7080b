import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { sql } from "../support/database.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser } from "../support/oauth-browser.ts";
import { tokenHash } from "../support/oauth-tokens.ts";
import { authorizationUrl, discover, insecure } from "../support/second-relying-party.ts";

// The claims request parameter (OIDC Core 5.5), as the conformance suite's oidcc-claims-essential asks for
// it: scope openid only, `name` essential in the UserInfo member. Driven by oauth4webapi: userinfo answers
// the name, the ID token does not carry it, and the member consented to the profile scope behind it.

const CLIENT = { id: "oauth-test-claims", secret: "oauth-test-claims-secret-0123456789", redirectUri: "http://127.0.0.1:8080/claims-callback" };
const client: oauth.Client = { client_id: CLIENT.id };
let as: oauth.AuthorizationServer;

test.beforeAll(async () => {
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, grant_types, scopes)
     VALUES ($1, 'Claims app', 'confidential', $2, $3, '{authorization_code,refresh_token}', '{openid,profile,email}')
     ON CONFLICT (id) DO NOTHING`,
    [CLIENT.id, tokenHash(CLIENT.secret), [CLIENT.redirectUri]],
  );
  as = await discover();
});

test("discovery says the claims parameter is supported", () => {
  expect(as.claims_parameter_supported).toBe(true);
});

test("name asked for as essential in userinfo, with scope openid: userinfo answers it, the ID token does not, consent covers profile", async () => {
  const member = await createTestMember("claims-essential");
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = authorizationUrl(as, {
    client_id: CLIENT.id,
    redirect_uri: CLIENT.redirectUri,
    response_type: "code",
    scope: "openid",
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
    claims: JSON.stringify({ userinfo: { name: { essential: true } } }),
  });
  const outcome = await new OAuthBrowser().authorize(url, { account: member });
  expect(outcome.pages).toEqual(["sign-in", "consent"]);
  const callback = oauth.validateAuthResponse(as, client, outcome.callback!, state);
  const response = await oauth.authorizationCodeGrantRequest(as, client, oauth.ClientSecretBasic(CLIENT.secret), callback, CLIENT.redirectUri, verifier, insecure);
  const tokens = await oauth.processAuthorizationCodeResponse(as, client, response, { expectedNonce: nonce, requireIdToken: true });
  expect(tokens.scope).toBe("openid");
  const idToken = oauth.getValidatedIdTokenClaims(tokens)!;
  expect(idToken).not.toHaveProperty("name");

  const userinfo = await oauth.processUserInfoResponse(as, client, idToken.sub, await oauth.userInfoRequest(as, client, tokens.access_token, insecure));
  const [account] = await sql<{ given_name: string; family_name: string }>(`SELECT given_name, family_name FROM account WHERE id = $1`, [member.id]);
  expect(userinfo).toEqual({ sub: member.id, name: `${account!.given_name} ${account!.family_name}` });
  const [consent] = await sql<{ scopes: string[] }>(`SELECT scopes FROM consent WHERE user_id = $1 AND client_id = $2`, [member.id, CLIENT.id]);
  expect([...consent!.scopes].sort()).toEqual(["openid", "profile"]);
});

test("a claims parameter that is not JSON is refused back to the client", async () => {
  const state = oauth.generateRandomState();
  const url = authorizationUrl(as, { client_id: CLIENT.id, redirect_uri: CLIENT.redirectUri, response_type: "code", scope: "openid", state, code_challenge: "a".repeat(43), code_challenge_method: "S256", claims: "{name" });
  const outcome = await new OAuthBrowser().authorize(url, {});
  expect({ error: outcome.error, description: outcome.errorDescription, state: outcome.state }).toEqual({
    error: "invalid_request",
    description: "claims must be a JSON object whose userinfo and id_token members request claims (OIDC Core 5.5)",
    state,
  });
});
