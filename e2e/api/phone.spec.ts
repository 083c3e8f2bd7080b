import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, expireNewestCode, invalidRequest, maskedPhone, memberWithToken, refusedTokens, securityEvents, tooManyRequests, uniquePhone } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { tokensFor, userinfoOf } from "../support/oauth-client.ts";
import { latestCodeFor, latestMessageTo, messagesTo, wrongCode } from "../support/outbox.ts";

/**
 * Phone verification (decisions.md part 3): POST /api/v1/users/me/phone texts a 6-digit code through the
 * outbox; POST /api/v1/users/me/phone/verify answers `{ verified: true }` (the number becomes the account's
 * verified phone, released by the `phone` scope as `phone_number` and `phone_number_verified`) or
 * `{ verified: false }` for a wrong code. 10 minutes, 5 attempts, then dead; sending is rate limited.
 */
callFromOwnIp();

const PHONE_MESSAGE = "phone: must be a phone number in international format (E.164), like +14155550123";
const SIX_DIGITS = "code: must be exactly 6 digits";
const PURPOSE = "phone_verification";

const start = (token: string, phone: unknown) => api("POST", "/api/v1/users/me/phone", token, { body: { phone } });
const verify = (token: string, code: unknown) => api("POST", "/api/v1/users/me/phone/verify", token, { body: { code } });

test("a texted code verifies the number: { verified: true }, and the phone scope's claims show it", async () => {
  const { member, token } = await memberWithToken("phone-happy", { scope: "openid profile phone account:recovery" });
  const phone = await uniquePhone();
  const before = await userinfoOf(token);
  expect(before.body).not.toHaveProperty("phone_number");

  const started = await start(token, `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`);
  expect(started.status).toBe(200);
  expect(started.headers.get("cache-control")).toBe("no-store");
  expect(started.body).toEqual({ status: "ok" });
  const text = await latestMessageTo(phone);
  expect(text.channel).toBe("sms");
  expect(text.subject).toBeNull();
  expect(text.body).toMatch(/^Grace Harbor Church: \d{6} is your code to confirm this phone number\. It works for 10 minutes\.\n\n@127\.0\.0\.1:\d+ #\d{6}$/);

  // Not the account's phone until the code comes back.
  const [pending] = await sql<{ phone: string | null }>(`SELECT phone FROM account WHERE id = $1`, [member.id]);
  expect(pending).toEqual({ phone: null });
  // A page reloaded meanwhile learns that a code is waiting, and for which number, masked.
  const waiting = await api("GET", "/api/v1/users/me/phone", token);
  expect(waiting.status).toBe(200);
  expect(waiting.body).toEqual({ pending: { phone_number: maskedPhone(phone), expires_at: expect.any(String) } });
  const code = await latestCodeFor(phone);
  const [stored] = await sql<{ code_hash: string; target: string }>(`SELECT code_hash, target FROM verification_code WHERE purpose = $1 AND subject = $2`, [PURPOSE, member.id]);
  expect(stored!.target).toBe(phone);
  expect(stored!.code_hash).not.toContain(code);

  const verified = await verify(token, code);
  expect(verified.status).toBe(200);
  expect(verified.body).toEqual({ verified: true });
  const [account] = await sql<{ phone: string; phone_verified_at: Date | null }>(`SELECT phone, phone_verified_at FROM account WHERE id = $1`, [member.id]);
  expect(account!.phone).toBe(phone);
  expect(account!.phone_verified_at).not.toBeNull();
  expect((await api("GET", "/api/v1/users/me/phone", token)).body).toEqual({ pending: null });

  const after = await userinfoOf(token);
  expect(after.status).toBe(200);
  expect(after.body).toMatchObject({ sub: member.id, phone_number: phone, phone_number_verified: true });
  // Without the phone scope, no phone claims.
  const withoutPhone = await tokensFor(member, { scope: "openid profile" });
  expect((await userinfoOf(withoutPhone.access_token)).body).not.toHaveProperty("phone_number");
  expect((await api("GET", "/api/v1/users/me", token)).body).toMatchObject({ phone_number: phone, phone_number_verified: true });

  // The code was single use.
  const again = await verify(token, code);
  expect(again.status).toBe(400);
  expect(again.body).toEqual(invalidRequest("code: has expired; ask for a new code"));
  const events = await securityEvents(member.id);
  expect(events.filter((event) => event.type === "phone_verified")).toEqual([{ type: "phone_verified", detail: { phone: maskedPhone(phone) } }]);
});

test("a wrong code answers { verified: false }; the fifth kills the code (429) even for the right one; a new code works", async () => {
  const { member, token } = await memberWithToken("phone-attempts");
  const phone = await uniquePhone();
  await start(token, phone);
  const code = await latestCodeFor(phone);
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    const answer = await verify(token, wrongCode(code));
    expect(answer.status, `attempt ${attempt}`).toBe(200);
    expect(answer.body, `attempt ${attempt}`).toEqual({ verified: false });
  }
  const fifth = await verify(token, wrongCode(code));
  expect(fifth.status).toBe(429);
  expect(fifth.body).toEqual(tooManyRequests("too many wrong codes; ask for a new code"));
  expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect((await verify(token, code)).status).toBe(429);
  const [account] = await sql<{ phone: string | null }>(`SELECT phone FROM account WHERE id = $1`, [member.id]);
  expect(account).toEqual({ phone: null });

  expect((await start(token, phone)).status).toBe(200);
  expect((await verify(token, await latestCodeFor(phone))).body).toEqual({ verified: true });
});

test("expiry (clock moved in the database), no code sent yet, and a newer number replacing the first", async () => {
  const { member, token } = await memberWithToken("phone-expiry");
  const none = await verify(token, "123456");
  expect(none.status).toBe(400);
  expect(none.body).toEqual(invalidRequest("code: no code has been sent; ask for one first"));

  const first = await uniquePhone();
  const second = await uniquePhone();
  await start(token, first);
  await expireNewestCode(PURPOSE, member.id);
  const expired = await verify(token, await latestCodeFor(first));
  expect(expired.status).toBe(400);
  expect(expired.body).toEqual(invalidRequest("code: has expired; ask for a new code"));

  // Asking for another number replaces the first one's code: only the newest works.
  await start(token, first);
  const firstCode = await latestCodeFor(first);
  await start(token, second);
  await expireNewestCode(PURPOSE, member.id, 5); // 5 seconds left: still good
  const secondCode = await latestCodeFor(second);
  if (firstCode !== secondCode) expect((await verify(token, firstCode)).body).toEqual({ verified: false });
  expect((await verify(token, secondCode)).body).toEqual({ verified: true });
  const [account] = await sql<{ phone: string }>(`SELECT phone FROM account WHERE id = $1`, [member.id]);
  expect(account!.phone).toBe(second);
});

test("sending is rate limited per number: 3 free, then 429 with Retry-After and no text", async () => {
  const { token } = await memberWithToken("phone-resend");
  const phone = await uniquePhone();
  for (let send = 1; send <= 4; send += 1) expect((await start(token, phone)).status, `send ${send}`).toBe(200);
  const blocked = await start(token, phone);
  expect(blocked.status).toBe(429);
  expect(blocked.body).toEqual(tooManyRequests("too many codes sent; wait before asking for another"));
  expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await messagesTo(phone)).toHaveLength(4);
});

test("two members side by side: one member's code does not verify the other's phone", async () => {
  const alice = await memberWithToken("phone-alice");
  const bob = await memberWithToken("phone-bob");
  const alicePhone = await uniquePhone();
  const bobPhone = await uniquePhone();
  await start(alice.token, alicePhone);
  await start(bob.token, bobPhone);
  const aliceCode = await latestCodeFor(alicePhone);
  const bobCode = await latestCodeFor(bobPhone);
  if (aliceCode !== bobCode) expect((await verify(bob.token, aliceCode)).body).toEqual({ verified: false });
  expect((await verify(alice.token, aliceCode)).body).toEqual({ verified: true });
  expect((await verify(bob.token, bobCode)).body).toEqual({ verified: true });
  const rows = await sql<{ id: string; phone: string }>(`SELECT id, phone FROM account WHERE id = ANY($1::uuid[]) ORDER BY phone`, [[alice.member.id, bob.member.id]]);
  expect(Object.fromEntries(rows.map((row) => [row.id, row.phone]))).toEqual({ [alice.member.id]: alicePhone, [bob.member.id]: bobPhone });
});

test.describe("bad requests are invalid_request naming the field, and send nothing", () => {
  const cases: [string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, string][] = [
    ["no phone", { body: {} }, PHONE_MESSAGE],
    ["a number type", { body: { phone: 14155550123 } }, PHONE_MESSAGE],
    ["a national number", { body: { phone: "0415 555 0123" } }, PHONE_MESSAGE],
    ["no plus", { body: { phone: "14155550123" } }, PHONE_MESSAGE],
    ["too short", { body: { phone: "+1234567" } }, PHONE_MESSAGE],
    ["too long", { body: { phone: "+1234567890123456" } }, PHONE_MESSAGE],
    ["an area code that does not exist", { body: { phone: "+15551234567" } }, PHONE_MESSAGE],
    ["letters", { body: { phone: "+1415555CALL" } }, PHONE_MESSAGE],
    ["an email address", { body: { phone: "jane@example.org" } }, PHONE_MESSAGE],
    ["an unknown field", { body: { phone: "+14155550123", verified: true } }, 'Unrecognized key: "verified"'],
    ["malformed JSON", { rawBody: "{phone" }, "the body is not valid JSON"],
    ["a form post", { rawBody: "phone=%2B14155550123", headers: { "content-type": "application/x-www-form-urlencoded" } }, "the body must be application/json"],
  ];
  for (const [label, request, description] of cases) {
    test(`start with ${label}`, async () => {
      const { member, token } = await memberWithToken("phone-bad");
      const answer = await api("POST", "/api/v1/users/me/phone", token, request);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(invalidRequest(description));
      expect(await sql(`SELECT 1 FROM verification_code WHERE purpose = $1 AND subject = $2`, [PURPOSE, member.id])).toEqual([]);
    });
  }

  test("verify with a malformed code", async () => {
    const { member, token } = await memberWithToken("phone-bad-code");
    const phone = await uniquePhone();
    await start(token, phone);
    for (const [label, body, description] of [
      ["five digits", { code: "12345" }, SIX_DIGITS],
      ["letters", { code: "abcdef" }, SIX_DIGITS],
      ["a number", { code: 123456 }, SIX_DIGITS],
      ["no code", {}, SIX_DIGITS],
      ["an unknown field", { code: "123456", phone }, 'Unrecognized key: "phone"'],
    ] as const) {
      const answer = await api("POST", "/api/v1/users/me/phone/verify", token, { body });
      expect(answer.status, label).toBe(400);
      expect(answer.body, label).toEqual(invalidRequest(description));
    }
    const [row] = await sql<{ attempts: number }>(`SELECT attempts FROM verification_code WHERE purpose = $1 AND subject = $2`, [PURPOSE, member.id]);
    expect(row!.attempts).toBe(0);
  });
});

test("both routes answer a missing, malformed, expired or ended-session token with invalid_token, and no permission with forbidden", async () => {
  const { member, token } = await memberWithToken("phone-tokens");
  const routes: [string, unknown][] = [
    ["/api/v1/users/me/phone", { phone: await uniquePhone() }],
    ["/api/v1/users/me/phone/verify", { code: "123456" }],
  ];
  for (const [label, makeToken, headers, description] of await refusedTokens(member, token)) {
    const refused = await makeToken();
    for (const [path, body] of routes) {
      const answer = await api("POST", path, refused, { body, headers });
      expect(answer.status, `${label}: ${path}`).toBe(401);
      expect(answer.headers.get("www-authenticate")).toContain('error="invalid_token"');
      expect(answer.body, label).toEqual({ error: "invalid_token", error_description: description });
    }
  }
  const nobody = await memberWithToken("phone-noroles", { roles: "none" });
  for (const [path, body] of routes) {
    const answer = await api("POST", path, nobody.token, { body });
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: "missing permission profile:write" });
  }
});
