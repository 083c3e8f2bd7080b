import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AccountError } from "../accounts/errors.ts";
import { hashToken, randomToken } from "../crypto/tokens.ts";
import { serviceTestDatabase, thrownBy } from "../db/service-test.ts";
import { TEST_CONTEXT, insertMember, insertSession, securityEventsOf } from "../db/test-fixtures.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { sessionCookieName } from "../sessions/session-cookie.ts";
import { readPendingSignIn, pendingSignInCookieName } from "../sign-in/pending-sign-in.ts";
import { completeFederatedCallback, type CallbackResult } from "./complete-federated-callback.ts";
import { LINK_CONFIRM_PATH, securityPagePath } from "./outcomes.ts";
import { attemptCookieName, linkCookieName, readLinkCookie } from "./cookies.ts";
import { listEnabledProviders, saveFederationProvider, setFederationProviderEnabled } from "./providers.ts";
import { federatedCallbackUrl } from "./relying-party.ts";
import { startFederatedSignIn } from "./start-federated-sign-in.ts";
import { newUpstreamLogin, startTestUpstream, upstreamEmail, upstreamPerson, type TestUpstream } from "./upstream.testing.ts";

/**
 * "Continue with <provider>" and "Link" against a real upstream OpenID Connect provider in this process: what
 * is parked in the database on the way out, what the callback accepts, and what it may create. The pages,
 * cookies and redirects around these steps are e2e/api/federation.spec.ts's.
 */
const database = serviceTestDatabase();
const PROVIDER = "upstream";
const PROVIDER_NAME = "Upstream ID";
let upstream: TestUpstream;

beforeAll(async () => {
  upstream = await startTestUpstream({ clientId: "church", redirectUri: federatedCallbackUrl() });
  await saveFederationProvider(database, {
    id: PROVIDER,
    displayName: PROVIDER_NAME,
    issuer: upstream.issuer,
    clientId: upstream.clientId,
    clientSecret: upstream.clientSecret,
    scopes: ["openid", "email", "profile"],
  });
});

afterAll(() => upstream?.close());

/** Each browser calls from an address of its own: starts are limited per address, and the limit's test spends them all. */
let browsersMade = 0;

/** A browser of ours: its cookies by name, set from what each step answers. */
class Browser {
  readonly cookies = new Map<string, string>();
  constructor(readonly ip = `198.51.100.${++browsersMade}`) {}
  get context() {
    return { ...TEST_CONTEXT, ip: this.ip };
  }
  keep(result: { cookies: { name: string; value: string }[] }): void {
    for (const cookie of result.cookies) {
      if (cookie.value) this.cookies.set(cookie.name, cookie.value);
      else this.cookies.delete(cookie.name);
    }
  }
}

/** A browser where `userId` is signed in here. */
async function signedIn(userId: string): Promise<Browser> {
  const browser = new Browser();
  const token = randomToken();
  await insertSession(database, userId, { tokenHash: hashToken(token) });
  browser.cookies.set(sessionCookieName(), token);
  return browser;
}

/** Presses "Continue with" (or "Link") in `browser`: the attempt is parked, the browser holds its cookie. */
async function start(browser: Browser, fields: { intent?: "sign_in" | "link"; userId?: string | null; request?: string } = {}): Promise<URL> {
  const started = await startFederatedSignIn(database, {
    providerId: PROVIDER,
    intent: fields.intent ?? "sign_in",
    userId: fields.userId ?? null,
    request: fields.request,
    context: browser.context,
  });
  browser.keep({ cookies: [started.cookie] });
  return new URL(started.authorizationUrl);
}

/** The provider's return to our callback, opened in `browser`. */
async function callback(browser: Browser, returned: URL): Promise<CallbackResult> {
  const result = await completeFederatedCallback(database, {
    query: returned.searchParams,
    attemptCookieValue: browser.cookies.get(attemptCookieName()),
    sessionCookieValue: browser.cookies.get(sessionCookieName()),
    cookie: (name) => browser.cookies.get(name),
    context: browser.context,
    baseUrl: "http://localhost:3000",
  });
  browser.keep(result);
  return result;
}

async function linkIdentity(userId: string, subject: string): Promise<void> {
  await database.prisma.federatedIdentity.create({ data: { userId, providerId: PROVIDER, issuer: upstream.issuer, subject }, select: { id: true } });
}

const attemptOf = (authorization: URL) =>
  database.prisma.federatedLoginAttempt.findUnique({ where: { stateHash: hashToken(authorization.searchParams.get("state")!) } });

describe("Continue with a provider", () => {
  it("parks the attempt with its state hashed and its PKCE verifier sealed, and asks the provider for a code with S256, state and nonce", async () => {
    const browser = new Browser();
    const before = Date.now();
    const authorization = await start(browser, { request: "parked-request-id" });
    const after = Date.now();

    expect(`${authorization.origin}${authorization.pathname}`).toBe(`${upstream.issuer}/auth`);
    expect(Object.fromEntries(authorization.searchParams)).toEqual({
      client_id: upstream.clientId,
      redirect_uri: federatedCallbackUrl(),
      response_type: "code",
      scope: "openid email profile",
      state: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      nonce: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      code_challenge_method: "S256",
    });
    const attempt = await attemptOf(authorization);
    expect(attempt).toMatchObject({ intent: "sign_in", userId: null, providerId: PROVIDER, nonce: authorization.searchParams.get("nonce"), request: "parked-request-id" });
    // A compact JWE, never the verifier as it is.
    expect(attempt!.codeVerifierEncrypted.split(".")).toHaveLength(5);
    expect(attempt!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 600_000);
    expect(attempt!.expiresAt.getTime()).toBeLessThanOrEqual(after + 600_000);
    expect(browser.cookies.get(attemptCookieName())).toBeTruthy();
  });

  it("while a member is signed in, an identity nobody linked gets a one-time link code bound to that member, stored only as its hash, and links nothing yet", async () => {
    const member = await insertMember(database);
    const browser = await signedIn(member.id);
    const login = newUpstreamLogin("alice");
    const authorization = await start(browser);
    const returned = await upstreamPerson(upstream)(authorization.href, { login });

    const before = Date.now();
    const result = await callback(browser, returned);
    const after = Date.now();

    expect(result.redirectTo).toBe(LINK_CONFIRM_PATH);
    expect(await attemptOf(authorization)).toBeNull();
    expect(browser.cookies.has(attemptCookieName())).toBe(false);
    const code = await readLinkCookie(browser.cookies.get(linkCookieName()));
    expect(code).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await database.prisma.federatedLinkCode.findMany({ where: { userId: member.id } });
    expect(stored).toEqual([expect.objectContaining({ codeHash: hashToken(code!), providerId: PROVIDER, issuer: upstream.issuer, subject: login, email: upstreamEmail(login) })]);
    expect(stored[0]!.expiresAt.getTime()).toBeGreaterThanOrEqual(before + 600_000);
    expect(stored[0]!.expiresAt.getTime()).toBeLessThanOrEqual(after + 600_000);
    expect(JSON.stringify(stored)).not.toContain(code);
    expect(await database.prisma.federatedIdentity.count({ where: { userId: member.id } })).toBe(0);
  });

  it("a linked identity signs its member in (amr fed), logged with the provider, and its last use is kept", async () => {
    const member = await insertMember(database);
    const login = newUpstreamLogin("carol");
    await linkIdentity(member.id, login);
    const browser = new Browser();

    const result = await callback(browser, await upstreamPerson(upstream)((await start(browser)).href, { login }));

    expect(result.redirectTo).toBe("/account");
    const session = await database.prisma.session.findFirstOrThrow({ where: { userId: member.id } });
    expect(session.tokenHash).toBe(hashToken(browser.cookies.get(sessionCookieName())!));
    expect(session.amr).toEqual(["fed"]);
    expect(await securityEventsOf(database, member.id)).toContainEqual({
      type: "sign_in",
      detail: { method: "federated", amr: ["fed"], session_id: session.id, provider: PROVIDER, provider_name: PROVIDER_NAME },
    });
    expect((await database.prisma.federatedIdentity.findFirstOrThrow({ where: { userId: member.id } })).lastUsedAt).not.toBeNull();
  });

  it("a linked member with two-step sign-in is asked for their code first: no session yet, the provider remembered for the log", async () => {
    const member = await insertMember(database);
    await database.prisma.totpCredential.create({ data: { userId: member.id, secretEncrypted: "sealed", status: "confirmed", confirmedAt: new Date() } });
    const login = newUpstreamLogin("dave");
    await linkIdentity(member.id, login);
    const browser = new Browser();

    const result = await callback(browser, await upstreamPerson(upstream)((await start(browser, { request: "req-1" })).href, { login }));

    expect(result.redirectTo).toBe("/sign-in/second-factor?request=req-1");
    expect(browser.cookies.has(sessionCookieName())).toBe(false);
    expect(await database.prisma.session.count({ where: { userId: member.id } })).toBe(0);
    expect(await readPendingSignIn(browser.cookies.get(pendingSignInCookieName()))).toMatchObject({
      userId: member.id,
      request: "req-1",
      firstFactor: "fed",
      provider: { id: PROVIDER, name: PROVIDER_NAME },
    });
  });

  it("an unknown identity while nobody is signed in creates and links nothing, even when its verified email is a member's address", async () => {
    const login = newUpstreamLogin("same-email");
    const member = await insertMember(database, { email: upstreamEmail(login) });
    const accounts = await database.prisma.user.count();
    const browser = new Browser();

    const result = await callback(browser, await upstreamPerson(upstream)((await start(browser, { request: "req-2" })).href, { login }));

    expect(result.redirectTo).toBe("/sign-in?request=req-2&error=federation_not_linked");
    expect(browser.cookies.has(sessionCookieName())).toBe(false);
    expect(browser.cookies.has(linkCookieName())).toBe(false);
    expect(await database.prisma.user.count()).toBe(accounts);
    expect(await database.prisma.federatedIdentity.count({ where: { subject: login } })).toBe(0);
    expect(await database.prisma.federatedLinkCode.count({ where: { subject: login } })).toBe(0);
    expect(await database.prisma.session.count({ where: { userId: member.id } })).toBe(0);
  });

  it("the member saying no at the provider comes back as cancelled, with the app's request kept", async () => {
    const browser = new Browser();
    const result = await callback(browser, await upstreamPerson(upstream)((await start(browser, { request: "req-3" })).href, { abort: true }));
    expect(result.redirectTo).toBe("/sign-in?request=req-3&error=federation_cancelled");
  });

  it("a callback opened in another browser is refused without spending the attempt; in its own browser it works once", async () => {
    const attacker = new Browser();
    const authorization = await start(attacker);
    const returned = await upstreamPerson(upstream)(authorization.href, { login: newUpstreamLogin("attacker") });

    const victim = await signedIn((await insertMember(database)).id);
    expect((await callback(victim, returned)).redirectTo).toBe("/sign-in?error=federation_failed");
    expect(victim.cookies.has(linkCookieName())).toBe(false);
    expect(await attemptOf(authorization)).not.toBeNull();

    const attemptCookie = attacker.cookies.get(attemptCookieName())!;
    expect((await callback(attacker, returned)).redirectTo).toBe("/sign-in?error=federation_not_linked");
    expect(await attemptOf(authorization)).toBeNull();
    // Replayed, even with the attempt cookie put back: there is no attempt left.
    attacker.cookies.set(attemptCookieName(), attemptCookie);
    expect((await callback(attacker, returned)).redirectTo).toBe("/sign-in?error=federation_failed");
  });

  it("starts are limited per address: 30 in a quarter of an hour, then a wait of 30 s; another address is not held up", async () => {
    const browser = new Browser();
    for (let attempt = 1; attempt <= 30; attempt++) await start(browser);
    expect((await thrownBy(TooManyAttemptsError, start(browser))).retryAfterSeconds).toBe(30);
    await expect(start(new Browser("203.0.113.7"))).resolves.toBeInstanceOf(URL);
  });

  it("a disabled or unknown provider is not offered and cannot be started", async () => {
    await saveFederationProvider(database, { id: "switched-off", displayName: "Switched Off", issuer: "https://off.example.org", clientId: "x", clientSecret: "s", scopes: ["openid"] });
    await setFederationProviderEnabled(database, "switched-off", false);
    expect(await listEnabledProviders(database)).toEqual([{ id: PROVIDER, displayName: PROVIDER_NAME }]);
    for (const providerId of ["switched-off", "no-such-idp"]) {
      const refused = await thrownBy(AccountError, startFederatedSignIn(database, { providerId, intent: "sign_in", userId: null, context: new Browser().context }));
      expect(refused.code, providerId).toBe("federation_unavailable");
    }
  });
});

describe("Link from Account › Security", () => {
  it("parks the member with the attempt, and an identity already theirs, or someone else's, is reported with no code issued", async () => {
    const owner = await insertMember(database);
    const login = newUpstreamLogin("bob");
    await linkIdentity(owner.id, login);
    const person = upstreamPerson(upstream);

    const ownBrowser = await signedIn(owner.id);
    const own = await start(ownBrowser, { intent: "link", userId: owner.id });
    expect(await attemptOf(own)).toMatchObject({ intent: "link", userId: owner.id });
    expect((await callback(ownBrowser, await person(own.href, { login }))).redirectTo).toBe(securityPagePath("already_linked", PROVIDER));

    const someoneElse = await insertMember(database);
    const elseBrowser = await signedIn(someoneElse.id);
    const result = await callback(elseBrowser, await person((await start(elseBrowser, { intent: "link", userId: someoneElse.id })).href, { login }));
    expect(result.redirectTo).toBe(securityPagePath("linked_elsewhere", PROVIDER));
    expect(elseBrowser.cookies.has(linkCookieName())).toBe(false);
    expect(await database.prisma.federatedLinkCode.count({ where: { userId: { in: [owner.id, someoneElse.id] } } })).toBe(0);
    expect((await database.prisma.federatedIdentity.findMany({ where: { subject: login } })).map((identity) => identity.userId)).toEqual([owner.id]);
  });

  it("comes back to the same member still signed in, or links nothing", async () => {
    const member = await insertMember(database);
    const browser = await signedIn(member.id);
    const authorization = await start(browser, { intent: "link", userId: member.id });
    browser.cookies.delete(sessionCookieName());

    const result = await callback(browser, await upstreamPerson(upstream)(authorization.href, { login: newUpstreamLogin("erin") }));

    expect(result.redirectTo).toBe(securityPagePath("session_changed", PROVIDER));
    expect(await database.prisma.federatedLinkCode.count({ where: { userId: member.id } })).toBe(0);
  });
});
