import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { DEMO_PASSWORD, OAuthBrowser, hiddenInputs } from "../support/oauth-browser.ts";
import { parkRequestFor } from "../support/parked-requests.ts";

// The consent screen (GET /consent, POST /auth/consent) for a parked authorization request of the
// third-party demo-app: the scopes in plain words, "Allow" writes the Consent the /api/v1/consents/me
// routes list and resumes the request, "Deny" resumes it as denied. The request is parked straight in the
// database, as the authorization endpoint would park it.

// Every test posts from an IP address of its own (X-Forwarded-For, which the server reads as the client's),
// as members on different networks would: the per-IP limits then count each test alone, however many
// tests of the suite run from 127.0.0.1 and however often the suite is rerun on one database.
let client: Record<string, string> = {};
test.beforeEach(() => {
  client = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});
const json = (): Record<string, string> => ({ accept: "application/json", ...client });
const plain = (): Record<string, string> => ({ ...client });

function parkRequest(browser: OAuthBrowser, scope: string): Promise<string> {
  return parkRequestFor(browser, {
    client_id: "demo-app",
    redirect_uri: "http://127.0.0.1:8080/callback",
    response_type: "code",
    scope,
    code_challenge: randomBytes(32).toString("base64url"),
    code_challenge_method: "S256",
  });
}

async function signedIn(member: TestMember): Promise<OAuthBrowser> {
  const browser = new OAuthBrowser();
  const { html } = await browser.page("/sign-in");
  const response = await browser.fetch("/auth/sign-in", { form: { ...hiddenInputs(html), email: member.email, password: DEMO_PASSWORD }, headers: json() });
  expect(response.status).toBe(200);
  return browser;
}

async function decide(browser: OAuthBrowser, requestId: string, decision: "allow" | "deny"): Promise<Response> {
  const { status, html } = await browser.page(`/consent?request=${requestId}`);
  expect(status).toBe(200);
  return browser.fetch("/auth/consent", { form: { ...hiddenInputs(html), decision }, headers: json() });
}

interface ConsentRow {
  id: string;
  scopes: string[];
  status: string;
  granted_at: Date;
  revoked_at: Date | null;
}

async function consentOf(member: TestMember): Promise<ConsentRow | undefined> {
  const [row] = await sql<ConsentRow>(`SELECT id, scopes, status, granted_at, revoked_at FROM consent WHERE user_id = $1 AND client_id = 'demo-app'`, [member.id]);
  return row;
}

test("the page lists the client and each scope in plain words; Allow records the Consent and resumes", async () => {
  const member = await createTestMember("consent-allow");
  const browser = await signedIn(member);
  const requestId = await parkRequest(browser, "openid profile email");
  const { html } = await browser.page(`/consent?request=${requestId}`);
  expect(html).toContain("Allow Demo app to use your account?");
  for (const words of ["Confirm who you are when you sign in", "See your name and language", "See your email address"]) expect(html).toContain(words);
  expect(html).not.toContain("See your phone number");
  expect(html).toContain(member.email);

  const response = await decide(browser, requestId, "allow");
  expect(response.status).toBe(200);
  expect(await response.json()).toEqual({ redirect_to: `/oauth/authorize/resume?request=${requestId}` });
  expect(await consentOf(member)).toMatchObject({ scopes: ["openid", "profile", "email"], status: "granted", revoked_at: null });
  // The mark is the session that pressed Allow: it counts for that session alone.
  const [parked] = await sql<{ consented_session_id: string | null; session_id: string }>(
    `SELECT r.consented_session_id, (SELECT id FROM session WHERE user_id = $2) AS session_id FROM authorization_request r WHERE r.id = $1`,
    [requestId, member.id],
  );
  expect(parked?.consented_session_id).toBe(parked?.session_id);
  const [event] = await sql<{ detail: unknown }>(`SELECT detail FROM security_event WHERE user_id = $1 AND type = 'consent_granted'`, [member.id]);
  expect(event?.detail).toEqual({ client_id: "demo-app", scopes: ["openid", "profile", "email"] });
});

test("allowing again adds the new scopes and keeps granted_at; after a revocation it starts afresh", async () => {
  const member = await createTestMember("consent-merge");
  const browser = await signedIn(member);
  await decide(browser, await parkRequest(browser, "openid email"), "allow");
  const first = await consentOf(member);

  await decide(browser, await parkRequest(browser, "openid phone offline_access"), "allow");
  const merged = await consentOf(member);
  expect(merged).toMatchObject({ id: first!.id, scopes: ["openid", "email", "phone", "offline_access"], status: "granted" });
  expect(merged!.granted_at.getTime()).toBe(first!.granted_at.getTime());

  await sql(`UPDATE consent SET status = 'revoked', revoked_at = now() WHERE id = $1`, [first!.id]);
  await decide(browser, await parkRequest(browser, "openid profile"), "allow");
  const regranted = await consentOf(member);
  expect(regranted).toMatchObject({ id: first!.id, scopes: ["openid", "profile"], status: "granted", revoked_at: null });
  expect(regranted!.granted_at.getTime()).toBeGreaterThan(first!.granted_at.getTime());
});

test("Deny resumes the request as denied and records nothing", async () => {
  const member = await createTestMember("consent-deny");
  const browser = await signedIn(member);
  const requestId = await parkRequest(browser, "openid profile");
  const response = await decide(browser, requestId, "deny");
  expect(await response.json()).toEqual({ redirect_to: `/oauth/authorize/resume?request=${requestId}` });
  expect(await consentOf(member)).toBeUndefined();
  const [parked] = await sql<{ consented_session_id: string | null; denied_session_id: string | null }>(
    `SELECT consented_session_id, denied_session_id FROM authorization_request WHERE id = $1`,
    [requestId],
  );
  expect(parked?.consented_session_id).toBeNull();
  expect(parked?.denied_session_id).not.toBeNull();
  const resumed = await browser.fetch(`/oauth/authorize/resume?request=${requestId}`);
  const location = new URL(resumed.headers.get("location") ?? "");
  expect(`${location.origin}${location.pathname}`).toBe("http://127.0.0.1:8080/callback");
  expect(location.searchParams.get("error")).toBe("access_denied");
  expect(await sql(`SELECT 1 FROM authorization_request WHERE id = $1`, [requestId])).toEqual([]);
});

test("another browser cannot see, allow or deny a request: the page and the form treat it as expired", async () => {
  const owner = await signedIn(await createTestMember("consent-owner"));
  const requestId = await parkRequest(owner, "openid profile");
  const victim = await createTestMember("consent-other-browser");
  const other = await signedIn(victim);
  expect((await other.page(`/consent?request=${requestId}`)).html).toContain("This request has expired");
  const { html } = await other.page("/sign-in");
  for (const decision of ["allow", "deny"]) {
    const response = await other.fetch("/auth/consent", { form: { ...hiddenInputs(html), request: requestId, decision }, headers: json() });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "request_expired", error_description: "This sign-in request has expired. Go back to the app and start again." });
  }
  expect(await consentOf(victim)).toBeUndefined();
  const [parked] = await sql<{ consented_session_id: string | null; denied_session_id: string | null }>(
    `SELECT consented_session_id, denied_session_id FROM authorization_request WHERE id = $1`,
    [requestId],
  );
  expect(parked).toEqual({ consented_session_id: null, denied_session_id: null });
});

test("without a session: the page sends the browser to sign in, the form answers 401", async () => {
  const browser = new OAuthBrowser();
  const requestId = await parkRequest(browser, "openid");
  const page = await browser.fetch(`/consent?request=${requestId}`);
  expect(page.status).toBe(307);
  expect(page.headers.get("location")).toBe(`/sign-in?request=${requestId}`);

  const { html } = await browser.page("/sign-in");
  const response = await browser.fetch("/auth/consent", { form: { ...hiddenInputs(html), request: requestId, decision: "allow" }, headers: json() });
  expect(response.status).toBe(401);
  expect(await response.json()).toEqual({ error: "session_required", error_description: "Please sign in to continue." });
  const form = await browser.fetch("/auth/consent", { form: { ...hiddenInputs(html), request: requestId, decision: "allow" }, headers: plain() });
  expect(form.headers.get("location")).toBe(`/sign-in?request=${requestId}&error=session_required`);
});

test("an unknown or expired request, or a decision other than allow/deny, is refused", async () => {
  const member = await createTestMember("consent-expired");
  const browser = await signedIn(member);
  const expired = await parkRequest(browser, "openid");
  await sql(`UPDATE authorization_request SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired]);
  const page = await browser.page(`/consent?request=${expired}`);
  expect(page.html).toContain("This request has expired");

  const { html } = await browser.page("/sign-in");
  const cases: [Record<string, string>, number, object][] = [
    [{ request: expired, decision: "allow" }, 400, { error: "request_expired", error_description: "This sign-in request has expired. Go back to the app and start again." }],
    [{ request: await parkRequest(browser, "openid"), decision: "maybe" }, 400, { error: "invalid_request", error_description: "decision: Choose Allow or Deny." }],
  ];
  for (const [fields, status, body] of cases) {
    const response = await browser.fetch("/auth/consent", { form: { ...hiddenInputs(html), ...fields }, headers: json() });
    expect(response.status).toBe(status);
    expect(await response.json()).toEqual(body);
  }
});
