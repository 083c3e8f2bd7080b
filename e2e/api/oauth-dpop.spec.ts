import { expect, test } from "@playwright/test";
import { createHash, randomUUID } from "node:crypto";
import { SignJWT, calculateJwkThumbprint, exportJWK, generateKeyPair, type CryptoKey, type JWK } from "jose";
import * as oauth from "oauth4webapi";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser } from "../support/oauth-browser.ts";
import { DEMO_CLIENT, ISSUER, portalTokensFor, postToEndpoint } from "../support/oauth-client.ts";
import { claims } from "../support/oauth-tokens.ts";
import { authorizationUrl, discover, insecure } from "../support/second-relying-party.ts";

// DPoP (RFC 9449) for the church's phone app, driven by oauth4webapi: a public client registered with
// dpop_bound_access_tokens signs in with PKCE and a DPoP key; its tokens are bound to that key (cnf.jkt),
// its refresh tokens too; userinfo and /api/v1 take them only with a proof of the key. The refusals are
// hand-made proofs, each with its exact status, body and challenge.

const APP = { id: "oauth-test-dpop-phone", redirectUri: "http://127.0.0.1:8080/dpop-callback" };
const app: oauth.Client = { client_id: APP.id };
const ALGS = 'algs="ES256 ES384 RS256 PS256 EdDSA"';
/** A server nonce: it changes every five minutes, so a test compares its form, never its value. */
const NONCE = /^[A-Za-z0-9_-]{32}$/;
let as: oauth.AuthorizationServer;

test.beforeAll(async () => {
  await sql(
    `INSERT INTO client (id, name, type, redirect_uris, grant_types, scopes, dpop_bound_access_tokens)
     VALUES ($1, 'Church phone app', 'public', $2, '{authorization_code,refresh_token}', '{openid,profile,email,offline_access}', true)
     ON CONFLICT (id) DO NOTHING`,
    [APP.id, [APP.redirectUri]],
  );
  as = await discover();
});

interface DpopKey {
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  jwk: JWK;
  jkt: string;
}

async function newKey(): Promise<DpopKey> {
  const pair = await generateKeyPair("ES256", { extractable: true });
  const jwk = await exportJWK(pair.publicKey);
  return { ...pair, jwk, jkt: await calculateJwkThumbprint(jwk, "sha256") };
}

/** A proof made by hand, so each field can be wrong on purpose. */
async function proof(key: DpopKey, claimsOf: { htm: string; htu: string; accessToken?: string; nonce?: string; iat?: number; jti?: string }): Promise<string> {
  const payload: Record<string, unknown> = { htm: claimsOf.htm, htu: claimsOf.htu, jti: claimsOf.jti ?? randomUUID() };
  if (claimsOf.accessToken) payload.ath = createHash("sha256").update(claimsOf.accessToken).digest("base64url");
  if (claimsOf.nonce) payload.nonce = claimsOf.nonce;
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "ES256", typ: "dpop+jwt", jwk: key.jwk })
    .setIssuedAt(claimsOf.iat ?? Math.floor(Date.now() / 1000))
    .sign(key.privateKey);
}

/** Retries once when the server asks for its nonce (RFC 9449 8): what every DPoP client does. */
async function withNonceRetry<T>(request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    if (oauth.isDPoPNonceError(error)) return request();
    throw error;
  }
}

async function signIn(member: TestMember, key: DpopKey): Promise<oauth.TokenEndpointResponse> {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const url = authorizationUrl(as, {
    client_id: APP.id,
    redirect_uri: APP.redirectUri,
    response_type: "code",
    scope: "openid profile offline_access",
    state,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const outcome = await new OAuthBrowser().authorize(url, { account: member });
  expect(outcome.code, outcome.trail.join("\n")).toBeTruthy();
  const callback = oauth.validateAuthResponse(as, app, outcome.callback!, state);
  const DPoP = oauth.DPoP(app, { privateKey: key.privateKey, publicKey: key.publicKey });
  return withNonceRetry(async () => {
    const response = await oauth.authorizationCodeGrantRequest(as, app, oauth.None(), callback, APP.redirectUri, verifier, { ...insecure, DPoP });
    return oauth.processAuthorizationCodeResponse(as, app, response, { requireIdToken: true });
  });
}

async function fetchWith(url: string, headers: Record<string, string>, method = "GET") {
  const response = await fetch(url, { method, headers });
  const text = await response.text();
  return { status: response.status, challenge: response.headers.get("www-authenticate"), nonce: response.headers.get("dpop-nonce"), body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

const nonceOf = async () => {
  const answer = await postToEndpoint("/oauth/token", { grant_type: "refresh_token", refresh_token: "x", client_id: APP.id }, null, "none", { dpop: "not-a-proof" });
  return answer.headers.get("dpop-nonce")!;
};

test("discovery lists the proof algorithms", () => {
  expect(as.dpop_signing_alg_values_supported).toEqual(["ES256", "ES384", "RS256", "PS256", "EdDSA"]);
});

test("the phone app signs in with DPoP: a nonce first, then tokens bound to its key, taken by userinfo and /api/v1 only with a proof", async () => {
  const member = await createTestMember("dpop-sign-in");
  const key = await newKey();
  const tokens = await signIn(member, key);
  expect(tokens.token_type).toBe("dpop");
  expect(claims(tokens.access_token).cnf).toEqual({ jkt: key.jkt });

  const DPoP = oauth.DPoP(app, { privateKey: key.privateKey, publicKey: key.publicKey });
  const userinfo = await withNonceRetry(async () => oauth.processUserInfoResponse(as, app, oauth.skipSubjectCheck, await oauth.userInfoRequest(as, app, tokens.access_token, { ...insecure, DPoP })));
  expect(userinfo.sub).toBe(member.id);
  const profile = await oauth.protectedResourceRequest(tokens.access_token, "GET", new URL(`${ISSUER}/api/v1/users/me`), undefined, undefined, { ...insecure, DPoP });
  expect(profile.status).toBe(200);
  expect(((await profile.json()) as { id: string }).id).toBe(member.id);

  // Copied off the phone and sent as a bearer token, it is worth nothing.
  const asBearer = await fetchWith(`${ISSUER}/oauth/userinfo`, { authorization: `Bearer ${tokens.access_token}` });
  expect(asBearer).toMatchObject({
    status: 401,
    challenge: `DPoP error="invalid_token", error_description="the access token is DPoP-bound: send it with the DPoP scheme and a DPoP proof", ${ALGS}`,
    body: { error: "invalid_token", error_description: "the access token is DPoP-bound: send it with the DPoP scheme and a DPoP proof" },
  });
  const apiAsBearer = await fetchWith(`${ISSUER}/api/v1/users/me`, { authorization: `Bearer ${tokens.access_token}` });
  expect(apiAsBearer.status).toBe(401);
  expect(apiAsBearer.challenge).toBe(`DPoP error="invalid_token", error_description="the access token is DPoP-bound: send it with the DPoP scheme and a DPoP proof", ${ALGS}`);
  expect(JSON.stringify(apiAsBearer.body)).toContain("invalid_token");

  // Introspection tells a resource server the token is bound, and to which key.
  const introspected = await postToEndpoint("/oauth/introspect", { token: tokens.access_token }, DEMO_CLIENT);
  expect(introspected.body).toMatchObject({ active: true, token_type: "DPoP", cnf: { jkt: key.jkt } });
});

test("a proof must be this request's, for this token, fresh, once, and of the token's key", async () => {
  const member = await createTestMember("dpop-proofs");
  const key = await newKey();
  const tokens = await signIn(member, key);
  const url = `${ISSUER}/oauth/userinfo`;
  const send = async (dpop: string | null, scheme = "DPoP") => fetchWith(url, { authorization: `${scheme} ${tokens.access_token}`, ...(dpop ? { dpop } : {}) });
  const refused = (description: string) => ({
    status: 401,
    challenge: `DPoP error="invalid_dpop_proof", error_description="${description}", ${ALGS}`,
    body: { error: "invalid_dpop_proof", error_description: description },
  });
  const good = { htm: "GET", htu: url, accessToken: tokens.access_token };

  expect(await send(null)).toMatchObject(refused("a DPoP proof is required with a DPoP-bound token"));
  expect(await send(await proof(key, { ...good, htm: "POST" }))).toMatchObject(refused("the DPoP proof's htm is not this request's method"));
  expect(await send(await proof(key, { ...good, htu: `${ISSUER}/api/v1/users/me` }))).toMatchObject(refused("the DPoP proof's htu is not this request's URL"));
  expect(await send(await proof(key, { ...good, accessToken: undefined }))).toMatchObject(refused("the DPoP proof's ath does not match the access token"));
  expect(await send(await proof(key, { ...good, iat: Math.floor(Date.now() / 1000) - 600 }))).toMatchObject(refused("the DPoP proof's iat is not recent"));
  expect(await send(await proof(await newKey(), good))).toMatchObject(refused("the DPoP proof is signed with another key than the token is bound to"));
  expect(await send(`${await proof(key, good)}x`)).toMatchObject(refused("the DPoP proof's signature, type or key is not valid"));
  const hmac = await new SignJWT({ htm: "GET", htu: url, jti: randomUUID() }).setProtectedHeader({ alg: "HS256", typ: "dpop+jwt", jwk: key.jwk }).setIssuedAt().sign(new Uint8Array(32));
  expect(await send(hmac)).toMatchObject(refused("the DPoP proof's signature, type or key is not valid"));
  const twice = await proof(key, good);
  expect(await send(`${twice}, ${twice}`)).toMatchObject(refused("send exactly one DPoP header"));

  // The query is not part of htu (RFC 9449 4.3); the proof is good once.
  const once = await proof(key, { ...good, htu: `${url}?ignored=1` });
  expect((await send(once)).status).toBe(200);
  expect(await send(once)).toMatchObject(refused("the DPoP proof was already used"));

  // An unbound token in the DPoP scheme is refused too.
  const bearer = (await portalTokensFor(member)).access_token;
  const unbound = await fetchWith(url, { authorization: `DPoP ${bearer}`, dpop: await proof(key, { ...good, accessToken: bearer }) });
  expect(unbound).toMatchObject({ status: 401, body: { error: "invalid_token", error_description: "the access token is not DPoP-bound: send it as a Bearer token" } });
});

test("refresh tokens are bound to the key: another key or none is refused and spends nothing; the right key rotates it", async () => {
  const member = await createTestMember("dpop-refresh");
  const key = await newKey();
  const tokens = await signIn(member, key);
  const tokenUrl = `${ISSUER}/oauth/token`;
  const refresh = async (dpop: string | null) =>
    postToEndpoint("/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: APP.id }, null, "none", dpop ? { dpop } : {});

  const nonce = await nonceOf();
  expect(await refresh(null)).toMatchObject({ status: 400, body: { error: "invalid_dpop_proof", error_description: "this client must send a DPoP proof with every token request" } });
  const withoutNonce = await refresh(await proof(key, { htm: "POST", htu: tokenUrl }));
  expect(withoutNonce).toMatchObject({ status: 400, body: { error: "use_dpop_nonce", error_description: "the authorization server requires a nonce in the DPoP proof" } });
  expect(withoutNonce.headers.get("dpop-nonce")).toMatch(NONCE);
  expect(await refresh(await proof(key, { htm: "POST", htu: tokenUrl, nonce: "A".repeat(32) }))).toMatchObject({
    status: 400,
    body: { error: "use_dpop_nonce", error_description: "the DPoP proof's nonce is stale; use the new one" },
  });
  expect(await refresh(await proof(await newKey(), { htm: "POST", htu: tokenUrl, nonce }))).toMatchObject({
    status: 400,
    body: { error: "invalid_grant", error_description: "the refresh token is bound to another DPoP key" },
  });

  // Nothing above spent it or revoked anything: the phone's own refresh works, bound to the same key.
  const rotated = await refresh(await proof(key, { htm: "POST", htu: tokenUrl, nonce }));
  expect(rotated.status).toBe(200);
  expect(rotated.body).toMatchObject({ token_type: "DPoP", refresh_token: expect.any(String) });
  expect(rotated.headers.get("dpop-nonce")).toMatch(NONCE);
  expect(claims((rotated.body as { access_token: string }).access_token).cnf).toEqual({ jkt: key.jkt });
  const [grant] = await sql<{ dpop_jkt: string; revoked_at: Date | null }>(`SELECT dpop_jkt, revoked_at FROM oauth_grant WHERE user_id = $1 AND client_id = $2`, [member.id, APP.id]);
  expect(grant).toEqual({ dpop_jkt: key.jkt, revoked_at: null });
});

test("a client that does not require DPoP still gets bearer tokens without a proof, and bound ones with one", async () => {
  const plain = await postToEndpoint("/oauth/token", { grant_type: "client_credentials", scope: "profile" }, DEMO_CLIENT);
  expect(plain.body).toMatchObject({ token_type: "Bearer" });
  expect(claims((plain.body as { access_token: string }).access_token).cnf).toBeUndefined();
  const key = await newKey();
  const nonce = await nonceOf();
  const bound = await postToEndpoint("/oauth/token", { grant_type: "client_credentials", scope: "profile" }, DEMO_CLIENT, "basic", { dpop: await proof(key, { htm: "POST", htu: `${ISSUER}/oauth/token`, nonce }) });
  expect(bound.body).toMatchObject({ token_type: "DPoP" });
  expect(claims((bound.body as { access_token: string }).access_token).cnf).toEqual({ jkt: key.jkt });
});
