import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { generate } from "otplib";
import { sql } from "../support/database.ts";
import { callApi } from "../support/identity-api.ts";
import { createTestMember, nextTotpCode, type TestMember } from "../support/oauth-accounts.ts";
import { PORTAL_CLIENT, codeFor, portalTokensFor, tokensFor } from "../support/oauth-client.ts";
import { expiredCopy } from "../support/oauth-tokens.ts";

/**
 * TOTP enrolment and its management under /api/v1/users/me/mfa (decisions.md part 3): setup answers a
 * pending secret, confirm turns it on with a code and answers ten recovery codes, a new set can be made,
 * and it can be turned off with a code or a recovery code. Codes: ±1 step of 30 s, each accepted once,
 * wrong ones limited with the sign-in's second-factor budget. Every answer is also checked against the
 * OpenAPI document (callApi).
 */

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const RECOVERY_CODE = /^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/;
const STEP_SECONDS = 30;

// Every test calls from an IP address of its own (X-Forwarded-For, which the server reads as the client's),
// so the per-IP limit on wrong codes counts only that test's failures.
let fromIp: Record<string, string> = {};
test.beforeEach(() => {
  fromIp = { "x-forwarded-for": `10.${[...randomBytes(3)].join(".")}` };
});

type ApiOptions = Parameters<typeof callApi>[3];
const api = (method: string, path: string, token: string | null, options: ApiOptions = {}) =>
  callApi(method, path, token, { ...options, headers: { ...fromIp, ...options?.headers } });

const invalidRequest = (description: string) => ({ error: "invalid_request", error_description: description });
const conflict = (description: string) => ({ error: "conflict", error_description: description });
const WRONG_TOTP = "code: is not the current code of the authenticator app";
const SIX_DIGITS = "code: must be exactly 6 digits";

/** The current 30-second step, and the code for a step relative to it. */
const currentStep = () => Math.floor(Date.now() / 1000 / STEP_SECONDS);
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * STEP_SECONDS });

/**
 * Waits (at most a few seconds) until the current step has at least 8 s left, so a sequence of calls
 * that relies on "the current step" is not split by a step boundary between the test and the server.
 */
async function awaitFreshStep(): Promise<number> {
  const intoStep = (Date.now() / 1000) % STEP_SECONDS;
  if (intoStep > STEP_SECONDS - 8) await new Promise((resolve) => setTimeout(resolve, (STEP_SECONDS - intoStep + 0.5) * 1000));
  return currentStep();
}

async function memberWithToken(label: string, options: { roles?: "member" | "none" } = {}) {
  const member = await createTestMember(label, options);
  const { access_token } = await portalTokensFor(member);
  return { member, token: access_token };
}

/** The pages a fresh sign-in to the portal goes through (first-party: never a consent page). */
async function signInPages(member: TestMember): Promise<string[]> {
  const portal = { client_id: PORTAL_CLIENT.id, redirect_uri: PORTAL_CLIENT.redirectUri, scope: "openid" };
  return (await codeFor(member, portal, undefined, { ownRedirectUri: PORTAL_CLIENT.redirectUri })).outcome.pages;
}

/** Starts enrolment and answers the secret from the otpauth URL. */
async function setUp(token: string): Promise<{ secret: string; url: URL }> {
  const answer = await api("POST", "/api/v1/users/me/mfa/setup", token);
  expect(answer.status).toBe(200);
  const url = new URL(answer.body.otpauth_url);
  return { secret: url.searchParams.get("secret")!, url };
}

/** Enrols the member: setup plus confirm with the current code; answers the secret and the recovery codes. */
async function enrol(token: string): Promise<{ secret: string; recoveryCodes: string[]; step: number }> {
  const { secret } = await setUp(token);
  const step = await awaitFreshStep();
  const confirmed = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: await codeAt(secret, step) } });
  expect(confirmed.status).toBe(200);
  return { secret, recoveryCodes: confirmed.body.recovery_codes, step };
}

async function eventTypes(userId: string): Promise<string[]> {
  const rows = await sql<{ type: string }>(`SELECT type FROM security_event WHERE user_id = $1 ORDER BY created_at, id`, [userId]);
  return rows.map((row) => row.type);
}

test("setup answers an otpauth URL for a pending secret, sealed at rest, and replaces it when called again", async () => {
  const { member, token } = await memberWithToken("mfa-setup");
  expect((await api("GET", "/api/v1/users/me/mfa", token)).body).toEqual({ status: "disabled", enabled_at: null, recovery_codes_remaining: 0 });

  const { secret, url } = await setUp(token);
  expect(url.protocol).toBe("otpauth:");
  expect(url.host).toBe("totp");
  expect(decodeURIComponent(url.pathname)).toBe(`/Grace Harbor Church:${member.email}`);
  expect(Object.fromEntries(url.searchParams)).toEqual({ secret, issuer: "Grace Harbor Church", algorithm: "SHA1", digits: "6", period: "30" });
  expect(secret).toMatch(/^[A-Z2-7]{32}$/); // 160 bits

  const [row] = await sql<{ secret_encrypted: string; status: string }>(`SELECT secret_encrypted, status FROM totp_credential WHERE user_id = $1`, [member.id]);
  expect(row!.status).toBe("pending");
  expect(row!.secret_encrypted).not.toContain(secret);
  expect((await api("GET", "/api/v1/users/me/mfa", token)).body).toEqual({ status: "pending", enabled_at: null, recovery_codes_remaining: 0 });

  const again = await setUp(token);
  expect(again.secret).not.toBe(secret);
  const step = await awaitFreshStep();
  const withOldSecret = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: await codeAt(secret, step) } });
  expect(withOldSecret.status).toBe(400);
  expect(withOldSecret.body).toEqual(invalidRequest(WRONG_TOTP));
  const withNewSecret = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: await codeAt(again.secret, step) } });
  expect(withNewSecret.status).toBe(200);
});

test("confirm turns TOTP on and answers ten one-time recovery codes, stored hashed; sign-in then asks for the code", async () => {
  const { member, token } = await memberWithToken("mfa-confirm");
  const { secret, recoveryCodes } = await enrol(token);

  expect(recoveryCodes).toHaveLength(10);
  expect(new Set(recoveryCodes).size).toBe(10);
  for (const code of recoveryCodes) expect(code).toMatch(RECOVERY_CODE);
  const stored = await sql<{ code_hash: string }>(`SELECT code_hash FROM recovery_code WHERE user_id = $1`, [member.id]);
  expect(stored).toHaveLength(10);
  for (const { code_hash } of stored) for (const code of recoveryCodes) expect(code_hash).not.toContain(code.replace("-", ""));

  const state = await api("GET", "/api/v1/users/me/mfa", token);
  expect(state.body).toEqual({ status: "enabled", enabled_at: expect.stringMatching(ISO), recovery_codes_remaining: 10 });
  expect(await eventTypes(member.id)).toContain("totp_enabled");

  // Confirmed: never replaced, never confirmed twice.
  expect((await api("POST", "/api/v1/users/me/mfa/setup", token)).body).toEqual(
    conflict("two-factor authentication is already on; turn it off before setting it up again"),
  );
  const twice = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: await codeAt(secret, currentStep()) } });
  expect(twice.status).toBe(409);
  expect(twice.body).toEqual(conflict("two-factor authentication is already on"));

  // Sign-in now asks for the second factor, and a current code passes it.
  const withCode: TestMember = { ...member, secondFactor: () => nextTotpCode(member.email, secret) };
  expect(await signInPages(withCode)).toEqual(["sign-in", "second-factor"]);
});

test("confirm without a set-up is a conflict, and every malformed body is invalid_request naming the problem", async () => {
  const { token } = await memberWithToken("mfa-malformed");
  const nothing = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: "123456" } });
  expect(nothing.status).toBe(409);
  expect(nothing.body).toEqual(conflict("there is no two-factor set-up to confirm; start one with POST /api/v1/users/me/mfa/setup"));

  await setUp(token);
  const cases: [string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, string][] = [
    ["five digits", { body: { code: "12345" } }, SIX_DIGITS],
    ["seven digits", { body: { code: "1234567" } }, SIX_DIGITS],
    ["letters", { body: { code: "12a456" } }, SIX_DIGITS],
    ["spaces", { body: { code: "123 456" } }, SIX_DIGITS],
    ["a number", { body: { code: 123456 } }, SIX_DIGITS],
    ["no code", { body: {} }, SIX_DIGITS],
    ["an array", { body: ["123456"] }, "Invalid input: expected object, received array"],
    ["not JSON", { rawBody: "{code:" }, "the body is not valid JSON"],
    ["a form", { rawBody: "code=123456", headers: { "content-type": "application/x-www-form-urlencoded" } }, "the body must be application/json"],
  ];
  for (const [label, request, description] of cases) {
    const answer = await api("POST", "/api/v1/users/me/mfa/confirm", token, request);
    expect(answer.status, label).toBe(400);
    expect(answer.body, label).toEqual(invalidRequest(description));
  }
  const disable = await api("DELETE", "/api/v1/users/me/mfa", token, { body: { code: "abc" } });
  expect(disable.body).toEqual(invalidRequest("code: must be the 6-digit code from your authenticator app or one of your recovery codes"));
  const regenerate = await api("POST", "/api/v1/users/me/mfa/recovery-codes", token, { body: { code: "1" } });
  expect(regenerate.body).toEqual(invalidRequest(SIX_DIGITS));
});

test("a code is accepted within ±1 step only, and once", async () => {
  const { token } = await memberWithToken("mfa-window");
  const { secret } = await setUp(token);
  const step = await awaitFreshStep();

  const tooOld = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: await codeAt(secret, step - 2) } });
  expect(tooOld.body).toEqual(invalidRequest(WRONG_TOTP));
  const tooNew = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: await codeAt(secret, step + 2) } });
  expect(tooNew.body).toEqual(invalidRequest(WRONG_TOTP));
  // The previous step's code is still good (a code typed as it rolled over).
  expect((await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: await codeAt(secret, step - 1) } })).status).toBe(200);

  const regenerate = (code: string) => api("POST", "/api/v1/users/me/mfa/recovery-codes", token, { body: { code } });
  // Confirming spent step - 1; the same code again is a replay, whatever the route.
  expect((await regenerate(await codeAt(secret, step - 1))).body).toEqual(invalidRequest(WRONG_TOTP));
  expect((await regenerate(await codeAt(secret, step))).status).toBe(200);
  expect((await regenerate(await codeAt(secret, step))).body).toEqual(invalidRequest(WRONG_TOTP));
  // The next step's code (a fast clock) works once too; an older one after it does not.
  expect((await regenerate(await codeAt(secret, step + 1))).status).toBe(200);
  expect((await regenerate(await codeAt(secret, step))).body).toEqual(invalidRequest(WRONG_TOTP));
});

test("a new set of recovery codes kills the old set; a recovery code turns TOTP off once, and is gone", async () => {
  const { member, token } = await memberWithToken("mfa-recovery");
  const { secret, recoveryCodes: first, step } = await enrol(token);

  const renewed = await api("POST", "/api/v1/users/me/mfa/recovery-codes", token, { body: { code: await codeAt(secret, step + 1) } });
  expect(renewed.status).toBe(200);
  expect(renewed.body).toEqual({ status: "ok", recovery_codes: expect.any(Array) });
  const second: string[] = renewed.body.recovery_codes;
  expect(second).toHaveLength(10);
  expect(second.filter((code) => first.includes(code))).toEqual([]);
  expect(await eventTypes(member.id)).toContain("recovery_codes_regenerated");

  const withOld = await api("DELETE", "/api/v1/users/me/mfa", token, { body: { code: first[0] } });
  expect(withOld.status).toBe(400);
  expect(withOld.body).toEqual(invalidRequest("code: is neither the current code of the authenticator app nor an unused recovery code"));

  // Used once at sign-in, a recovery code is gone: it cannot turn TOTP off afterwards.
  let offered = false;
  const viaRecoveryCode: TestMember = { ...member, secondFactor: async () => ((offered = true), second[0]!) };
  await tokensFor(viaRecoveryCode);
  expect(offered).toBe(true);
  expect((await api("GET", "/api/v1/users/me/mfa", token)).body.recovery_codes_remaining).toBe(9);
  expect((await api("DELETE", "/api/v1/users/me/mfa", token, { body: { code: second[0] } })).status).toBe(400);

  const off = await api("DELETE", "/api/v1/users/me/mfa", token, { body: { code: second[1]!.toUpperCase() } });
  expect(off.status).toBe(200);
  expect(off.body).toEqual({ status: "ok" });
  expect((await api("GET", "/api/v1/users/me/mfa", token)).body).toEqual({ status: "disabled", enabled_at: null, recovery_codes_remaining: 0 });
  expect(await sql(`SELECT 1 FROM totp_credential WHERE user_id = $1`, [member.id])).toHaveLength(0);
  expect(await sql(`SELECT 1 FROM recovery_code WHERE user_id = $1`, [member.id])).toHaveLength(0);
  expect(await eventTypes(member.id)).toEqual(expect.arrayContaining(["recovery_code_used", "totp_disabled"]));

  const again = await api("DELETE", "/api/v1/users/me/mfa", token, { body: { code: second[2] } });
  expect(again.status).toBe(409);
  expect(again.body).toEqual(conflict("two-factor authentication is not on"));
  const noNewSet = await api("POST", "/api/v1/users/me/mfa/recovery-codes", token, { body: { code: await codeAt(secret, currentStep()) } });
  expect(noNewSet.body).toEqual(conflict("two-factor authentication is not on"));
});

test("TOTP turns off with the current code, and sign-in stops asking for one", async () => {
  const { member, token } = await memberWithToken("mfa-disable");
  const { secret, step } = await enrol(token);
  const off = await api("DELETE", "/api/v1/users/me/mfa", token, { body: { code: await codeAt(secret, step + 1) } });
  expect(off.status).toBe(200);
  expect(await signInPages(member)).toEqual(["sign-in"]);
});

test("wrong codes are limited (shared with sign-in's second step): the sixth is 429 with Retry-After, and so is the right one then", async () => {
  const { member, token } = await memberWithToken("mfa-limit");
  const { secret } = await setUp(token);
  const step = currentStep();
  const wrong = (await codeAt(secret, step)) === "000000" ? "111111" : "000000";
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: wrong } });
    expect(answer.status, `attempt ${attempt}`).toBe(400);
  }
  const sixth = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: wrong } });
  expect(sixth.status).toBe(429);
  expect(sixth.body).toEqual({ error: "too_many_requests", error_description: "too many wrong codes; try again later" });
  expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  const right = await api("POST", "/api/v1/users/me/mfa/confirm", token, { body: { code: await codeAt(secret, currentStep()) } });
  expect(right.status).toBe(429);
  expect((await api("GET", "/api/v1/users/me/mfa", token)).body.status).toBe("pending");
  const failures = await sql(`SELECT 1 FROM security_event WHERE user_id = $1 AND type = 'second_factor_failed'`, [member.id]);
  expect(failures).toHaveLength(6);
});

test("two members side by side: one's secret and codes never work for the other", async () => {
  const alice = await memberWithToken("mfa-alice");
  const bob = await memberWithToken("mfa-bob");
  const aliceSetup = await setUp(alice.token);
  await setUp(bob.token);
  const step = await awaitFreshStep();
  const aliceCode = await codeAt(aliceSetup.secret, step);
  expect((await api("POST", "/api/v1/users/me/mfa/confirm", bob.token, { body: { code: aliceCode } })).body).toEqual(invalidRequest(WRONG_TOTP));
  const aliceOn = await api("POST", "/api/v1/users/me/mfa/confirm", alice.token, { body: { code: aliceCode } });
  expect(aliceOn.status).toBe(200);
  expect((await api("GET", "/api/v1/users/me/mfa", bob.token)).body.status).toBe("pending");
  const withAlicesRecoveryCode = await api("DELETE", "/api/v1/users/me/mfa", bob.token, { body: { code: aliceOn.body.recovery_codes[0] } });
  expect(withAlicesRecoveryCode.status).toBe(409); // Bob's TOTP is not on; Alice's code changes nothing of hers either
  expect((await api("GET", "/api/v1/users/me/mfa", alice.token)).body.recovery_codes_remaining).toBe(10);
});

test("every TOTP route answers invalid_token for a missing, malformed, expired or signed-out token, and forbidden without the permission", async () => {
  const { member, token } = await memberWithToken("mfa-tokens");
  const second = await portalTokensFor(member);
  // Sign the first session out from the second: its token stops working at once.
  const sid = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).sid as string;
  expect((await api("DELETE", `/api/v1/sessions/me/${sid}`, second.access_token)).status).toBe(200);

  const routes: [string, string, unknown][] = [
    ["GET", "/api/v1/users/me/mfa", undefined],
    ["DELETE", "/api/v1/users/me/mfa", { code: "123456" }],
    ["POST", "/api/v1/users/me/mfa/setup", undefined],
    ["POST", "/api/v1/users/me/mfa/confirm", { code: "123456" }],
    ["POST", "/api/v1/users/me/mfa/recovery-codes", { code: "123456" }],
  ];
  const expired = await expiredCopy(second.access_token);
  const tokens: [string, string | null, Record<string, string>, string][] = [
    ["missing", null, {}, "an access token is required"],
    ["malformed", null, { authorization: "Bearer" }, "the Authorization header is malformed"],
    ["not a JWT", "not-a-jwt", {}, "the access token is invalid"],
    ["expired", expired, {}, "the access token is expired"],
    ["signed out", token, {}, "the access token has been revoked"],
  ];
  for (const [method, path, body] of routes) {
    for (const [label, bearer, headers, description] of tokens) {
      const answer = await api(method, path, bearer, { body, headers });
      expect(answer.status, `${method} ${path} ${label}`).toBe(401);
      expect(answer.body, `${method} ${path} ${label}`).toEqual({ error: "invalid_token", error_description: description });
      expect(answer.headers.get("www-authenticate")).toContain('error="invalid_token"');
    }
  }
  expect(await sql(`SELECT 1 FROM totp_credential WHERE user_id = $1`, [member.id])).toHaveLength(0);

  const roleless = await memberWithToken("mfa-roleless", { roles: "none" });
  for (const [method, path, body] of routes) {
    const answer = await api(method, path, roleless.token, { body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: `missing permission profile:${method === "GET" ? "read" : "write"}` });
  }
});
