import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import {
  CALLBACK_URL,
  federatedForm,
  insertLinkedIdentity,
  linkCodeIn,
  newUpstreamLogin,
  startUpstream,
  travel,
  upstreamBrowser,
  type Upstream,
} from "../support/federation.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_APP, OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import { authorizeUrl, exchangeCode, pkce, portalTokensFor, tokensFor } from "../support/oauth-client.ts";
import { claims } from "../support/oauth-tokens.ts";

/**
 * "Continue with <provider>" against a real upstream OpenID Connect provider (oidc-provider, started here on
 * a port the system picks, registered through scripts/federation-providers.ts), over HTTP as a browser does it:
 * our sign-in page → the upstream's login and consent → our callback → a one-time link code for the member
 * signed in here → POST /oauth/federated/link/finalize → later, signed out, "Continue with" inside an app's
 * authorization request signs the member in (amr `fed`). And what must not happen: an unknown identity
 * while signed out creates or links nothing; a callback opened in another browser is refused; a link code
 * works only with its own member's token, and once. What each step keeps in the database (the parked
 * attempt, the hashed link code, the session's amr) is lib/federation/federated-sign-in.service.test.ts's;
 * here, only what a browser and an app see.
 */
test.describe.configure({ mode: "serial" });

const PROVIDER = "upstream-api";
const PROVIDER_NAME = "Upstream API";
const CONTINUE = `Continue with ${PROVIDER_NAME}`;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const REFUSED = { error: "invalid_request", error_description: "code: is unknown or has expired" };
const NOT_LINKED = "That account isn’t linked to an account here yet, so nothing was created or linked.";

/** A page's HTML without React's text separators, so sentences read as rendered. */
const text = (html: string) => html.replace(/<!-- -->/g, "");

let upstream: Upstream;
let client: Record<string, string>;

test.beforeAll(async () => {
  upstream = await startUpstream(PROVIDER, PROVIDER_NAME);
});

test.afterAll(async () => {
  await upstream?.close();
});

test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});

/** A browser signed in to our authorization server as `member` (password), with no app involved. */
async function signedInBrowser(member: TestMember): Promise<OAuthBrowser> {
  const browser = new OAuthBrowser();
  const response = await browser.postSignIn(null, member.email, member.password, client);
  expect(response.status, await response.clone().text()).toBe(200);
  expect(await response.json()).toEqual({ redirect_to: "/account" });
  return browser;
}

/** Presses "Continue with" on our sign-in page (of a parked request, when given): the 303 to the upstream. */
async function pressContinue(browser: OAuthBrowser, requestId: string | null = null): Promise<URL> {
  const { html } = await browser.page(requestId ? `/sign-in?request=${requestId}` : "/sign-in");
  const form = federatedForm(html, CONTINUE);
  expect(form.action).toBe("/auth/federated/start");
  const response = await browser.fetch(form.action, { form: form.fields, headers: client });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

/** Presses "Link your … account" (Account › Security's form, intent=link) as a signed-in member's browser. */
async function pressLink(browser: OAuthBrowser): Promise<URL> {
  const { html } = await browser.page("/sign-in");
  const response = await browser.fetch("/auth/federated/start", {
    form: { csrf_token: hiddenInputs(html).csrf_token!, intent: "link", provider: PROVIDER },
    headers: client,
  });
  expect(response.status).toBe(303);
  return new URL(response.headers.get("location")!);
}

const finalize = (token: string | null, body: unknown, headers: Record<string, string> = client) =>
  callApi("POST", "/oauth/federated/link/finalize", token, { body, headers });

interface LinkedIdentity {
  id: string;
  provider: string;
  provider_name: string;
  email: string | null;
  linked_at: string;
  last_used_at: string | null;
}

/** The member's linked accounts, as Account › Security lists them. */
async function linkedIdentities(token: string): Promise<LinkedIdentity[]> {
  const listed = await callApi("GET", "/api/v1/users/me/linked-identities", token);
  expect(listed.status).toBe(200);
  return (listed.body as { identities: LinkedIdentity[] }).identities;
}

/** The details of the member's security-log entries of `type`, newest first, as their security page lists them. */
async function securityLog(token: string, type: string): Promise<Record<string, unknown>[]> {
  const listed = await callApi("GET", "/api/v1/users/me/security-events?limit=50", token);
  return (listed.body as { events: { type: string; detail: Record<string, unknown> }[] }).events.filter((event) => event.type === type).map((event) => event.detail);
}

/**
 * Links `login` at the upstream to `member` as they would: signed in here (through an app, so a second
 * factor is given too), "Link" on Account › Security, the upstream's pages, then the portal's confirmation.
 * Answers the member's portal token.
 */
async function linkThroughUpstream(member: TestMember, login: string): Promise<string> {
  const { browser } = await tokensFor(member, { scope: "openid" });
  const trip = await travel(await pressLink(browser), browser, upstreamBrowser(upstream), { login });
  expect(trip.landed.pathname).toBe("/account/security/link");
  const { access_token: token } = await portalTokensFor(member);
  expect((await finalize(token, { code: await linkCodeIn(browser.jar) })).status).toBe(200);
  return token;
}

test("the round trip: Continue with while signed in → link code → finalize (only by its member, once) → signed out, Continue with signs in", async () => {
  const member = await createTestMember("fed-round");
  const other = await createTestMember("fed-round-other");
  const login = newUpstreamLogin("alice");
  const ours = await signedInBrowser(member);
  const theirs = upstreamBrowser(upstream);

  // 1. "Continue with" sends the browser to the upstream with PKCE (S256), state and nonce; this browser holds the attempt.
  const authorize = await pressContinue(ours);
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${upstream.issuer}/auth`);
  const params = Object.fromEntries(authorize.searchParams);
  expect(params).toEqual({
    client_id: upstream.clientId,
    redirect_uri: CALLBACK_URL,
    response_type: "code",
    scope: "openid email profile",
    state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    code_challenge_method: "S256",
  });
  expect(ours.jar.get("fed-attempt")).toBeTruthy();

  // 2. The upstream's login and consent, then our callback: an identity nobody linked, while a member is signed in here.
  const trip = await travel(authorize, ours, theirs, { login });
  expect(trip.callback?.searchParams.get("state")).toBe(params.state);
  expect(trip.callback?.searchParams.get("iss")).toBe(upstream.issuer);
  // The callback sends the member to the portal's confirmation page (signing in to the portal on the way).
  expect(trip.landed.pathname).toBe("/account/security/link");
  expect(trip.status).toBe(200);
  expect(text(trip.html)).toContain(`Link your ${PROVIDER_NAME} account?`);
  expect(text(trip.html)).toContain(`You signed in at ${PROVIDER_NAME} as a***@u***.example.`);
  expect(ours.jar.get("fed-attempt")).toBeUndefined();
  // The code travels only in a sealed cookie, never in the page.
  const code = await linkCodeIn(ours.jar);
  expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(trip.html).not.toContain(code);
  const { access_token: token } = await portalTokensFor(member);
  expect(await linkedIdentities(token)).toEqual([]);

  // 3. Finalize: another member's token cannot use the code (and does not spend it); the member's can, once.
  const { access_token: otherToken } = await portalTokensFor(other);
  const stolen = await finalize(otherToken, { code });
  expect(stolen.status).toBe(400);
  expect(stolen.body).toEqual(REFUSED);
  expect(await linkedIdentities(otherToken)).toEqual([]);
  expect(await linkedIdentities(token)).toEqual([]);

  await tokensFor(member); // the member allows demo-app, which signs in with the linked identity below
  const linked = await finalize(token, { code });
  expect(linked.status).toBe(200);
  expect(linked.headers.get("cache-control")).toBe("no-store");
  expect(linked.body).toEqual({ status: "linked", provider: PROVIDER, linked_at: expect.stringMatching(ISO) });

  const replay = await finalize(token, { code });
  expect(replay.status).toBe(400);
  expect(replay.body).toEqual(REFUSED);

  const [identity] = await linkedIdentities(token);
  expect(await linkedIdentities(token)).toEqual([
    { id: identity!.id, provider: PROVIDER, provider_name: PROVIDER_NAME, email: "a***@u***.example", linked_at: linked.body.linked_at, last_used_at: null },
  ]);
  expect(await securityLog(token, "federated_identity_linked")).toEqual([{ provider: PROVIDER, provider_name: PROVIDER_NAME, email: "a***@u***.example" }]);

  // 4. Signed out here, an app asks the member to sign in: "Continue with" carries the parked request through the upstream and back.
  const { html: signOutPage } = await ours.page("/sign-out");
  const signedOut = await ours.fetch("/auth/sign-out", { form: hiddenInputs(signOutPage), headers: client });
  expect(signedOut.status).toBe(303);
  expect(ours.jar.get("session")).toBeUndefined();

  const { verifier, challenge } = await pkce();
  const outcome = await ours.authorize(authorizeUrl({ scope: "openid profile" }, challenge), { stopAt: ["sign-in"] });
  expect(outcome.pages).toEqual(["sign-in"]);
  const requestId = outcome.requestId!;
  // The upstream remembers the person (its own session): no login page this time.
  const back = await travel(await pressContinue(ours, requestId), ours, theirs);
  expect(back.trail.some((line) => line.includes(`/oauth/authorize/resume?request=${requestId}`))).toBe(true);
  // The member allowed demo-app before (getting tokens above), so no consent page: straight back to the app with a code.
  expect(`${back.landed.origin}${back.landed.pathname}`).toBe(DEMO_APP.redirectUri);
  const appCode = back.landed.searchParams.get("code");
  expect(appCode).toBeTruthy();
  const tokens = await exchangeCode(appCode!, verifier);
  expect(claims(tokens.id_token!)).toMatchObject({ sub: member.id, amr: ["fed"] });
  expect(claims(tokens.access_token)).toMatchObject({ sub: member.id });

  // Read with a token of its own: signing out above may end what that browser's session gave.
  const { access_token: later } = await portalTokensFor(member);
  // The portal's own sign-ins (by password, for these tokens) aside, the one through the upstream.
  expect((await securityLog(later, "sign_in")).filter((detail) => detail.provider)).toEqual([
    { method: "federated", amr: ["fed"], session_id: expect.any(String), provider: PROVIDER, provider_name: PROVIDER_NAME },
  ]);
  const [used] = await linkedIdentities(later);
  expect(used?.last_used_at).toMatch(ISO);
});

test("an unknown identity while nobody is signed in here gets the sign-in page's explanation, and no session", async () => {
  // That no account is made or matched by email (even a verified one) is the service tests'.
  const login = newUpstreamLogin("stranger");
  const ours = new OAuthBrowser();

  const { challenge } = await pkce();
  const outcome = await ours.authorize(authorizeUrl({ scope: "openid" }, challenge), { stopAt: ["sign-in"] });
  const trip = await travel(await pressContinue(ours, outcome.requestId), ours, upstreamBrowser(upstream), { login });

  expect(trip.landed.pathname).toBe("/sign-in");
  expect(Object.fromEntries(trip.landed.searchParams)).toEqual({ request: outcome.requestId, error: "federation_not_linked" });
  expect(trip.status).toBe(200);
  expect(text(trip.html)).toContain(NOT_LINKED);
  expect(ours.jar.get("session")).toBeUndefined();
  expect(ours.jar.get("fed-link")).toBeUndefined();
});

test("Link from Security: an identity already linked to the member, or to someone else, is reported on Security and no code is issued", async () => {
  const owner = await createTestMember("fed-owner");
  const login = newUpstreamLogin("bob");
  const ownerToken = await linkThroughUpstream(owner, login);
  const origin = new URL(CALLBACK_URL).origin;

  const ownBrowser = await signedInBrowser(owner);
  const own = await travel(await pressLink(ownBrowser), ownBrowser, upstreamBrowser(upstream), { login, stopAtCallback: true });
  const ownCallback = await ownBrowser.fetch(own.callback!);
  expect(ownCallback.status).toBe(303);
  expect(ownCallback.headers.get("location")).toBe(`${origin}/account/security?federation=already_linked&provider=${PROVIDER}#linked-identities-title`);

  const someoneElse = await createTestMember("fed-someone-else");
  const elseBrowser = await signedInBrowser(someoneElse);
  const elseTrip = await travel(await pressLink(elseBrowser), elseBrowser, upstreamBrowser(upstream), { login, stopAtCallback: true });
  const elseCallback = await elseBrowser.fetch(elseTrip.callback!);
  expect(elseCallback.headers.get("location")).toBe(`${origin}/account/security?federation=linked_elsewhere&provider=${PROVIDER}#linked-identities-title`);
  expect(elseBrowser.jar.get("fed-link")).toBeUndefined();
  expect((await linkedIdentities(ownerToken)).map((identity) => identity.provider)).toEqual([PROVIDER]);
  expect(await linkedIdentities((await portalTokensFor(someoneElse)).access_token)).toEqual([]);
});

test("Link needs a member signed in here", async () => {
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/sign-in");
  const response = await browser.fetch("/auth/federated/start", { form: { csrf_token: hiddenInputs(html).csrf_token!, intent: "link", provider: PROVIDER }, headers: client });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/sign-in?error=session_required");
  expect(browser.jar.get("fed-attempt")).toBeUndefined();
});

test("a callback opened in another browser (login CSRF) is refused, and a callback works once", async () => {
  const attacker = new OAuthBrowser();
  const login = newUpstreamLogin("attacker");
  // The attacker starts "Continue with" in their own browser and stops at our callback with their own code and state…
  const trip = await travel(await pressContinue(attacker), attacker, upstreamBrowser(upstream), { login, stopAtCallback: true });
  // …and gets a signed-in member to open it: without the attempt cookie of the browser that started it, nothing happens.
  const victim = await createTestMember("fed-victim");
  const victimBrowser = await signedInBrowser(victim);
  const opened = await victimBrowser.fetch(trip.callback!);
  expect(opened.status).toBe(303);
  expect(opened.headers.get("location")).toBe(`${new URL(CALLBACK_URL).origin}/sign-in?error=federation_failed`);
  expect(victimBrowser.jar.get("fed-link")).toBeUndefined();

  // The attempt was not spent by the refused callback: its own browser can still finish it, once.
  const attemptCookie = attacker.jar.get("fed-attempt")!;
  const first = await attacker.fetch(trip.callback!);
  expect(first.headers.get("location")).toBe(`${new URL(CALLBACK_URL).origin}/sign-in?error=federation_not_linked`);
  // Replaying it, even with the attempt cookie put back, finds no attempt.
  attacker.jar.set("fed-attempt", attemptCookie);
  const replay = await attacker.fetch(trip.callback!);
  expect(replay.headers.get("location")).toBe(`${new URL(CALLBACK_URL).origin}/sign-in?error=federation_failed`);
});

test("the member saying no at the upstream comes back as cancelled, and the app's request is kept", async () => {
  const browser = new OAuthBrowser();
  const { challenge } = await pkce();
  const outcome = await browser.authorize(authorizeUrl({ scope: "openid" }, challenge), { stopAt: ["sign-in"] });
  const trip = await travel(await pressContinue(browser, outcome.requestId), browser, upstreamBrowser(upstream), { abort: true });
  expect(trip.callback?.searchParams.get("error")).toBe("access_denied");
  expect(trip.landed.pathname).toBe("/sign-in");
  expect(Object.fromEntries(trip.landed.searchParams)).toEqual({ request: outcome.requestId, error: "federation_cancelled" });
  expect(text(trip.html)).toContain("Signing in with that provider was cancelled.");
});

test("a member with two-step sign-in still gives their code after Continue with (amr fed, otp, mfa)", async () => {
  const member = await createTestMember("fed-totp", { totpSecret: DEMO_TOTP_SECRET });
  const login = newUpstreamLogin("dave");
  await insertLinkedIdentity(member.id, upstream, login);
  const browser = new OAuthBrowser();
  const { verifier, challenge } = await pkce();
  const outcome = await browser.authorize(authorizeUrl({ scope: "openid" }, challenge), { stopAt: ["sign-in"] });
  const trip = await travel(await pressContinue(browser, outcome.requestId), browser, upstreamBrowser(upstream), { login });
  expect(trip.landed.pathname).toBe("/sign-in/second-factor");
  expect(browser.jar.get("session")).toBeUndefined();

  const done = await browser.authorize(trip.landed, { account: member, consent: "allow" });
  expect(done.pages).toEqual(["second-factor", "consent"]);
  const tokens = await exchangeCode(done.code!, verifier);
  expect(claims(tokens.id_token!)).toMatchObject({ sub: member.id, amr: ["fed", "otp", "mfa"] });
  // In the same browser, signed in now: no second code (a new one would wait for the next 30 s window).
  const { access_token: token } = await portalTokensFor(member, undefined, browser);
  expect((await securityLog(token, "sign_in")).filter((detail) => detail.provider)).toEqual([
    { method: "totp", amr: ["fed", "otp", "mfa"], session_id: expect.any(String), provider: PROVIDER, provider_name: PROVIDER_NAME },
  ]);
});

test("after the identity is removed, Continue with no longer signs the member in", async () => {
  const member = await createTestMember("fed-removed");
  const login = newUpstreamLogin("carol");
  const token = await linkThroughUpstream(member, login);
  const theirs = upstreamBrowser(upstream);

  const before = new OAuthBrowser();
  const signedIn = await travel(await pressContinue(before), before, theirs, { login });
  expect(signedIn.landed.pathname).toBe("/account");
  expect(before.jar.get("session")).toBeTruthy();

  const [identity] = await linkedIdentities(token);
  const removed = await callApi("DELETE", `/api/v1/users/me/linked-identities/${identity!.id}`, token);
  expect(removed.status).toBe(200);

  const after = new OAuthBrowser();
  const refused = await travel(await pressContinue(after), after, theirs);
  expect(refused.landed.pathname).toBe("/sign-in");
  expect(refused.landed.searchParams.get("error")).toBe("federation_not_linked");
  expect(after.jar.get("session")).toBeUndefined();
});

test("starts are limited per IP address: 30 in a quarter of an hour, then the sign-in page asks to wait", async () => {
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/sign-in");
  const form = federatedForm(html, CONTINUE);
  for (let start = 1; start <= 30; start++) {
    const response = await browser.fetch(form.action, { form: form.fields, headers: client });
    expect(response.status, `start ${start}`).toBe(303);
    expect(response.headers.get("location"), `start ${start}`).toMatch(new RegExp(`^${upstream.issuer}/auth\\?`));
  }
  const refused = await browser.fetch(form.action, { form: form.fields, headers: client });
  expect(refused.status).toBe(303);
  expect(refused.headers.get("location")).toBe("/sign-in?error=too_many_requests&retry_after=30");
  // Another address is not held up by this one.
  const elsewhere = await browser.fetch(form.action, { form: form.fields, headers: { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` } });
  expect(elsewhere.headers.get("location")).toMatch(new RegExp(`^${upstream.issuer}/auth\\?`));
});

test("an unknown provider is not available, and the sign-in page says so", async () => {
  // A disabled one is refused the same way (the service tests).
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/sign-in");
  const fields = { csrf_token: hiddenInputs(html).csrf_token! };
  const response = await browser.fetch("/auth/federated/start", { form: { ...fields, provider: "no-such-idp" }, headers: client });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe("/sign-in?error=federation_unavailable");
  const { html: page } = await browser.page("/sign-in?error=federation_unavailable");
  expect(text(page)).toContain("That sign-in option isn’t available right now.");
  const json = await browser.fetch("/auth/federated/start", { form: { ...fields, provider: "no-such-idp" }, headers: { ...client, accept: "application/json" } });
  expect(json.status).toBe(503);
  expect(await json.json()).toEqual({
    error: "federation_unavailable",
    error_description: "That sign-in option isn’t available right now. Sign in with your email and password, or try again later.",
  });
});
