import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, conflict, expireNewestCode, hiddenDigits, invalidRequest, maskedPhone, memberWithToken, notFound, refusedTokens, securityEvents, tooManyRequests, uniqueContactEmail, uniquePhone } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { POSTGRES_SERVER_LOG } from "../support/test-env.ts";
import { latestCodeFor, latestMessageTo, messagesTo, wrongCode } from "../support/outbox.ts";

/**
 * /api/v1/users/me/recovery-contacts (interface.md 2.3, 3, 4.2; decisions.md parts 2 and 3): add an email
 * address or an E.164 number (201 `{ id, status: "pending_verification" }`, a code sent through the
 * outbox), list them masked, verify with the code, resend, remove. Codes: 6 digits, 10 minutes, 5
 * attempts, then dead. Every answer is also checked against the OpenAPI document (callApi).
 */
callFromOwnIp();

const BASE = "/api/v1/users/me/recovery-contacts";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const VALUE_MESSAGE = "value: must be an email address or a phone number in international format, like +14155550123";
const SIX_DIGITS = "code: must be exactly 6 digits";
const EXPIRED = "code: has expired; ask for a new code";
const DEAD = "too many wrong codes; ask for a new code";
const TOO_MANY_SENDS = "too many codes sent; wait before asking for another";
const ALREADY_VERIFIED = "this recovery contact is already verified";
const PURPOSE = "recovery_contact_verification";

const add = (token: string, value: unknown) => api("POST", BASE, token, { body: { value } });
const list = (token: string) => api("GET", BASE, token);
const verify = (token: string, id: string, code: unknown) => api("POST", `${BASE}/${id}/verify`, token, { body: { code } });
const resend = (token: string, id: string) => api("POST", `${BASE}/${id}/resend`, token);
const remove = (token: string, id: string) => api("DELETE", `${BASE}/${id}`, token);

test("an email and a phone contact: 201 pending with a code sent, listed masked, verified with the code", async () => {
  const { member, token } = await memberWithToken("rc-happy");
  const email = uniqueContactEmail("happy");
  const phone = await uniquePhone();

  const byEmail = await add(token, `  ${email.toUpperCase()} `);
  expect(byEmail.status).toBe(201);
  expect(byEmail.headers.get("cache-control")).toBe("no-store");
  expect(byEmail.body).toEqual({ id: expect.stringMatching(UUID), status: "pending_verification" });
  const mail = await latestMessageTo(email);
  expect(mail.channel).toBe("email");
  expect(mail.subject).toBe("Confirm your recovery email address · Grace Harbor Church");
  expect(mail.subject).not.toMatch(/\d{6}/);

  const byPhone = await add(token, `${phone.slice(0, 2)} ${phone.slice(2, 5)} ${phone.slice(5, 8)}-${phone.slice(8)}`);
  expect(byPhone.status).toBe(201);
  expect(byPhone.body).toEqual({ id: expect.stringMatching(UUID), status: "pending_verification" });
  const text = await latestMessageTo(phone);
  expect(text.channel).toBe("sms");
  expect(text.subject).toBeNull();
  expect(text.body).toMatch(/^Grace Harbor Church: \d{6} is your code to add this number as a recovery contact\. It works for 10 minutes\.\n\n@127\.0\.0\.1:\d+ #\d{6}$/);

  const pending = await list(token);
  expect(pending.status).toBe(200);
  expect(pending.body).toEqual({
    contacts: [
      { id: byEmail.body.id, channel: "email", value: "r***@e***.net", status: "pending_verification", created_at: expect.stringMatching(ISO), verified_at: null },
      {
        id: byPhone.body.id,
        channel: "phone",
        value: maskedPhone(phone),
        status: "pending_verification",
        created_at: expect.stringMatching(ISO),
        verified_at: null,
      },
    ],
  });

  const verifiedEmail = await verify(token, byEmail.body.id, await latestCodeFor(email));
  expect(verifiedEmail.status).toBe(200);
  expect(verifiedEmail.body).toEqual({ id: byEmail.body.id, status: "verified" });
  const verifiedPhone = await verify(token, byPhone.body.id, await latestCodeFor(phone));
  expect(verifiedPhone.body).toEqual({ id: byPhone.body.id, status: "verified" });

  const after = (await list(token)).body.contacts;
  expect(after.map((contact: { status: string }) => contact.status)).toEqual(["verified", "verified"]);
  expect(after[0].verified_at).toMatch(ISO);

  // Stored: the value in full (it is where codes go), the code only as an HMAC.
  const rows = await sql<{ channel: string; value: string; status: string }>(`SELECT channel, value, status FROM recovery_contact WHERE user_id = $1 ORDER BY created_at`, [member.id]);
  expect(rows).toEqual([
    { channel: "email", value: email, status: "verified" },
    { channel: "phone", value: phone, status: "verified" },
  ]);
  const code = await latestCodeFor(phone);
  const [stored] = await sql<{ code_hash: string; used_at: Date | null }>(`SELECT code_hash, used_at FROM verification_code WHERE purpose = $1 AND subject = $2`, [PURPOSE, byPhone.body.id]);
  expect(stored!.code_hash).not.toContain(code);
  expect(stored!.used_at).not.toBeNull();

  // A verified contact is not verified again, nor sent another code.
  expect((await verify(token, byEmail.body.id, "123456")).body).toEqual(conflict(ALREADY_VERIFIED));
  expect((await resend(token, byEmail.body.id)).body).toEqual(conflict(ALREADY_VERIFIED));

  const events = await securityEvents(member.id);
  expect(events.filter((event) => event.type.startsWith("recovery_contact_"))).toEqual([
    { type: "recovery_contact_added", detail: { channel: "email", value: "r***@e***.net" } },
    { type: "recovery_contact_added", detail: { channel: "phone", value: maskedPhone(phone) } },
    { type: "recovery_contact_verified", detail: { channel: "email", value: "r***@e***.net" } },
    { type: "recovery_contact_verified", detail: { channel: "phone", value: maskedPhone(phone) } },
  ]);
});

test("no answer, server log line, security-log entry or other outbox message carries a full contact value; only the message to it does", async () => {
  const { member, token } = await memberWithToken("rc-mask");
  const email = uniqueContactEmail("mask");
  const phone = await uniquePhone();
  const answers: unknown[] = [];
  const keep = async <T extends { body: unknown }>(answer: Promise<T>): Promise<T> => {
    const settled = await answer;
    answers.push(settled.body);
    return settled;
  };

  const mailContact = await keep(add(token, email));
  const phoneContact = await keep(add(token, phone));
  await keep(add(token, email)); // conflict
  await keep(verify(token, mailContact.body.id, wrongCode(await latestCodeFor(email))));
  await keep(verify(token, phoneContact.body.id, await latestCodeFor(phone)));
  await keep(resend(token, mailContact.body.id));
  await keep(list(token));
  await keep(remove(token, mailContact.body.id));
  await keep(api("GET", "/api/v1/users/me/security-events", token));

  const everything = JSON.stringify(answers);
  const localPart = email.split("@")[0]!;
  expect(everything).not.toContain(email);
  expect(everything).not.toContain(localPart);
  expect(everything).not.toContain(phone);
  expect(everything).not.toContain(hiddenDigits(phone));

  const log = JSON.stringify(await securityEvents(member.id));
  for (const fragment of [email, localPart, phone, hiddenDigits(phone)]) expect(log).not.toContain(fragment);

  // The outbox: the messages to the contacts carry their own codes, nothing else names the values.
  const others = await sql<{ recipient: string; subject: string | null; body: string }>(
    `SELECT recipient, subject, body FROM outbox_message WHERE recipient NOT IN ($1, $2) AND created_at > now() - interval '5 minutes'`,
    [email, phone],
  );
  for (const message of others) {
    for (const fragment of [email, phone]) expect(`${message.subject} ${message.body}`).not.toContain(fragment);
  }
  for (const message of [...(await messagesTo(email)), ...(await messagesTo(phone))]) {
    expect(`${message.subject ?? ""} ${message.body}`).not.toContain(email);
    expect(message.body).not.toContain(phone);
  }

  // The server's own log (stdout and stderr, written to a file by playwright.config.ts).
  const serverLog = await readFile(POSTGRES_SERVER_LOG, "utf8");
  for (const fragment of [email, localPart, phone]) expect(serverLog).not.toContain(fragment);
});

test.describe("bad requests are invalid_request naming the field, and change nothing", () => {
  const addCases: [string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, string][] = [
    ["malformed JSON", { rawBody: "{value:" }, "the body is not valid JSON"],
    ["an array", { body: ["jane@example.org"] }, "Invalid input: expected object, received array"],
    ["no value", { body: {} }, VALUE_MESSAGE],
    ["a number", { body: { value: 14155550123 } }, VALUE_MESSAGE],
    ["null", { body: { value: null } }, VALUE_MESSAGE],
    ["a word", { body: { value: "jane" } }, VALUE_MESSAGE],
    ["an address without a domain", { body: { value: "jane@" } }, VALUE_MESSAGE],
    ["a national number", { body: { value: "0415 555 0123" } }, VALUE_MESSAGE],
    ["a number too short for E.164", { body: { value: "+1234567" } }, VALUE_MESSAGE],
    ["a number too long for E.164", { body: { value: "+1234567890123456" } }, VALUE_MESSAGE],
    ["a number no country assigns", { body: { value: "+15551234567" } }, VALUE_MESSAGE],
    ["an overlong address", { body: { value: `${"a".repeat(250)}@example.org` } }, VALUE_MESSAGE],
    ["an unknown field", { body: { value: "jane@example.org", channel: "email" } }, 'Unrecognized key: "channel"'],
    ["a form post", { rawBody: "value=jane%40example.org", headers: { "content-type": "application/x-www-form-urlencoded" } }, "the body must be application/json"],
  ];
  for (const [label, request, description] of addCases) {
    test(`add with ${label}`, async () => {
      const { member, token } = await memberWithToken("rc-bad");
      const answer = await api("POST", BASE, token, request);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(invalidRequest(description));
      expect(await sql(`SELECT 1 FROM recovery_contact WHERE user_id = $1`, [member.id])).toEqual([]);
    });
  }

  test("verify with a malformed code", async () => {
    const { token } = await memberWithToken("rc-bad-code");
    const email = uniqueContactEmail("badcode");
    const { body } = await add(token, email);
    const code = await latestCodeFor(email);
    const cases: [string, { body?: unknown; rawBody?: string }, string][] = [
      ["five digits", { body: { code: "12345" } }, SIX_DIGITS],
      ["seven digits", { body: { code: "1234567" } }, SIX_DIGITS],
      ["letters", { body: { code: "12a456" } }, SIX_DIGITS],
      ["spaces", { body: { code: "123 456" } }, SIX_DIGITS],
      ["a number", { body: { code: 123456 } }, SIX_DIGITS],
      ["no code", { body: {} }, SIX_DIGITS],
      ["an unknown field", { body: { code, id: body.id } }, 'Unrecognized key: "id"'],
      ["not JSON", { rawBody: "code=1" }, "the body is not valid JSON"],
    ];
    for (const [label, request, description] of cases) {
      const answer = await api("POST", `${BASE}/${body.id}/verify`, token, request);
      expect(answer.status, label).toBe(400);
      expect(answer.body, label).toEqual(invalidRequest(description));
    }
    // None of them counted as an attempt: the code still works.
    const [row] = await sql<{ attempts: number }>(`SELECT attempts FROM verification_code WHERE purpose = $1 AND subject = $2`, [PURPOSE, body.id]);
    expect(row!.attempts).toBe(0);
    expect((await verify(token, body.id, code)).body).toEqual({ id: body.id, status: "verified" });
  });
});

test("duplicates and the account's own address are a conflict; at most 5 contacts", async () => {
  const { member, token } = await memberWithToken("rc-limit");
  const phone = await uniquePhone();
  expect((await add(token, phone)).status).toBe(201);

  const sameNumber = await add(token, `${phone.slice(0, 2)} (${phone.slice(2, 5)}) ${phone.slice(5)}`);
  expect(sameNumber.status).toBe(409);
  expect(sameNumber.body).toEqual(conflict("value: is already one of your recovery contacts"));
  const ownAddress = await add(token, member.email.toUpperCase());
  expect(ownAddress.status).toBe(409);
  expect(ownAddress.body).toEqual(conflict("value: is your account's own email address; a recovery contact must be another one"));

  const emails = [1, 2, 3, 4].map((n) => uniqueContactEmail(`limit${n}`));
  for (const email of emails) expect((await add(token, email)).status).toBe(201);
  const sameAddress = await add(token, emails[0]!.toUpperCase());
  expect(sameAddress.body).toEqual(conflict("value: is already one of your recovery contacts"));

  const sixth = uniqueContactEmail("sixth");
  const refused = await add(token, sixth);
  expect(refused.status).toBe(409);
  expect(refused.body).toEqual(conflict("you already have 5 recovery contacts, the most allowed; remove one first"));
  expect(await messagesTo(sixth)).toEqual([]);
  expect((await list(token)).body.contacts).toHaveLength(5);

  // Removing one makes room, and a removed value may be added again.
  const [first] = (await list(token)).body.contacts;
  expect((await remove(token, first.id)).status).toBe(200);
  expect((await add(token, phone)).status).toBe(201);
  expect((await add(token, sixth)).status).toBe(409);
});

test("two members side by side: each sees only their own; another member's contact is not_found everywhere and unchanged", async () => {
  const owner = await memberWithToken("rc-owner");
  const other = await memberWithToken("rc-other");
  const shared = uniqueContactEmail("shared");
  // The same address may be a recovery contact of two members (a family's shared inbox).
  const mine = await add(owner.token, shared);
  const theirs = await add(other.token, shared);
  expect([mine.status, theirs.status]).toEqual([201, 201]);
  // The newest code to the shared address is the other member's, for their own contact.
  const othersCode = await latestCodeFor(shared);

  for (const id of [mine.body.id, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    for (const answer of [await verify(other.token, id, othersCode), await resend(other.token, id), await remove(other.token, id)]) {
      expect(answer.status, id).toBe(404);
      expect(answer.body, id).toEqual(notFound("recovery contact"));
    }
  }
  expect((await list(other.token)).body.contacts.map((contact: { id: string }) => contact.id)).toEqual([theirs.body.id]);
  expect((await list(owner.token)).body.contacts.map((contact: { id: string }) => contact.id)).toEqual([mine.body.id]);
  const [row] = await sql<{ status: string }>(`SELECT status FROM recovery_contact WHERE id = $1`, [mine.body.id]);
  expect(row).toEqual({ status: "pending_verification" });

  // Each contact has its own code: the other member's does not verify the owner's contact.
  expect((await verify(owner.token, mine.body.id, othersCode)).status).toBe(400);
  await resend(owner.token, mine.body.id);
  expect((await verify(owner.token, mine.body.id, await latestCodeFor(shared))).body).toEqual({ id: mine.body.id, status: "verified" });
  expect((await list(other.token)).body.contacts[0].status).toBe("pending_verification");
});

test("wrong codes: four say how many tries are left, the fifth kills the code (429), even for the right code; a resend works", async () => {
  const { token } = await memberWithToken("rc-attempts");
  const email = uniqueContactEmail("attempts");
  const { body } = await add(token, email);
  const code = await latestCodeFor(email);
  const wrong = wrongCode(code);

  const left = ["4 tries", "3 tries", "2 tries", "1 try"];
  for (const tries of left) {
    const answer = await verify(token, body.id, wrong);
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(invalidRequest(`code: is not the code we sent; ${tries} left`));
  }
  const fifth = await verify(token, body.id, wrong);
  expect(fifth.status).toBe(429);
  expect(fifth.body).toEqual(tooManyRequests(DEAD));
  expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  const right = await verify(token, body.id, code);
  expect(right.status).toBe(429);
  expect(right.body).toEqual(tooManyRequests(DEAD));
  expect((await list(token)).body.contacts[0].status).toBe("pending_verification");

  const again = await resend(token, body.id);
  expect(again.status).toBe(200);
  expect(again.body).toEqual({ id: body.id, status: "pending_verification" });
  const fresh = await latestCodeFor(email);
  expect((await messagesTo(email)).length).toBe(2);
  if (fresh !== code) expect((await verify(token, body.id, code)).status).toBe(400);
  expect((await verify(token, body.id, fresh)).body).toEqual({ id: body.id, status: "verified" });
});

test("a code lives 10 minutes: just before, it works; after (clock moved in the database), it is expired until resent", async () => {
  const { token } = await memberWithToken("rc-expiry");
  const early = uniqueContactEmail("early");
  const late = uniqueContactEmail("late");
  const first = await add(token, early);
  const second = await add(token, late);

  await expireNewestCode(PURPOSE, first.body.id, 5);
  expect((await verify(token, first.body.id, await latestCodeFor(early))).body).toEqual({ id: first.body.id, status: "verified" });

  await expireNewestCode(PURPOSE, second.body.id);
  const expired = await verify(token, second.body.id, await latestCodeFor(late));
  expect(expired.status).toBe(400);
  expect(expired.body).toEqual(invalidRequest(EXPIRED));
  expect((await resend(token, second.body.id)).status).toBe(200);
  expect((await verify(token, second.body.id, await latestCodeFor(late))).body).toEqual({ id: second.body.id, status: "verified" });
});

test("resending is rate limited: 3 free sends per address, then 429 with Retry-After, and nothing sent", async () => {
  const { token } = await memberWithToken("rc-resend");
  const phone = await uniquePhone();
  const { body } = await add(token, phone); // send 1
  for (let send = 2; send <= 4; send += 1) expect((await resend(token, body.id)).status, `send ${send}`).toBe(200);
  const blocked = await resend(token, body.id);
  expect(blocked.status).toBe(429);
  expect(blocked.body).toEqual(tooManyRequests(TOO_MANY_SENDS));
  const retryAfter = Number(blocked.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(await messagesTo(phone)).toHaveLength(4);
  // The newest code still works while resending is blocked.
  expect((await verify(token, body.id, await latestCodeFor(phone))).body).toEqual({ id: body.id, status: "verified" });
});

test("remove: 200 with the contact masked and status removed; its code dies; removing again is not_found", async () => {
  const { member, token } = await memberWithToken("rc-remove");
  const email = uniqueContactEmail("remove");
  const { body } = await add(token, email);
  const code = await latestCodeFor(email);

  const removed = await remove(token, body.id);
  expect(removed.status).toBe(200);
  expect(removed.body).toEqual({ id: body.id, channel: "email", value: "r***@e***.net", status: "removed" });
  expect((await list(token)).body).toEqual({ contacts: [] });
  expect(await sql(`SELECT 1 FROM verification_code WHERE purpose = $1 AND subject = $2`, [PURPOSE, body.id])).toEqual([]);
  expect((await verify(token, body.id, code)).body).toEqual(notFound("recovery contact"));
  expect((await remove(token, body.id)).body).toEqual(notFound("recovery contact"));
  expect((await securityEvents(member.id)).at(-1)).toEqual({ type: "recovery_contact_removed", detail: { channel: "email", value: "r***@e***.net" } });
});

test("every route answers a missing, malformed, expired or ended-session token with invalid_token, and a member without permissions with forbidden", async () => {
  const { member, token } = await memberWithToken("rc-tokens");
  const id = (await add(token, uniqueContactEmail("tokens"))).body.id;
  const routes: [string, string, unknown][] = [
    ["GET", BASE, undefined],
    ["POST", BASE, { value: uniqueContactEmail("tokens2") }],
    ["POST", `${BASE}/${id}/verify`, { code: "123456" }],
    ["POST", `${BASE}/${id}/resend`, undefined],
    ["DELETE", `${BASE}/${id}`, undefined],
  ];
  for (const [label, makeToken, headers, description] of await refusedTokens(member, token)) {
    const refused = await makeToken();
    for (const [method, path, body] of routes) {
      const answer = await api(method, path, refused, { body, headers });
      expect(answer.status, `${label}: ${method} ${path}`).toBe(401);
      expect(answer.headers.get("www-authenticate"), label).toContain('error="invalid_token"');
      expect(answer.body, label).toEqual({ error: "invalid_token", error_description: description });
    }
  }
  const nobody = await memberWithToken("rc-noroles", { roles: "none" });
  const expected: Record<string, string> = { GET: "profile:read", POST: "profile:write", DELETE: "profile:write" };
  for (const [method, path, body] of routes) {
    const answer = await api(method, path, nobody.token, { body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: `missing permission ${expected[method]}` });
  }
  expect((await list(token)).body.contacts).toHaveLength(1);
});
