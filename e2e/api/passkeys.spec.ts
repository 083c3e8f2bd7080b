import { randomBytes } from "node:crypto";
import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, conflict, invalidRequest, memberWithToken, notFound } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { createTestMember, type TestMember } from "../support/oauth-accounts.ts";
import { ISSUER, tokensFor } from "../support/oauth-client.ts";
import { resignedAccessToken } from "../support/oauth-tokens.ts";
import { attestRegistration, newSoftwarePasskey, type SoftwarePasskey } from "../support/software-authenticator.ts";

/**
 * The member's passkeys under /api/v1/users/me/passkeys (docs/decisions/0021): registration options bound
 * to the token's session, the browser's answer checked and stored once, list, rename, remove. The browser
 * side runs in e2e/passkeys/passkeys-manage.spec.ts; here a software authenticator (attestation `none`,
 * ES256) answers at this server's own origin, so the server's checks can be driven one by one. Every answer
 * is also checked against the OpenAPI document (callApi).
 */
callFromOwnIp();

const UUID = "00000000-0000-4000-8000-000000000000";
const NO_WAITING_CHALLENGE =
  "there is no passkey registration waiting for this answer (it expired or was already answered); start again with POST /api/v1/users/me/passkeys/registration-options";
const NOT_VERIFIED = "the passkey could not be verified: the browser's answer does not match the registration that was started here";

const OPTIONS = "/api/v1/users/me/passkeys/registration-options";
const PASSKEYS = "/api/v1/users/me/passkeys";

interface Answer {
  origin?: string;
  rpId?: string;
  /** Authenticator data flags: UP | UV | AT by default. */
  flags?: number;
  type?: string;
}

/** What navigator.credentials.create answers (RegistrationResponseJSON) for `challenge`, at this server unless told otherwise. */
function registrationResponse(challenge: string, passkey: SoftwarePasskey = newSoftwarePasskey(), answer: Answer = {}) {
  return attestRegistration(passkey, { challenge, origin: answer.origin ?? new URL(ISSUER).origin, rpId: answer.rpId ?? new URL(ISSUER).hostname, flags: answer.flags, type: answer.type });
}

async function startRegistration(token: string): Promise<string> {
  const options = await api("POST", OPTIONS, token);
  expect(options.status).toBe(200);
  return options.body.challenge as string;
}

const passkeysOf = (member: TestMember) => sql<{ name: string; credential_id: string }>(`SELECT name, credential_id FROM passkey WHERE user_id = $1 ORDER BY created_at`, [member.id]);
const waitingChallenges = (member: TestMember) => sql(`SELECT 1 FROM webauthn_challenge WHERE user_id = $1`, [member.id]);

/** A passkey row written straight to the database, for the list, rename and remove tests. */
async function insertedPasskey(member: TestMember, name = "Phone"): Promise<string> {
  const [row] = await sql<{ id: string }>(
    `INSERT INTO passkey (user_id, credential_id, public_key, transports, device_type, backed_up, aaguid, name)
     VALUES ($1, $2, '\\x00'::bytea, '{internal}', 'multiDevice', true, '00000000-0000-0000-0000-000000000000', $3) RETURNING id`,
    [member.id, randomBytes(16).toString("base64url"), name],
  );
  return row!.id;
}

test("registration options: a discoverable credential with user verification, attestation none, the member's handle, their passkeys excluded", async () => {
  const { member, token } = await memberWithToken("pk-api-options");
  await insertedPasskey(member);
  const [existing] = await passkeysOf(member);
  const answer = await api("POST", OPTIONS, token);
  expect(answer.status).toBe(200);
  expect(answer.body).toMatchObject({
    rp: { id: new URL(ISSUER).hostname, name: expect.any(String) },
    user: { id: Buffer.from(member.id.replace(/-/g, ""), "hex").toString("base64url"), name: member.email, displayName: expect.stringContaining("Test") },
    challenge: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    timeout: 240000,
    attestation: "none",
    authenticatorSelection: { residentKey: "required", requireResidentKey: true, userVerification: "required" },
    excludeCredentials: [{ id: existing!.credential_id, type: "public-key", transports: ["internal"] }],
  });
  expect(answer.body.pubKeyCredParams).toContainEqual({ type: "public-key", alg: -7 });
  // Asking again replaces the waiting challenge: one per session.
  const again = await api("POST", OPTIONS, token);
  expect(again.body.challenge).not.toBe(answer.body.challenge);
  expect(await waitingChallenges(member)).toHaveLength(1);
});

test("the answer to this session's challenge adds the passkey once; the same credential on another account is refused", async () => {
  const { member, token } = await memberWithToken("pk-api-add");
  const credential = newSoftwarePasskey();
  const response = registrationResponse(await startRegistration(token), credential);
  const added = await api("POST", PASSKEYS, token, { body: { name: "  Kitchen tablet ", response }, headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36" } });
  expect(added.status).toBe(201);
  expect(added.body).toEqual({
    id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    name: "Kitchen tablet",
    created_at: expect.any(String),
    last_used_at: null,
    synced: false,
    backed_up: false,
    transports: ["internal", "hybrid"],
  });
  expect(await passkeysOf(member)).toEqual([{ name: "Kitchen tablet", credential_id: credential.credentialId }]);
  // The challenge was used up: the same answer again finds none.
  expect(await waitingChallenges(member)).toEqual([]);
  const replayed = await api("POST", PASSKEYS, token, { body: { response } });
  expect(replayed.body).toEqual(invalidRequest(NO_WAITING_CHALLENGE));

  // Without a name: the browser and device it was added from.
  const second = await api("POST", PASSKEYS, token, {
    body: { response: registrationResponse(await startRegistration(token)) },
    headers: { "user-agent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36" },
  });
  expect(second.status).toBe(201);
  expect(second.body.name).toBe("Chrome on Android phone");

  // Someone else answering with the same credential id (their own key): refused, without saying whose.
  const { member: other, token: otherToken } = await memberWithToken("pk-api-squat");
  const squat = await api("POST", PASSKEYS, otherToken, { body: { response: registrationResponse(await startRegistration(otherToken), { ...newSoftwarePasskey(), credentialId: credential.credentialId }) } });
  expect(squat.status).toBe(409);
  expect(squat.body).toEqual(conflict("this passkey is already registered"));
  expect(await passkeysOf(other)).toEqual([]);

  // The security log and the notice.
  const events = await sql<{ type: string; detail: unknown }>(`SELECT type, detail FROM security_event WHERE user_id = $1 AND type LIKE 'passkey_%' ORDER BY created_at`, [member.id]);
  expect(events).toEqual([
    { type: "passkey_added", detail: { name: "Kitchen tablet" } },
    { type: "passkey_added", detail: { name: "Chrome on Android phone" } },
  ]);
});

test("an answer that does not match the ceremony is refused, uses up the challenge and adds nothing", async () => {
  const { member, token } = await memberWithToken("pk-api-mismatch");
  const cases: [string, (challenge: string) => unknown][] = [
    ["another origin", (challenge) => registrationResponse(challenge, undefined, { origin: "http://evil.example" })],
    ["another relying party", (challenge) => registrationResponse(challenge, undefined, { rpId: "evil.example" })],
    ["no user verification", (challenge) => registrationResponse(challenge, undefined, { flags: 0x41 })],
    ["a sign-in's answer", (challenge) => registrationResponse(challenge, undefined, { type: "webauthn.get" })],
    ["another challenge", () => registrationResponse(randomBytes(32).toString("base64url"))],
  ];
  for (const [label, response] of cases) {
    const answer = await api("POST", PASSKEYS, token, { body: { response: response(await startRegistration(token)) } });
    expect(answer.body, label).toEqual(invalidRequest(NOT_VERIFIED));
    expect(await waitingChallenges(member), label).toEqual([]);
  }
  expect(await passkeysOf(member)).toEqual([]);
});

test("an answer with no registration waiting, or a body that is not one, is invalid_request and changes nothing", async () => {
  const { member, token } = await memberWithToken("pk-api-bodies");
  const valid = registrationResponse(randomBytes(32).toString("base64url"));
  expect((await api("POST", PASSKEYS, token, { body: { response: valid } })).body).toEqual(invalidRequest(NO_WAITING_CHALLENGE));

  const bad: [string, unknown, string][] = [
    ["no response", {}, "response: must be the browser's registration response (RegistrationResponseJSON)"],
    ["an unknown field", { response: valid, admin: true }, 'Unrecognized key: "admin"'],
    ["an empty name", { name: "   ", response: valid }, "name: must be 1 to 60 characters"],
    ["a long name", { name: "x".repeat(61), response: valid }, "name: must be 1 to 60 characters"],
    ["a name with a line break", { name: "a\nb", response: valid }, "name: must not contain control characters"],
    ["an id that is not base64url", { response: { ...valid, id: "a+b/" } }, "response.id: must be base64url (A-Z, a-z, 0-9, - and _, no padding); response.rawId: must equal id"],
    ["rawId unlike id", { response: { ...valid, rawId: "AAAA" } }, "response.rawId: must equal id"],
    ["a long credential id", { response: { ...valid, id: "A".repeat(1365) } }, "response.id: must be at most 1364 characters; response.rawId: must equal id"],
    ["another type", { response: { ...valid, type: "password" } }, 'response.type: must be "public-key"'],
    ["an unknown transport", { response: { ...valid, response: { ...valid.response, transports: ["carrier-pigeon"] } } }, "response.response.transports.0: must be one of ble, cable, hybrid, internal, nfc, smart-card, usb"],
    ["an unknown response field", { response: { ...valid, response: { ...valid.response, signature: "AAAA" } } }, 'response.response: Unrecognized key: "signature"'],
    ["a long attestation", { response: { ...valid, response: { ...valid.response, attestationObject: "A".repeat(16385) } } }, "response.response.attestationObject: must be at most 16384 characters"],
  ];
  for (const [label, body, description] of bad) {
    const answer = await api("POST", PASSKEYS, token, { body });
    expect(answer.status, label).toBe(400);
    expect(answer.body, label).toEqual(invalidRequest(description));
  }
  expect((await api("POST", PASSKEYS, token, { rawBody: "{" })).body).toEqual(invalidRequest("the body is not valid JSON"));
  expect(await passkeysOf(member)).toEqual([]);
});

test("list, rename and remove the member's own passkeys; another member's id is not found, like an unknown one", async () => {
  const { member, token } = await memberWithToken("pk-api-manage");
  const id = await insertedPasskey(member, "Phone");
  const listed = await api("GET", PASSKEYS, token);
  expect(listed.body).toEqual({
    passkeys: [{ id, name: "Phone", created_at: expect.any(String), last_used_at: null, synced: true, backed_up: true, transports: ["internal"] }],
  });

  const renamed = await api("PATCH", `${PASSKEYS}/${id}`, token, { body: { name: " Anna’s phone " } });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ id, name: "Anna’s phone" });
  expect((await api("PATCH", `${PASSKEYS}/${id}`, token, { body: { name: "" } })).body).toEqual(invalidRequest("name: must be 1 to 60 characters"));
  expect((await api("PATCH", `${PASSKEYS}/${id}`, token, { body: { name: "x", extra: 1 } })).body).toEqual(invalidRequest('Unrecognized key: "extra"'));

  const { token: otherToken } = await memberWithToken("pk-api-other");
  for (const path of [`${PASSKEYS}/${id}`, `${PASSKEYS}/${UUID}`, `${PASSKEYS}/not-a-uuid`]) {
    expect((await api("PATCH", path, otherToken, { body: { name: "Mine now" } })).body, path).toEqual(notFound("passkey"));
    expect((await api("DELETE", path, otherToken)).body, path).toEqual(notFound("passkey"));
  }
  expect((await passkeysOf(member)).map((row) => row.name)).toEqual(["Anna’s phone"]);

  const removed = await api("DELETE", `${PASSKEYS}/${id}`, token);
  expect(removed.status).toBe(200);
  expect(removed.body).toMatchObject({ id, name: "Anna’s phone", status: "removed" });
  expect(await passkeysOf(member)).toEqual([]);
  expect((await api("DELETE", `${PASSKEYS}/${id}`, token)).body).toEqual(notFound("passkey"));
  const events = await sql<{ type: string; detail: unknown }>(`SELECT type, detail FROM security_event WHERE user_id = $1 AND type LIKE 'passkey_%' ORDER BY created_at`, [member.id]);
  expect(events).toEqual([
    { type: "passkey_renamed", detail: { name: "Anna’s phone", previous_name: "Phone" } },
    { type: "passkey_removed", detail: { name: "Anna’s phone" } },
  ]);
});

test(`at most 20 passkeys: the options are refused with conflict`, async () => {
  const { member, token } = await memberWithToken("pk-api-limit");
  for (let n = 0; n < 20; n++) await insertedPasskey(member, `Key ${n + 1}`);
  const answer = await api("POST", OPTIONS, token);
  expect(answer.body).toEqual(conflict("you already have 20 passkeys, the most an account may have; remove one you no longer use first"));
  expect(await waitingChallenges(member)).toEqual([]);
});

test("scope, permission and a recent sign-in: a third-party app, a member without profile:write, and an older sign-in are refused", async () => {
  const member = await createTestMember("pk-api-refusals");
  const id = await insertedPasskey(member);
  const app = (await tokensFor(member, { scope: "openid profile email phone offline_access membership" })).access_token;
  const routes: [string, string, unknown?][] = [
    ["GET", PASSKEYS],
    ["POST", OPTIONS],
    ["POST", PASSKEYS, { response: registrationResponse(randomBytes(32).toString("base64url")) }],
    ["PATCH", `${PASSKEYS}/${id}`, { name: "App's" }],
    ["DELETE", `${PASSKEYS}/${id}`],
  ];
  for (const [method, path, body] of routes) {
    const answer = await api(method, path, app, { body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body, `${method} ${path}`).toEqual({ error: "forbidden", error_description: "missing scope account:mfa" });
  }

  const { token: noRoles } = await memberWithToken("pk-api-no-roles", { roles: "none" });
  expect((await api("GET", PASSKEYS, noRoles)).body).toEqual({ error: "forbidden", error_description: "missing permission profile:read" });
  expect((await api("POST", OPTIONS, noRoles)).body).toEqual({ error: "forbidden", error_description: "missing permission profile:write" });

  const { member: stale, token } = await memberWithToken("pk-api-stale");
  const staleId = await insertedPasskey(stale);
  const older = await resignedAccessToken(token, { auth_time: Math.floor(Date.now() / 1000) - 11 * 60 });
  for (const [method, path, body] of [
    ["POST", OPTIONS],
    ["POST", PASSKEYS, { response: registrationResponse(randomBytes(32).toString("base64url")) }],
    ["DELETE", `${PASSKEYS}/${staleId}`],
  ] as const) {
    const answer = await api(method, path, older, { body });
    expect(answer.status, `${method} ${path}`).toBe(401);
    expect(answer.body, `${method} ${path}`).toEqual({ error: "insufficient_user_authentication", error_description: "sign in again to make this change" });
  }
  expect(await waitingChallenges(stale)).toEqual([]);
  // Reading and renaming do not need it.
  expect((await api("GET", PASSKEYS, older)).status).toBe(200);
  expect((await api("PATCH", `${PASSKEYS}/${staleId}`, older, { body: { name: "Renamed" } })).status).toBe(200);
  expect((await passkeysOf(stale)).map((row) => row.name)).toEqual(["Renamed"]);
  expect((await passkeysOf(member)).map((row) => row.name)).toEqual(["Phone"]);
});
