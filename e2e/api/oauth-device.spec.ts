import { expect, test } from "@playwright/test";
import * as oauth from "oauth4webapi";
import { sql, uniqueIp } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { OAuthBrowser, hiddenInputs, inputValue } from "../support/oauth-browser.ts";
import { DEMO_CLIENT, ISSUER, basic, portalTokensFor, postToEndpoint, userinfoOf } from "../support/oauth-client.ts";
import { tokenHash } from "../support/oauth-tokens.ts";
import { callApi } from "../support/identity-api.ts";
import { discover, insecure } from "../support/second-relying-party.ts";

// The device authorization grant (RFC 8628), driven by oauth4webapi as a lobby kiosk would: it asks for a
// code, a member types it at /device in their own browser and allows it, and the kiosk's polls turn from
// authorization_pending into tokens. Every refusal has its exact status and body. Between polls the test
// moves the request's last poll back instead of sleeping through the interval.

const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";
const KIOSK = { id: "demo-kiosk", name: "Lobby kiosk" };
const kiosk: oauth.Client = { client_id: KIOSK.id };
let as: oauth.AuthorizationServer;

test.beforeAll(async () => {
  as = await discover();
});

/** The kiosk asks for a code, from an address of its own so no other test's limit counts it. */
async function startDevice(scope = "openid profile offline_access", client = kiosk) {
  const ip = await uniqueIp();
  const response = await oauth.deviceAuthorizationRequest(as, client, oauth.None(), new URLSearchParams({ scope }), { ...insecure, headers: { "x-forwarded-for": ip, "user-agent": "LobbyKiosk/2.1 (Linux)" } });
  return oauth.processDeviceAuthorizationResponse(as, client, response);
}

async function poll(deviceCode: string, client = kiosk) {
  const response = await oauth.deviceCodeGrantRequest(as, client, oauth.None(), deviceCode, insecure);
  return oauth.processDeviceCodeResponse(as, client, response);
}

/** The same poll without the library, for the exact status and body of a refusal. */
async function rawPoll(deviceCode: string, clientId = KIOSK.id) {
  return postToEndpoint("/oauth/token", { grant_type: DEVICE_GRANT, device_code: deviceCode, client_id: clientId }, null, "none");
}

/** As if the kiosk had waited its interval since the last poll. */
async function intervalPasses(deviceCode: string): Promise<void> {
  await sql(`UPDATE device_authorization SET last_polled_at = last_polled_at - make_interval(secs => poll_interval_seconds + 1) WHERE device_code_hash = $1`, [tokenHash(deviceCode)]);
}

/** A member's browser, signed in at the authorization server, from an address of its own. */
async function signedInBrowser(member: TestMember): Promise<OAuthBrowser> {
  const browser = new OAuthBrowser();
  const response = await browser.postSignIn(null, member.email, member.password);
  expect(response.status, await response.clone().text()).toBe(200);
  return browser;
}

/** Types the code at /device as the page's form does; answers the request's confirmation page. */
async function typeCode(browser: OAuthBrowser, userCode: string, headers: Record<string, string> = {}) {
  const { html } = await browser.page("/device");
  return browser.fetch("/auth/device", { form: { ...hiddenInputs(html), user_code: userCode }, headers: { accept: "application/json", ...headers } });
}

async function review(browser: OAuthBrowser, userCode: string): Promise<{ url: URL; html: string }> {
  const answer = await typeCode(browser, userCode);
  const body = (await answer.json()) as { redirect_to?: string };
  expect(answer.status, JSON.stringify(body)).toBe(200);
  const url = browser.url(body.redirect_to!);
  return { url, html: (await browser.page(url)).html };
}

async function decide(browser: OAuthBrowser, page: { url: URL; html: string }, decision: "allow" | "deny"): Promise<URL> {
  return browser.post("/auth/device/decision", { ...hiddenInputs(page.html), decision });
}

test("discovery names the device endpoint and grant", () => {
  expect(as.device_authorization_endpoint).toBe(`${ISSUER}/oauth/device_authorization`);
  expect(as.grant_types_supported).toContain(DEVICE_GRANT);
});

test("a kiosk signs in: pending until the member allows it at /device, then tokens once; the device is in the member's sessions and signing it out ends it", async () => {
  const member = await createTestMember("device-flow");
  const device = await startDevice();
  expect(device.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
  expect(device.device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
  expect(device).toMatchObject({
    verification_uri: `${ISSUER}/device`,
    verification_uri_complete: `${ISSUER}/device?user_code=${device.user_code}`,
    expires_in: 600,
    interval: 5,
  });

  await expect(poll(device.device_code)).rejects.toMatchObject({ error: "authorization_pending" });

  // The link on the kiosk's screen: signed out, it goes to sign-in and comes back with the code filled in.
  const browser = new OAuthBrowser();
  const first = await browser.fetch(device.verification_uri_complete!);
  expect(first.status).toBe(307);
  const signIn = browser.url(first.headers.get("location")!);
  expect(signIn.pathname).toBe("/sign-in");
  expect(signIn.searchParams.get("return_to")).toBe(`/device?user_code=${device.user_code}`);
  const signedIn = await browser.postSignIn(null, member.email, member.password, {});
  expect(signedIn.status).toBe(200);
  const filled = await browser.page(device.verification_uri_complete!);
  expect(inputValue(filled.html, "user_code")).toBe(device.user_code);

  // Typed in lower case without the dash, as a member might.
  const page = await review(browser, device.user_code.replace("-", "").toLowerCase());
  expect(page.url.pathname).toBe("/device");
  expect(page.html).toContain(`Sign in ${KIOSK.name} on this device?`);
  expect(page.html).toContain("Linux computer");
  expect(page.html).toContain("See your name and language");
  expect(page.html).toContain("Stay connected when you are not using the app");
  await intervalPasses(device.device_code);
  await expect(poll(device.device_code)).rejects.toMatchObject({ error: "authorization_pending" });

  const done = await decide(browser, page, "allow");
  expect(`${done.pathname}${done.search}`).toBe("/device?done=allowed");
  await intervalPasses(device.device_code);
  const tokens = await poll(device.device_code);
  expect(tokens).toMatchObject({ token_type: "bearer", scope: "openid profile offline_access", expires_in: expect.any(Number) });
  expect(tokens.refresh_token).toBeTruthy();
  const claims = oauth.getValidatedIdTokenClaims(tokens)!;
  expect(claims).toMatchObject({ sub: member.id, aud: KIOSK.id, amr: ["pwd"] });
  expect(claims.nonce).toBeUndefined();
  expect((await userinfoOf(tokens.access_token)).body).toMatchObject({ sub: member.id, given_name: expect.any(String) });

  // Once: the next poll is refused, whenever it comes.
  await intervalPasses(device.device_code);
  expect(await rawPoll(device.device_code)).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "the device code was already used" } });

  // A third-party app: the answer was the member's consent too.
  const [consent] = await sql<{ scopes: string[]; status: string }>(`SELECT scopes, status FROM consent WHERE user_id = $1 AND client_id = $2`, [member.id, KIOSK.id]);
  expect(consent).toEqual({ scopes: ["openid", "profile", "offline_access"], status: "granted" });

  const portal = await portalTokensFor(member);
  const listed = await callApi("GET", "/api/v1/sessions/me", portal.access_token);
  const kioskSession = (listed.body.sessions as { id: string; app: unknown; device: string; browser: string; current: boolean }[]).find((session) => session.app !== null);
  expect(kioskSession).toMatchObject({ id: claims.sid, app: { client_id: KIOSK.id, name: KIOSK.name }, device: "Linux computer", browser: "LobbyKiosk", current: false });

  expect((await callApi("DELETE", `/api/v1/sessions/me/${kioskSession!.id}`, portal.access_token)).status).toBe(200);
  expect((await userinfoOf(tokens.access_token)).status).toBe(401);
  const refreshed = await postToEndpoint("/oauth/token", { grant_type: "refresh_token", refresh_token: tokens.refresh_token!, client_id: KIOSK.id }, null, "none");
  expect(refreshed).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
});

test("polling faster than the interval is slow_down, five seconds more each time; the member's answer still arrives", async () => {
  const device = await startDevice("openid");
  // A minute between polls, so a slow answer on a loaded machine cannot make the next poll come on time.
  await sql(`UPDATE device_authorization SET poll_interval_seconds = 60 WHERE device_code_hash = $1`, [tokenHash(device.device_code)]);
  expect(await rawPoll(device.device_code)).toMatchObject({ status: 400, body: { error: "authorization_pending", error_description: "the member has not answered yet" } });
  expect(await rawPoll(device.device_code)).toMatchObject({ status: 400, body: { error: "slow_down", error_description: "polling too often: wait at least 65 seconds between requests" } });
  expect(await rawPoll(device.device_code)).toMatchObject({ status: 400, body: { error: "slow_down", error_description: "polling too often: wait at least 70 seconds between requests" } });
  await intervalPasses(device.device_code);
  const answer = await rawPoll(device.device_code);
  expect(answer).toMatchObject({ status: 400, body: { error: "authorization_pending" } });
  expect(answer.headers.get("cache-control")).toBe("no-store");
  const [row] = await sql<{ poll_interval_seconds: number }>(`SELECT poll_interval_seconds FROM device_authorization WHERE device_code_hash = $1`, [tokenHash(device.device_code)]);
  expect(row!.poll_interval_seconds).toBe(70);
});

test("a denied request is access_denied for the device; an expired one is expired_token; another client's code is invalid_grant", async () => {
  const member = await createTestMember("device-deny");
  const browser = await signedInBrowser(member);
  const denied = await startDevice("openid profile");
  const done = await decide(browser, await review(browser, denied.user_code), "deny");
  expect(`${done.pathname}${done.search}`).toBe("/device?done=denied");
  expect(await rawPoll(denied.device_code)).toEqual(expect.objectContaining({ status: 400, body: { error: "access_denied", error_description: "the member denied the request" } }));
  await expect(poll(denied.device_code)).rejects.toMatchObject({ error: "access_denied" });
  const [consents] = await sql<{ n: string }>(`SELECT count(*)::text AS n FROM consent WHERE user_id = $1`, [member.id]);
  expect(consents!.n).toBe("0");

  const expired = await startDevice("openid");
  await sql(`UPDATE device_authorization SET expires_at = now() - interval '1 second' WHERE device_code_hash = $1`, [tokenHash(expired.device_code)]);
  expect(await rawPoll(expired.device_code)).toMatchObject({ status: 400, body: { error: "expired_token", error_description: "the device code has expired; start again" } });
  // Its code can no longer be typed either.
  const typed = await typeCode(browser, expired.user_code);
  expect(typed.status).toBe(400);
  expect(await typed.json()).toEqual({ error: "invalid_device_code", error_description: "That code doesn’t match a device waiting to sign in. Check the code on its screen and try again." });

  const mine = await startDevice("openid");
  const other = await postToEndpoint("/oauth/token", { grant_type: DEVICE_GRANT, device_code: mine.device_code }, DEMO_CLIENT, "basic");
  expect(other).toMatchObject({ status: 400, body: { error: "unauthorized_client", error_description: "this client may not use the device authorization grant" } });
  await sql(
    `INSERT INTO client (id, name, type, redirect_uris, grant_types, scopes) VALUES ('oauth-test-device-other', 'Other kiosk', 'public', '{}', $1, '{openid}')
     ON CONFLICT (id) DO NOTHING`,
    [[DEVICE_GRANT]],
  );
  expect(await rawPoll(mine.device_code, "oauth-test-device-other")).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "the device code was issued to another client" } });
  expect(await rawPoll("not-a-device-code")).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "the device code is invalid" } });
  expect(await rawPoll("x".repeat(129))).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "the device code is invalid" } });
  expect(await postToEndpoint("/oauth/token", { grant_type: DEVICE_GRANT, client_id: KIOSK.id }, null, "none")).toMatchObject({ status: 400, body: { error: "invalid_request", error_description: "device_code is required" } });
  // The other client's poll changed nothing: the kiosk's own next poll is on time.
  expect(await rawPoll(mine.device_code)).toMatchObject({ status: 400, body: { error: "authorization_pending" } });
});

test("the device endpoint: only clients registered for the grant, only scopes the client may hold; unknown scopes ignored", async () => {
  const call = (form: Record<string, string>, authorization: string | null = null) =>
    fetch(`${ISSUER}/oauth/device_authorization`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", ...(authorization ? { authorization } : {}) },
      body: new URLSearchParams(form),
    }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown>, cacheControl: response.headers.get("cache-control") }));

  expect(await call({ scope: "openid" }, basic(DEMO_CLIENT.id, DEMO_CLIENT.secret ?? ""))).toMatchObject({
    status: 400,
    body: { error: "unauthorized_client", error_description: "this client may not use the device authorization grant" },
  });
  expect(await call({ client_id: KIOSK.id, scope: "openid email" })).toMatchObject({ status: 400, body: { error: "invalid_scope", error_description: "scope not allowed for this client: email" } });
  expect(await call({ client_id: KIOSK.id, scope: "openid account:sessions" })).toMatchObject({ status: 400, body: { error: "invalid_scope", error_description: "scope not allowed for this client: account:sessions" } });
  expect(await call({ client_id: KIOSK.id })).toMatchObject({ status: 400, body: { error: "invalid_scope", error_description: "scope is required" } });
  expect(await call({ scope: "openid" })).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  expect(await call({ client_id: "no-such-client", scope: "openid" })).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  const ignored = await call({ client_id: KIOSK.id, scope: "openid made-up-scope" });
  expect(ignored.status).toBe(200);
  expect(ignored.cacheControl).toBe("no-store");
  const [row] = await sql<{ scope: string }>(`SELECT scope FROM device_authorization WHERE device_code_hash = $1`, [tokenHash(String(ignored.body.device_code))]);
  expect(row!.scope).toBe("openid");
  const get = await fetch(`${ISSUER}/oauth/device_authorization`);
  expect([get.status, await get.json()]).toEqual([405, { error: "invalid_request", error_description: "GET is not allowed here; use POST" }]);
});

test("asking for device codes is limited per address: 60 free, the 61st starts a wait, then 429 slow_down with Retry-After in RFC 6749's shape", async () => {
  // Sixty-one from one address, as a lobby's kiosks never would in a quarter-hour; every one answered.
  const from = { "x-forwarded-for": await uniqueIp(), "content-type": "application/x-www-form-urlencoded" };
  const ask = () => fetch(new URL("/oauth/device_authorization", ISSUER), { method: "POST", headers: from, body: new URLSearchParams({ client_id: KIOSK.id, scope: "openid" }).toString() });
  const statuses: number[] = [];
  for (let request = 0; request < 61; request += 1) {
    const answer = await ask();
    statuses.push(answer.status);
    await answer.body?.cancel();
  }
  expect(statuses.filter((status) => status === 200)).toHaveLength(61);
  // The 62nd is refused: not the 500 of an unmapped limit, but the OAuth surface's own answer.
  const refused = await ask();
  expect(refused.status).toBe(429);
  const wait = Number(refused.headers.get("retry-after"));
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(60);
  expect(refused.headers.get("cache-control")).toBe("no-store");
  expect(await refused.json()).toEqual({ error: "slow_down", error_description: `too many requests; try again in ${wait} ${wait === 1 ? "second" : "seconds"}` });
  // Another address is not held back.
  expect((await startDevice("openid")).device_code).toMatch(/^[A-Za-z0-9_-]{43}$/);
});

test("wrong codes are counted: five free, then the member waits, even for the right code", async () => {
  const member = await createTestMember("device-guess");
  const browser = await signedInBrowser(member);
  const from = { "x-forwarded-for": await uniqueIp() };
  const device = await startDevice("openid");
  // A wrong code of the same alphabet and length that is certainly not this one.
  const wrong = device.user_code.startsWith("B") ? "CCCC-CCCC" : "BBBB-BBBB";
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const answer = await typeCode(browser, attempt === 4 ? "not a code" : wrong, from);
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { error: string }).error).toBe("invalid_device_code");
  }
  // The 6th wrong code starts a 2-second wait and says so at once.
  const sixth = await typeCode(browser, wrong, from);
  expect(sixth.status).toBe(429);
  expect(sixth.headers.get("retry-after")).toBe("2");
  const blocked = await typeCode(browser, device.user_code, from);
  expect(blocked.status).toBe(429);
  expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await blocked.json()).toMatchObject({ error: "too_many_requests" });
});

test("only the session that typed the code sees the request and may answer it; a signed-out page goes to sign-in", async () => {
  const [owner, stranger] = [await createTestMember("device-owner"), await createTestMember("device-stranger")];
  const device = await startDevice("openid profile");
  const browser = await signedInBrowser(owner);
  const page = await review(browser, device.user_code);

  const other = await signedInBrowser(stranger);
  const seen = await other.page(page.url);
  expect(seen.status).toBe(200);
  expect(seen.html).not.toContain(KIOSK.name);
  expect(inputValue(seen.html, "user_code")).toBe("");
  const answered = await other.fetch("/auth/device/decision", { form: { ...hiddenInputs(seen.html), request: page.url.searchParams.get("request")!, decision: "allow" }, headers: { accept: "application/json" } });
  expect(answered.status).toBe(400);
  expect(await answered.json()).toEqual({ error: "device_request_expired", error_description: "This device’s request has expired or was already answered. Start again on the device to get a new code." });
  expect(await rawPoll(device.device_code)).toMatchObject({ body: { error: "authorization_pending" } });

  // Answered once; the second answer finds nothing.
  await decide(browser, page, "allow");
  const again = await browser.fetch("/auth/device/decision", { form: { ...hiddenInputs(page.html), decision: "deny" }, headers: { accept: "application/json" } });
  expect(again.status).toBe(400);

  const signedOut = new OAuthBrowser();
  const redirected = await signedOut.fetch("/device");
  expect([redirected.status, redirected.headers.get("location")]).toEqual([307, "/sign-in?return_to=%2Fdevice"]);
  const posted = await signedOut.fetch("/auth/device", { form: { user_code: device.user_code }, headers: { accept: "application/json" } });
  expect(posted.status).toBe(403);
});

test("polls that arrive together are answered each by its own state, and an approved code gives its tokens once however many polls race for it", async () => {
  const member = await createTestMember("device-race");
  const browser = await signedInBrowser(member);
  const [approved, waiting] = [await startDevice("openid"), await startDevice("openid")];
  await decide(browser, await review(browser, approved.user_code), "allow");
  const answers = await Promise.all([...Array.from({ length: 6 }, () => rawPoll(approved.device_code)), rawPoll(waiting.device_code)]);
  const forApproved = answers.slice(0, 6);
  expect(forApproved.filter((answer) => answer.status === 200)).toHaveLength(1);
  for (const answer of forApproved.filter((candidate) => candidate.status !== 200)) {
    expect(answer).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: "the device code was already used" } });
  }
  expect(answers[6]).toMatchObject({ status: 400, body: { error: "authorization_pending" } });
});
