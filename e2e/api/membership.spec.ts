import { expect, test } from "@playwright/test";
import {
  api,
  callFromOwnIp,
  conflict,
  expireNewestCode,
  hiddenDigits,
  invalidRequest,
  memberWithToken,
  notFound,
  refusedTokens,
  securityEvents,
  tooManyRequests,
  uniqueContactEmail,
  uniquePhone,
} from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { codeSubject, insertRecord, transposed, linkedUserOf, MEMBERSHIP_PURPOSE, uniqueName, uniqueSurname, type TestRecord } from "../support/membership.ts";
import { latestCodeFor, latestMessageTo, messagesTo, wrongCode } from "../support/outbox.ts";

/**
 * /api/v1/users/me/membership/* (interface.md 2.3, 4.2; decisions.md parts 2 and 3; docs/decisions/0012):
 * ranked-search answers ids, scores and campuses of unlinked register records; challenge sends a code to a
 * record's contact on file; verify links it; suggest asks staff, idempotently. Every answer is checked
 * against the OpenAPI document (callApi). Each test writes register records of its own.
 */
callFromOwnIp();

const BASE = "/api/v1/users/me/membership";
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const HARBOR = { id: "cmp_harbor_point", name: "Harbor Point Campus" };
const NOT_FOUND = notFound("membership record");
const ALREADY_YOURS = conflict("this membership record is already linked to your account");
const ACCOUNT_LINKED = conflict("your account is already linked to a membership record");
const NO_CONTACT = conflict("this membership record has no email address or phone number on file; ask church staff to link it");
const QUERY_MESSAGE = "query: must be from 2 to 100 characters";
const ID_MESSAGE = "membership_id: must be a membership id from a search";
const SIX_DIGITS = "code: must be exactly 6 digits";
const DEAD = "too many wrong codes; ask for a new code";

const search = (token: string, query: unknown) => api("POST", `${BASE}/ranked-search`, token, { body: { query } });
const challenge = (token: string, id: unknown) => api("POST", `${BASE}/challenge`, token, { body: { membership_id: id } });
const verify = (token: string, id: unknown, code: unknown) => api("POST", `${BASE}/verify`, token, { body: { membership_id: id, code } });
const suggest = (token: string, id: unknown) => api("POST", `${BASE}/suggest`, token, { body: { membership_id: id } });
const mine = (token: string) => api("GET", BASE, token);

test("search, a code to the record's email, verify: linked, gone from searches, shown as the member's", async () => {
  const { member, token } = await memberWithToken("mb-happy");
  const email = uniqueContactEmail("mb-happy");
  const record = await insertRecord({ givenName: "Zoë", email });

  const found = await search(token, `  ${record.givenName} ${record.familyName} `);
  expect(found.status).toBe(200);
  expect(found.headers.get("cache-control")).toBe("no-store");
  // Hints its owner recognises, never a name: initials and the decade of birth (docs/decisions/0012).
  const hint = { initials: `Z. ${record.familyName[0]!.toUpperCase()}.`, born: "1980s" };
  expect(found.body).toEqual({ matches: [{ membership_id: record.id, score: 1, campus: HARBOR, hint }] });
  expect(JSON.stringify(found.body)).not.toContain(record.familyName);
  // Accents, case and punctuation do not matter; a typo still finds it, scored below 1.
  expect((await search(token, `ZOE ${record.familyName.toUpperCase()}`)).body).toEqual({ matches: [{ membership_id: record.id, score: 1, campus: HARBOR, hint }] });
  const typo = (await search(token, `Zoe ${transposed(record.familyName)}`)).body.matches;
  expect(typo[0].membership_id).toBe(record.id);
  expect(typo[0].score).toBeGreaterThan(0.3);
  expect(typo[0].score).toBeLessThan(1);
  // The email on file is not the member's: searching by it finds nothing (issue 14, finding 5).
  expect((await search(token, email)).body).toEqual({ matches: [] });

  // The Acknowledgement only: not where the code went, not even masked.
  const sent = await challenge(token, record.id);
  expect(sent.status).toBe(200);
  expect(sent.body).toEqual({ status: "ok" });
  const mail = await latestMessageTo(email);
  expect(mail.channel).toBe("email");
  expect(mail.subject).toBe("Link your membership record · Grace Harbor Church");
  expect(mail.body).toMatch(/If that was you, your code is: \d{6}\n/);
  for (const secret of [member.email, record.familyName, email]) expect(`${mail.subject} ${mail.body}`).not.toContain(secret);

  const linked = await verify(token, record.id, await latestCodeFor(email));
  expect(linked.status).toBe(200);
  expect(linked.body).toEqual({ status: "linked", membership_id: record.id });
  expect(await linkedUserOf(record.id)).toBe(member.id);
  // Verifying again (a retry after a lost answer) answers the same.
  expect((await verify(token, record.id, "000000")).body).toEqual({ status: "linked", membership_id: record.id });

  expect((await search(token, `Zoe ${record.familyName}`)).body).toEqual({ matches: [] });
  const own = await mine(token);
  expect(own.status).toBe(200);
  // Linked, the record is the member's own: what was linked, by name and birth date.
  expect(own.body).toEqual({
    membership: { membership_id: record.id, campus: HARBOR, linked_at: expect.stringMatching(ISO), given_name: record.givenName, family_name: record.familyName, born: "1980" },
    requests: [],
  });
  expect((await challenge(token, record.id)).body).toEqual(ALREADY_YOURS);
  expect((await suggest(token, record.id)).body).toEqual(ALREADY_YOURS);
  expect((await securityEvents(member.id)).filter((event) => event.type.startsWith("membership_"))).toEqual([
    { type: "membership_linked", detail: { membership_id: record.id } },
  ]);
});

test("a record with only a phone gets the code by SMS; no answer carries a name or contact", async () => {
  const { member, token } = await memberWithToken("mb-phone");
  const phone = await uniquePhone();
  const record = await insertRecord({ phone, campusId: null });
  const answers: unknown[] = [];

  const found = await search(token, `${record.givenName} ${record.familyName}`);
  answers.push(found.body);
  expect(found.body).toEqual({ matches: [{ membership_id: record.id, score: 1, campus: null, hint: { initials: `${record.givenName[0]!.toUpperCase()}. ${record.familyName[0]!.toUpperCase()}.`, born: "1980s" } }] });
  // By the number as a member types it, without the country code: only once it is the member's own, verified.
  const typed = `(${phone.slice(2, 5)}) ${phone.slice(5, 8)}-${phone.slice(8)}`;
  expect((await search(token, typed)).body).toEqual({ matches: [] });
  await sql(`INSERT INTO recovery_contact (user_id, channel, value, status, verified_at) VALUES ($1, 'phone', $2, 'verified', now())`, [member.id, phone]);
  const national = await search(token, typed);
  answers.push(national.body);
  expect(national.body.matches.map((match: { membership_id: string }) => match.membership_id)).toContain(record.id);

  const sent = await challenge(token, record.id);
  answers.push(sent.body);
  expect(sent.body).toEqual({ status: "ok" });
  const text = await latestMessageTo(phone);
  expect(text.channel).toBe("sms");
  expect(text.body).toMatch(
    /^Grace Harbor Church: \d{6} is your code to link your membership record to your account\. It works for 10 minutes\. If you did not ask for it, ignore this text\.\n\n@127\.0\.0\.1:\d+ #\d{6}$/,
  );
  const done = await verify(token, record.id, await latestCodeFor(phone));
  answers.push(done.body);
  expect(done.body).toEqual({ status: "linked", membership_id: record.id });

  const everything = JSON.stringify(answers);
  for (const secret of [record.givenName, record.familyName, phone, hiddenDigits(phone)]) expect(everything).not.toContain(secret);
  // Linked, the record is the member's own: its names say what was linked; its contacts stay unsaid.
  const own = JSON.stringify((await mine(token)).body);
  expect(own).toContain(record.familyName);
  for (const secret of [phone, hiddenDigits(phone)]) expect(own).not.toContain(secret);
  expect(JSON.stringify(await securityEvents(member.id))).not.toContain(phone);
});

test("the member's own verified email or phone counts for more", async () => {
  const { member, token } = await memberWithToken("mb-own");
  const familyName = uniqueSurname();
  const givenName = uniqueName(7);
  const theirs = await insertRecord({ givenName, familyName, email: uniqueContactEmail("mb-other") });
  const own = await insertRecord({ givenName, familyName, email: member.email });
  // A typo, so neither is an exact match: the record holding the member's verified address comes first,
  // half-way from the other's score to 1.
  const typo = `${givenName} ${familyName.slice(0, 5)}${familyName.slice(6)}`;
  const { matches } = (await search(token, typo)).body;
  expect(matches.map((match: { membership_id: string }) => match.membership_id)).toEqual([own.id, theirs.id]);
  expect(matches[0].score).toBeCloseTo(matches[1].score + (1 - matches[1].score) / 2, 3);

  // An unverified address counts for nothing.
  await sql(`UPDATE account SET email_verified_at = NULL WHERE id = $1`, [member.id]);
  const unverified = (await search(token, typo)).body.matches;
  expect(unverified[0].score).toBe(unverified[1].score);
  // A verified recovery phone counts, like the account's own.
  const phone = await uniquePhone();
  await sql(`UPDATE membership_record SET phone = $2 WHERE id = $1`, [theirs.id, phone]);
  await sql(`INSERT INTO recovery_contact (user_id, channel, value, status, verified_at) VALUES ($1, 'phone', $2, 'verified', now())`, [member.id, phone]);
  expect((await search(token, typo)).body.matches[0].membership_id).toBe(theirs.id);
});

test.describe("bad requests are invalid_request naming the field, and change nothing", () => {
  const cases: [string, string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, string][] = [
    ["ranked-search", "malformed JSON", { rawBody: "{query:" }, "the body is not valid JSON"],
    ["ranked-search", "an array", { body: ["Oriel"] }, "Invalid input: expected object, received array"],
    ["ranked-search", "no query", { body: {} }, QUERY_MESSAGE],
    ["ranked-search", "a number", { body: { query: 42 } }, QUERY_MESSAGE],
    ["ranked-search", "null", { body: { query: null } }, QUERY_MESSAGE],
    ["ranked-search", "one character", { body: { query: "a" } }, QUERY_MESSAGE],
    ["ranked-search", "one character in spaces", { body: { query: "   a   " } }, QUERY_MESSAGE],
    ["ranked-search", "101 characters", { body: { query: "a".repeat(101) } }, QUERY_MESSAGE],
    ["ranked-search", "an unknown field", { body: { query: "Oriel", limit: 5 } }, 'Unrecognized key: "limit"'],
    ["ranked-search", "a form post", { rawBody: "query=Oriel", headers: { "content-type": "application/x-www-form-urlencoded" } }, "the body must be application/json"],
    ["challenge", "malformed JSON", { rawBody: "{" }, "the body is not valid JSON"],
    ["challenge", "no membership_id", { body: {} }, ID_MESSAGE],
    ["challenge", "an empty membership_id", { body: { membership_id: "" } }, ID_MESSAGE],
    ["challenge", "a number", { body: { membership_id: 7 } }, ID_MESSAGE],
    ["challenge", "an overlong membership_id", { body: { membership_id: `mbr_${"a".repeat(80)}` } }, ID_MESSAGE],
    ["challenge", "an unknown field", { body: { membership_id: "mbr_x", channel: "phone" } }, 'Unrecognized key: "channel"'],
    ["suggest", "no membership_id", { body: {} }, ID_MESSAGE],
    ["suggest", "an array", { body: { membership_id: ["mbr_x"] } }, ID_MESSAGE],
    ["suggest", "an unknown field", { body: { membership_id: "mbr_x", note: "hi" } }, 'Unrecognized key: "note"'],
    ["verify", "no code", { body: { membership_id: "mbr_x" } }, SIX_DIGITS],
    ["verify", "five digits", { body: { membership_id: "mbr_x", code: "12345" } }, SIX_DIGITS],
    ["verify", "letters", { body: { membership_id: "mbr_x", code: "12a456" } }, SIX_DIGITS],
    ["verify", "a number", { body: { membership_id: "mbr_x", code: 123456 } }, SIX_DIGITS],
    ["verify", "no membership_id", { body: { code: "123456" } }, ID_MESSAGE],
    ["verify", "an unknown field", { body: { membership_id: "mbr_x", code: "123456", id: 1 } }, 'Unrecognized key: "id"'],
  ];
  for (const [route, label, request, description] of cases) {
    test(`${route} with ${label}`, async () => {
      const { member, token } = await memberWithToken("mb-bad");
      const answer = await api("POST", `${BASE}/${route}`, token, request);
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual(invalidRequest(description));
      expect(await sql(`SELECT 1 FROM membership_link_request WHERE user_id = $1`, [member.id])).toEqual([]);
      expect(await sql(`SELECT 1 FROM membership_record WHERE linked_user_id = $1`, [member.id])).toEqual([]);
    });
  }
});

test("unknown, malformed and someone else's records are not_found on challenge, verify and suggest, and change nothing", async () => {
  const owner = await memberWithToken("mb-owner");
  const other = await memberWithToken("mb-other");
  const email = uniqueContactEmail("mb-owned");
  const record = await insertRecord({ email });
  await challenge(owner.token, record.id);
  expect((await verify(owner.token, record.id, await latestCodeFor(email))).status).toBe(200);
  const sentBefore = (await messagesTo(email)).length;

  for (const id of [record.id, "mbr_0000000000000000", "not-a-membership-id", "mbr_' OR 1=1 --"]) {
    for (const answer of [await challenge(other.token, id), await verify(other.token, id, "123456"), await suggest(other.token, id)]) {
      expect(answer.status, id).toBe(404);
      expect(answer.body, id).toEqual(NOT_FOUND);
    }
  }
  expect(await messagesTo(email)).toHaveLength(sentBefore);
  expect(await linkedUserOf(record.id)).toBe(owner.member.id);
  expect(await sql(`SELECT 1 FROM membership_link_request WHERE user_id = $1`, [other.member.id])).toEqual([]);
});

test("two members side by side: each code works only for the member it was sent for; the first to prove it links it", async () => {
  const first = await memberWithToken("mb-first");
  const second = await memberWithToken("mb-second");
  const email = uniqueContactEmail("mb-shared");
  const record = await insertRecord({ email });

  const name = `${record.givenName} ${record.familyName}`;
  for (const { token } of [first, second]) expect((await search(token, name)).body.matches[0].membership_id).toBe(record.id);
  await challenge(first.token, record.id);
  const firstCode = await latestCodeFor(email);
  // No code was sent for the second member: the first member's code is nothing to them.
  expect((await verify(second.token, record.id, firstCode)).body).toEqual(invalidRequest("code: no code has been sent; ask for one first"));
  await challenge(second.token, record.id);
  const secondCode = await latestCodeFor(email);
  if (secondCode !== firstCode) expect((await verify(second.token, record.id, firstCode)).status).toBe(400);

  // Each member's code stays theirs: the second one's request did not retire the first one's code.
  expect((await verify(first.token, record.id, firstCode)).body).toEqual({ status: "linked", membership_id: record.id });
  expect(await linkedUserOf(record.id)).toBe(first.member.id);
  expect((await verify(second.token, record.id, secondCode)).body).toEqual(NOT_FOUND);
  expect((await search(second.token, name)).body).toEqual({ matches: [] });
  expect((await mine(second.token)).body).toEqual({ membership: null, requests: [] });
});

test("one record per member: a linked member cannot claim or ask for another; a record without contacts asks staff", async () => {
  const { member, token } = await memberWithToken("mb-one");
  const email = uniqueContactEmail("mb-one");
  const first = await insertRecord({ email });
  const second = await insertRecord({ email: uniqueContactEmail("mb-two") });
  const silent = await insertRecord({ campusId: null });

  expect((await challenge(token, silent.id)).body).toEqual(NO_CONTACT);
  expect((await challenge(token, silent.id)).status).toBe(409);
  expect((await verify(token, silent.id, "123456")).body).toEqual(invalidRequest("code: no code has been sent; ask for one first"));

  await challenge(token, first.id);
  await verify(token, first.id, await latestCodeFor(email));
  for (const answer of [await challenge(token, second.id), await suggest(token, second.id), await verify(token, second.id, "123456")]) {
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual(ACCOUNT_LINKED);
  }
  expect(await linkedUserOf(second.id)).toBeNull();
  expect(await sql(`SELECT 1 FROM membership_link_request WHERE user_id = $1`, [member.id])).toEqual([]);
});

test("suggest files one request for staff, idempotently; at most 3 wait at once; linking closes them", async () => {
  const { member, token } = await memberWithToken("mb-suggest");
  const [a, b, c, d] = (await Promise.all([1, 2, 3, 4].map(() => insertRecord({ campusId: null })))) as [TestRecord, TestRecord, TestRecord, TestRecord];

  const asked = await suggest(token, a.id);
  expect(asked.status).toBe(200);
  expect(asked.body).toEqual({ status: "ok" });
  expect((await suggest(token, a.id)).body).toEqual({ status: "ok" });
  expect(await sql(`SELECT status FROM membership_link_request WHERE user_id = $1`, [member.id])).toEqual([{ status: "pending" }]);
  expect((await mine(token)).body).toEqual({ membership: null, requests: [{ membership_id: a.id, campus: null, status: "pending", created_at: expect.stringMatching(ISO) }] });

  expect((await suggest(token, b.id)).status).toBe(200);
  expect((await suggest(token, c.id)).status).toBe(200);
  const fourth = await suggest(token, d.id);
  expect(fourth.status).toBe(409);
  expect(fourth.body).toEqual(conflict("you already have 3 requests waiting for church staff"));
  // Asking again for one already waiting is still fine.
  expect((await suggest(token, b.id)).body).toEqual({ status: "ok" });
  expect((await mine(token)).body.requests.map((request: { membership_id: string }) => request.membership_id)).toEqual([a.id, b.id, c.id]);
  expect((await securityEvents(member.id)).filter((event) => event.type === "membership_link_requested")).toHaveLength(3);

  const email = uniqueContactEmail("mb-suggest");
  const claimable = await insertRecord({ email });
  await challenge(token, claimable.id);
  await verify(token, claimable.id, await latestCodeFor(email));
  expect((await mine(token)).body.requests).toEqual([]);
  expect(await sql(`SELECT DISTINCT status FROM membership_link_request WHERE user_id = $1`, [member.id])).toEqual([{ status: "closed" }]);
});

test("wrong codes: four say how many tries are left, the fifth kills the code (429), even for the right one; a new code works", async () => {
  const { member, token } = await memberWithToken("mb-attempts");
  const email = uniqueContactEmail("mb-attempts");
  const record = await insertRecord({ email });
  await challenge(token, record.id);
  const code = await latestCodeFor(email);

  for (const tries of ["4 tries", "3 tries", "2 tries", "1 try"]) {
    const answer = await verify(token, record.id, wrongCode(code));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual(invalidRequest(`code: is not the code we sent; ${tries} left`));
  }
  const fifth = await verify(token, record.id, wrongCode(code));
  expect(fifth.status).toBe(429);
  expect(fifth.body).toEqual(tooManyRequests(DEAD));
  expect(Number(fifth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect((await verify(token, record.id, code)).body).toEqual(tooManyRequests(DEAD));
  expect(await linkedUserOf(record.id)).toBeNull();

  await challenge(token, record.id);
  const fresh = await latestCodeFor(email);
  expect((await verify(token, record.id, fresh)).body).toEqual({ status: "linked", membership_id: record.id });
  expect(await linkedUserOf(record.id)).toBe(member.id);
});

test("a code lives 10 minutes (clock moved in the database); a record's contact gets 3 codes, then 429", async () => {
  const { member, token } = await memberWithToken("mb-expiry");
  const email = uniqueContactEmail("mb-expiry");
  const record = await insertRecord({ email });
  await challenge(token, record.id); // send 1
  await expireNewestCode(MEMBERSHIP_PURPOSE, codeSubject(member.id, record.id));
  const expired = await verify(token, record.id, await latestCodeFor(email));
  expect(expired.status).toBe(400);
  expect(expired.body).toEqual(invalidRequest("code: has expired; ask for a new code"));

  for (let send = 2; send <= 3; send += 1) expect((await challenge(token, record.id)).status, `send ${send}`).toBe(200);
  const blocked = await challenge(token, record.id);
  expect(blocked.status).toBe(429);
  expect(blocked.body).toEqual(tooManyRequests("too many codes sent; wait before asking for another"));
  expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await messagesTo(email)).toHaveLength(3);
  await expireNewestCode(MEMBERSHIP_PURPOSE, codeSubject(member.id, record.id), 5);
  expect((await verify(token, record.id, await latestCodeFor(email))).body).toEqual({ status: "linked", membership_id: record.id });
});

test("searching is rate limited per member: 20 searches, then 429 with Retry-After; another member is not held up", async () => {
  const { token } = await memberWithToken("mb-rate");
  const other = await memberWithToken("mb-rate-other");
  for (let n = 1; n <= 20; n += 1) expect((await search(token, `Oriel ${n}`)).status, `search ${n}`).toBe(200);
  const blocked = await search(token, "Oriel 21");
  expect(blocked.status).toBe(429);
  expect(blocked.body).toEqual(tooManyRequests("too many searches; try again later"));
  const retryAfter = Number(blocked.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(30);
  expect((await search(other.token, "Oriel")).status).toBe(200);
});

test("every route answers a missing, malformed, expired or ended-session token with invalid_token, and a member without permissions with forbidden", async () => {
  const { member, token } = await memberWithToken("mb-tokens");
  const record = await insertRecord({ email: uniqueContactEmail("mb-tokens") });
  const routes: [string, string, unknown, string][] = [
    ["GET", BASE, undefined, "profile:read"],
    ["POST", `${BASE}/ranked-search`, { query: "Oriel" }, "profile:read"],
    ["POST", `${BASE}/challenge`, { membership_id: record.id }, "profile:write"],
    ["POST", `${BASE}/verify`, { membership_id: record.id, code: "123456" }, "profile:write"],
    ["POST", `${BASE}/suggest`, { membership_id: record.id }, "profile:write"],
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
  const nobody = await memberWithToken("mb-noroles", { roles: "none" });
  for (const [method, path, body, permission] of routes) {
    const answer = await api(method, path, nobody.token, { body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: `missing permission ${permission}` });
  }
  expect(await linkedUserOf(record.id)).toBeNull();
  expect(await sql(`SELECT 1 FROM membership_link_request WHERE membership_id = $1`, [record.id])).toEqual([]);
});

// Regression (issue 14, finding 5): a search by someone's email or phone answered score 1 and a campus,
// and a challenge answered where the code went, masked: the register confirmed who is a member.
test("a search by someone else's email or phone confirms nothing; the member's own verified one finds exactly the records holding it", async () => {
  const { member, token } = await memberWithToken("mb-contact");
  const theirEmail = uniqueContactEmail("mb-theirs");
  const theirPhone = await uniquePhone();
  const theirs = await insertRecord({ email: theirEmail, phone: theirPhone });
  for (const query of [theirEmail, theirEmail.toUpperCase(), theirEmail.slice(0, -3), theirPhone, theirPhone.slice(2), `${theirPhone.slice(0, 2)} ${theirPhone.slice(2)}`]) {
    const answer = await search(token, query);
    expect(answer.status, query).toBe(200);
    expect(answer.body, query).toEqual({ matches: [] });
  }
  // The member's own verified address finds the record holding it; a name-like part of an address finds nothing else.
  const mine = await insertRecord({ email: member.email });
  // It holds the member's own address: the year of birth, not only the decade.
  const hint = { initials: `${mine.givenName[0]!.toUpperCase()}. ${mine.familyName[0]!.toUpperCase()}.`, born: "1980" };
  expect((await search(token, member.email.toUpperCase())).body).toEqual({ matches: [{ membership_id: mine.id, score: 1, campus: HARBOR, hint }] });
  expect(theirs.id).not.toBe(mine.id);
});

test("a record's contact gets at most 3 codes a day, whoever asks; the answer never says where they went", async () => {
  const record = await insertRecord({ email: uniqueContactEmail("mb-flood") });
  const askers = await Promise.all([1, 2, 3, 4].map((n) => memberWithToken(`mb-flood-${n}`)));
  const answers = [];
  for (const asker of askers) answers.push(await challenge(asker.token, record.id));
  expect(answers.slice(0, 3).map((answer) => [answer.status, answer.body])).toEqual([
    [200, { status: "ok" }],
    [200, { status: "ok" }],
    [200, { status: "ok" }],
  ]);
  expect(answers[3]!.status).toBe(429);
  expect(Number(answers[3]!.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(await messagesTo(record.email!)).toHaveLength(3);
});
