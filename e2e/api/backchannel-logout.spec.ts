import { expect, test } from "@playwright/test";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from "jose";
import * as oauth from "oauth4webapi";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser } from "../support/oauth-browser.ts";
import { staffWithToken } from "../support/admin.ts";
import { ISSUER, bearerGet, portalTokensFor } from "../support/oauth-client.ts";
import { tokenHash } from "../support/oauth-tokens.ts";
import { authorizationUrl, discover, insecure } from "../support/second-relying-party.ts";

// OpenID Connect Back-Channel Logout 1.0 over HTTP, as the conformance suite's Back-Channel Logout OP plan
// drives it: a relying party (oauth4webapi) with a registered backchannel_logout_uri signs a member in; when
// the session ends (RP-initiated logout, the member ending it from the account API, a reused refresh token),
// the RP's endpoint receives a logout token it can verify against our JWKS. The RP's endpoint is a real
// server in this process on loopback; the test server allows that (OUTBOUND_ALLOW_PRIVATE_ADDRESSES=true,
// playwright.config.ts), as a production server would not.

const REDIRECT_URI = "http://127.0.0.1:8080/callback";
const jwks = createRemoteJWKSet(new URL(`${ISSUER}/.well-known/jwks.json`));

let rp: Server;
let rpBase: string;
/** Every logout token each path received, in order. */
const received = new Map<string, string[]>();
let as: oauth.AuthorizationServer;

test.beforeAll(async () => {
  rp = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString()));
    request.on("end", () => {
      const tokens = received.get(request.url ?? "") ?? [];
      tokens.push(new URLSearchParams(body).get("logout_token") ?? "");
      received.set(request.url ?? "", tokens);
      response.writeHead(200, { "cache-control": "no-store" }).end();
    });
  });
  await new Promise<void>((resolve) => rp.listen(0, "127.0.0.1", resolve));
  rpBase = `http://127.0.0.1:${(rp.address() as AddressInfo).port}`;
  as = await discover();
});
test.afterAll(() => new Promise<void>((resolve) => rp.close(() => resolve())));

/** A confidential client of this test, told at its own path on the RP server. */
async function registeredClient(label: string) {
  const id = `bcl-${label}-${crypto.randomUUID().slice(0, 8)}`;
  const secret = `secret-${crypto.randomUUID()}`;
  const path = `/logout/${id}`;
  await sql(
    `INSERT INTO client (id, name, type, secret_hash, redirect_uris, post_logout_redirect_uris, grant_types, scopes, backchannel_logout_uri, backchannel_logout_session_required)
     VALUES ($1, $2, 'confidential', $3, $4, $5, '{authorization_code,refresh_token}', '{openid,profile,email}', $6, true)`,
    [id, `Back-channel app ${label}`, tokenHash(secret), [REDIRECT_URI], ["http://127.0.0.1:8080/"], `${rpBase}${path}`],
  );
  return { client: { client_id: id } satisfies oauth.Client, auth: oauth.ClientSecretBasic(secret), path };
}

type Registered = Awaited<ReturnType<typeof registeredClient>>;

/** Sign in through the browser and exchange the code with oauth4webapi (PKCE, state, nonce all checked). */
async function signIn(registered: Registered, member: TestMember, browser = new OAuthBrowser()) {
  const verifier = oauth.generateRandomCodeVerifier();
  const state = oauth.generateRandomState();
  const nonce = oauth.generateRandomNonce();
  const url = authorizationUrl(as, {
    client_id: registered.client.client_id,
    redirect_uri: REDIRECT_URI,
    response_type: "code",
    scope: "openid email",
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: "S256",
  });
  const outcome = await browser.authorize(url, { account: member });
  expect(outcome.code, outcome.trail.join("\n")).toBeTruthy();
  const callback = oauth.validateAuthResponse(as, registered.client, outcome.callback!, state);
  const response = await oauth.authorizationCodeGrantRequest(as, registered.client, registered.auth, callback, REDIRECT_URI, verifier, insecure);
  const tokens = await oauth.processAuthorizationCodeResponse(as, registered.client, response, { expectedNonce: nonce, requireIdToken: true });
  return { browser, tokens, idClaims: oauth.getValidatedIdTokenClaims(tokens)! };
}

/** The logout tokens a path received once there are `count` of them, verified as section 2.6 of the spec asks. */
async function logoutTokens(registered: Registered, count: number): Promise<JWTPayload[]> {
  await expect.poll(() => received.get(registered.path)?.length ?? 0, { timeout: 15_000, intervals: [100, 250, 500] }).toBe(count);
  return Promise.all(
    received.get(registered.path)!.map(async (token) => {
      expect(decodeProtectedHeader(token).typ).toBe("logout+jwt");
      const { payload } = await jwtVerify(token, jwks, { issuer: ISSUER, audience: registered.client.client_id, typ: "logout+jwt", maxTokenAge: "2 minutes" });
      expect(payload.events).toEqual({ "http://schemas.openid.net/event/backchannel-logout": {} });
      expect(payload).not.toHaveProperty("nonce");
      expect(payload.jti).toEqual(expect.any(String));
      return payload;
    }),
  );
}

test("discovery advertises back-channel logout with sid", async () => {
  expect(as).toMatchObject({ backchannel_logout_supported: true, backchannel_logout_session_supported: true });
});

test("RP-initiated logout tells every app of the session, the initiating one too, with the ID token's sub and sid", async () => {
  const member = await createTestMember("bcl-rp-initiated");
  const first = await registeredClient("first");
  const second = await registeredClient("second");
  const { browser, tokens, idClaims } = await signIn(first, member);
  const other = await signIn(second, member, browser);
  expect(other.idClaims.sid).toBe(idClaims.sid);

  const endSession = new URL(as.end_session_endpoint!);
  endSession.searchParams.set("id_token_hint", tokens.id_token!);
  endSession.searchParams.set("post_logout_redirect_uri", "http://127.0.0.1:8080/");
  expect((await browser.fetch(endSession)).status).toBe(303);

  for (const registered of [first, second]) {
    const [payload] = await logoutTokens(registered, 1);
    expect(payload).toMatchObject({ sub: member.id, sid: idClaims.sid, aud: registered.client.client_id });
  }
});

test("ending a session from the account API tells its app; the member's other session is left alone", async () => {
  const member = await createTestMember("bcl-session-api");
  const registered = await registeredClient("sessions");
  const kept = await signIn(registered, member);
  const ended = await signIn(registered, member);
  expect(ended.idClaims.sid).not.toBe(kept.idClaims.sid);
  // The member ends the second sign-in from the portal's session list (its API, with a first-party token).
  const portal = await portalTokensFor(member);
  const answer = await bearerGet(`/api/v1/sessions/me`, `Bearer ${portal.access_token}`);
  expect(answer.status).toBe(200);
  const deleted = await fetch(`${ISSUER}/api/v1/sessions/me/${ended.idClaims.sid}`, { method: "DELETE", headers: { authorization: `Bearer ${portal.access_token}` } });
  expect(deleted.status).toBe(200);

  const [payload] = await logoutTokens(registered, 1);
  expect(payload).toMatchObject({ sub: member.id, sid: ended.idClaims.sid });
});

test("a reused refresh token ends the session, and its app is told", async () => {
  const member = await createTestMember("bcl-reuse");
  const registered = await registeredClient("reuse");
  const { tokens, idClaims } = await signIn(registered, member);
  const refresh = (token: string) => oauth.refreshTokenGrantRequest(as, registered.client, registered.auth, token, insecure);
  await oauth.processRefreshTokenResponse(as, registered.client, await refresh(tokens.refresh_token!));
  const reused = await refresh(tokens.refresh_token!);
  expect(reused.status).toBe(400);

  const [payload] = await logoutTokens(registered, 1);
  expect(payload).toMatchObject({ sub: member.id, sid: idClaims.sid });
});

test("the staff API registers and clears a client's back-channel logout URI, with the redirect URIs' rules", async () => {
  const { token } = await staffWithToken("bcl-staff");
  const call = (method: string, path: string, body?: unknown) =>
    fetch(`${ISSUER}${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, body: body === undefined ? undefined : JSON.stringify(body) });
  const created = await call("POST", "/api/v1/admin/clients", {
    name: "Choir app",
    type: "confidential",
    redirect_uris: ["https://choir.example.org/callback"],
    backchannel_logout_uri: "https://choir.example.org/backchannel-logout",
    backchannel_logout_session_required: true,
  });
  expect(created.status).toBe(201);
  const client = await created.json();
  expect(client).toMatchObject({ backchannel_logout_uri: "https://choir.example.org/backchannel-logout", backchannel_logout_session_required: true });

  const refused = await call("PATCH", `/api/v1/admin/clients/${client.client_id}`, { backchannel_logout_uri: "http://choir.example.org/logout" });
  expect([refused.status, await refused.json()]).toEqual([
    400,
    { error: "invalid_request", error_description: "backchannel_logout_uri: must use https (http only on this device: 127.0.0.1, [::1] or localhost)" },
  ]);
  const cleared = await call("PATCH", `/api/v1/admin/clients/${client.client_id}`, { backchannel_logout_uri: null });
  expect(await cleared.json()).toMatchObject({ backchannel_logout_uri: null });
});
