import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, invalidRequest, memberWithToken } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { sendRaw, type RawRequest } from "../support/raw-http.ts";

/**
 * Request body limits (docs/decisions/0015): 64 KiB of JSON on /api/v1, 16 KiB of form on /oauth/* and
 * /auth/*. Each surface refuses a larger body in its own error shape, whether the size is declared in
 * Content-Length or not (chunked), and stops reading it: the answer arrives while the client is still
 * sending, long before the 8 MiB it tried to send. Calendar routes take no body (GET, HEAD, OPTIONS only).
 */
callFromOwnIp();

const KIB = 1024;
const HUGE = { chunks: 512, chunkSize: 16 * KIB }; // 8 MiB, sent chunk by chunk
const FORM = { "content-type": "application/x-www-form-urlencoded", accept: "application/json" };
const FORM_TOO_LARGE = { error: "invalid_request", error_description: "The form is too large." };
const OAUTH_TOO_LARGE = { error: "invalid_request", error_description: "the request body is too large (at most 16 KiB)" };
const JSON_TOO_LARGE = invalidRequest("the request body is too large (at most 64 KiB)");

async function refusedWhileSending(request: RawRequest): Promise<{ status: number; body: unknown; headers: Record<string, unknown> }> {
  const answer = await sendRaw(request);
  // The server answered before the client got anywhere near the end of what it meant to send.
  expect(answer.bytesWritten).toBeLessThan(request.chunks * request.chunkSize);
  return { status: answer.status, body: JSON.parse(answer.body), headers: answer.headers };
}

test.describe("identity /api/v1: JSON bodies up to 64 KiB", () => {
  test("a body of 64 KiB is read (and validated); one byte more is invalid_request, and nothing is added", async () => {
    const { member, token } = await memberWithToken("limit-json");
    const padding = "x".repeat(64 * KIB - '{"value":""}'.length);
    const atLimit = await api("POST", "/api/v1/users/me/recovery-contacts", token, { rawBody: `{"value":"${padding}"}` });
    expect(atLimit.status).toBe(400);
    expect(atLimit.body).toEqual(invalidRequest("value: must be an email address or a phone number in international format, like +14155550123"));

    const over = await api("POST", "/api/v1/users/me/recovery-contacts", token, { rawBody: `{"value":"${padding}x"}` });
    expect(over.status).toBe(400);
    expect(over.body).toEqual(JSON_TOO_LARGE);
    expect(over.headers.get("cache-control")).toBe("no-store");
    expect(await sql(`SELECT 1 FROM recovery_contact WHERE user_id = $1`, [member.id])).toEqual([]);
  });

  test("a chunked body with no Content-Length is cut off at 64 KiB and refused while the client still sends", async () => {
    const { member, token } = await memberWithToken("limit-json-chunked");
    const answer = await refusedWhileSending({
      method: "POST",
      path: "/api/v1/users/me/recovery-contacts",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "transfer-encoding": "chunked" },
      prefix: '{"value":"',
      ...HUGE,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(JSON_TOO_LARGE);
    expect(await sql(`SELECT 1 FROM recovery_contact WHERE user_id = $1`, [member.id])).toEqual([]);
  });

  test("a declared Content-Length over the limit is refused before the body is read", async () => {
    const { token } = await memberWithToken("limit-json-declared");
    const answer = await refusedWhileSending({
      method: "POST",
      path: "/api/v1/users/me/recovery-contacts",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "content-length": String(HUGE.chunks * HUGE.chunkSize) },
      ...HUGE,
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(JSON_TOO_LARGE);
  });
});

test.describe("OAuth endpoints: forms up to 16 KiB", () => {
  for (const [name, path] of [
    ["the token endpoint (npm start's fast path)", "/oauth/token"],
    ["the revocation endpoint (Next)", "/oauth/revoke"],
    ["the introspection endpoint (Next)", "/oauth/introspect"],
  ] as const) {
    test(`${name}: a declared oversized body and a chunked one are invalid_request`, async () => {
      const declared = await refusedWhileSending({ method: "POST", path, headers: { ...FORM, "content-length": String(HUGE.chunks * HUGE.chunkSize) }, ...HUGE });
      expect([declared.status, declared.body]).toEqual([400, OAUTH_TOO_LARGE]);
      expect(declared.headers["cache-control"]).toBe("no-store");
      const chunked = await refusedWhileSending({ method: "POST", path, headers: { ...FORM, "transfer-encoding": "chunked" }, prefix: "token=", ...HUGE });
      expect([chunked.status, chunked.body]).toEqual([400, OAUTH_TOO_LARGE]);
    });
  }

  test("a form of exactly 16 KiB is read: the token endpoint then judges its fields", async () => {
    const body = `grant_type=client_credentials&pad=${"a".repeat(16 * KIB - "grant_type=client_credentials&pad=".length)}`;
    const answer = await sendRaw({ method: "POST", path: "/oauth/token", headers: { ...FORM, "content-length": String(body.length) }, chunks: 0, chunkSize: 0, prefix: body });
    expect(answer.status).toBe(401);
    expect(JSON.parse(answer.body)).toMatchObject({ error: "invalid_client" });
  });

  test("the authorization endpoint (a browser's form post) sends an oversized one to the error page", async () => {
    const answer = await sendRaw({ method: "POST", path: "/oauth/authorize", headers: { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, prefix: "client_id=", ...HUGE });
    expect(answer.bytesWritten).toBeLessThan(HUGE.chunks * HUGE.chunkSize);
    expect([answer.status, answer.headers.location]).toEqual([303, "/oauth/error?error=request_too_large"]);
  });
});

test.describe("the authorization server's forms under /auth: up to 16 KiB", () => {
  for (const [name, path] of [
    ["sign-in (npm start's fast path)", "/auth/sign-in"],
    ["registration (Next)", "/auth/register"],
    ["forgot password (Next)", "/auth/forgot-password"],
  ] as const) {
    test(`${name}: oversized, declared or chunked, is "The form is too large."`, async () => {
      const declared = await refusedWhileSending({ method: "POST", path, headers: { ...FORM, "content-length": String(HUGE.chunks * HUGE.chunkSize) }, ...HUGE });
      expect([declared.status, declared.body]).toEqual([400, FORM_TOO_LARGE]);
      const chunked = await refusedWhileSending({ method: "POST", path, headers: { ...FORM, "transfer-encoding": "chunked" }, prefix: "email=", ...HUGE });
      expect([chunked.status, chunked.body]).toEqual([400, FORM_TOO_LARGE]);
    });
  }
});
