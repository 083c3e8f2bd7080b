import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, conflict, invalidRequest, memberWithToken, notFound, refusedTokens, securityEvents, tooManyRequests } from "../support/contacts.ts";
import { sql, uniqueIp } from "../support/database.ts";
import {
  BAD_CODE,
  FAMILY_CODE,
  TOO_MANY_CODES,
  attemptCounterKey,
  attemptFailures,
  birthDateYearsAgo,
  createFamily,
  endBlock,
  setBirthDate,
} from "../support/families.ts";

/**
 * Families over HTTP (interface.md 2.3 and 4.2, decisions.md parts 2 and 3, docs/decisions/0013): an adult
 * makes a code (`POST /api/v1/families/me/code`), members join with it (`POST /api/v1/families/join`,
 * bearer required, 200 `{ family_id, status: "member" }`, the same 200 again), and see their family
 * (`GET /api/v1/families/me`). Every bad code is the same `invalid_request`; bad codes count against the
 * member and their IP address. Every answer is also checked against the OpenAPI document (callApi).
 */
callFromOwnIp();

const JOIN = "/api/v1/families/join";
const ME = "/api/v1/families/me";
const CODE = "/api/v1/families/me/code";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY = 24 * 60 * 60 * 1000;

const join = (token: string, code: unknown, headers: Record<string, string> = {}) => api("POST", JOIN, token, { body: { code }, headers });
const myFamily = (token: string) => api("GET", ME, token);
const rotate = (token: string) => api("POST", CODE, token);

/** A family with one adult (its own member and token) and a live code made through the API. */
async function familyWithCode(label: string) {
  const adult = await memberWithToken(`${label}-adult`);
  const familyId = await createFamily({ adults: [adult.member] });
  const made = await rotate(adult.token);
  expect(made.status).toBe(200);
  return { adult, familyId, code: made.body.code as string };
}

async function familyRow(familyId: string) {
  const [row] = await sql<{ code_hash: string; code_encrypted: string; code_uses: number; code_expires_at: Date }>(
    `SELECT code_hash, code_encrypted, code_uses, code_expires_at FROM family WHERE id = $1`,
    [familyId],
  );
  return row!;
}

async function membership(userId: string) {
  return sql<{ family_id: string; role: string }>(`SELECT family_id, role FROM family_member WHERE user_id = $1`, [userId]);
}

test("an adult makes a code; members join with it (adult, or child by birth date); joining again is the same 200; everyone sees the family", async () => {
  const { adult, familyId, code } = await familyWithCode("fam-happy");
  expect(code).toMatch(FAMILY_CODE);

  const partner = await memberWithToken("fam-partner");
  const teen = await memberWithToken("fam-teen");
  const teenBirthDate = await birthDateYearsAgo(15);
  await setBirthDate(teen.member.id, teenBirthDate);

  // Case, spaces and the dash do not matter.
  const joined = await join(partner.token, ` ${code.toLowerCase().replace("-", " ")} `);
  expect(joined.status).toBe(200);
  expect(joined.headers.get("cache-control")).toBe("no-store");
  expect(joined.body).toEqual({ family_id: familyId, status: "member" });
  expect((await join(partner.token, code)).body).toEqual({ family_id: familyId, status: "member" });
  expect((await join(teen.token, code.replace("-", ""))).body).toEqual({ family_id: familyId, status: "member" });

  expect(await membership(partner.member.id)).toEqual([{ family_id: familyId, role: "adult" }]);
  expect(await membership(teen.member.id)).toEqual([{ family_id: familyId, role: "child" }]);
  // Two members joined; the second call of the partner did not use the code again.
  expect((await familyRow(familyId)).code_uses).toBe(2);

  const seen = await myFamily(adult.token);
  expect(seen.status).toBe(200);
  const member = (who: typeof adult, role: string, you: boolean, extra: Record<string, unknown> = {}) => ({
    user_id: who.member.id,
    given_name: who.member.givenName,
    family_name: who.member.familyName,
    role,
    joined_at: expect.stringMatching(ISO),
    you,
    has_sign_in: true,
    ...extra,
  });
  expect(seen.body).toEqual({
    family_id: familyId,
    name: expect.stringMatching(/^Test family /),
    your_role: "adult",
    // The adults also see a child's birth date and notes; the child does not see them.
    members: [member(adult, "adult", true), member(partner, "adult", false), member(teen, "child", false, { birth_date: teenBirthDate, notes: null })],
    code: { code, expires_at: expect.stringMatching(ISO), uses_left: 8, active: true },
  });
  const expiresIn = Date.parse(seen.body.code.expires_at) - Date.now();
  expect(expiresIn).toBeGreaterThan(14 * DAY - 60_000);
  expect(expiresIn).toBeLessThanOrEqual(14 * DAY);

  // The partner is an adult too and sees the code; the child sees the family without it.
  expect((await myFamily(partner.token)).body).toMatchObject({ your_role: "adult", code: { code } });
  const childView = await myFamily(teen.token);
  expect(childView.body).toEqual({ ...seen.body, your_role: "child", members: [member(adult, "adult", false), member(partner, "adult", false), member(teen, "child", true)], code: undefined });
  expect("code" in childView.body).toBe(false);

  // At rest the code is an HMAC (for the lookup) and a sealed copy (for adults): never the code itself.
  const row = await familyRow(familyId);
  for (const stored of [row.code_hash, row.code_encrypted]) {
    expect(stored).not.toContain(code);
    expect(stored).not.toContain(code.replace("-", ""));
  }
  expect(row.code_hash).toMatch(/^[A-Za-z0-9_-]{43}$/);

  expect((await securityEvents(partner.member.id)).filter((event) => event.type === "family_joined")).toEqual([
    { type: "family_joined", detail: { family_id: familyId, role: "adult" } },
  ]);
  expect((await securityEvents(teen.member.id)).filter((event) => event.type === "family_joined")).toEqual([
    { type: "family_joined", detail: { family_id: familyId, role: "child" } },
  ]);
  expect((await securityEvents(adult.member.id)).filter((event) => event.type === "family_code_rotated")).toEqual([
    { type: "family_code_rotated", detail: { family_id: familyId } },
  ]);
});

test("every bad code is the same invalid_request and changes nothing: unknown, malformed, expired, used up, replaced", async () => {
  const { adult, familyId, code } = await familyWithCode("fam-bad");
  const unknown = code.split("").reverse().join("");
  const first = await memberWithToken("fam-bad-1");
  const second = await memberWithToken("fam-bad-2");

  const tries: [string, () => Promise<void>, string, typeof first][] = [
    ["an unknown code", async () => {}, unknown, first],
    ["a word", async () => {}, "hello", first],
    ["an empty string", async () => {}, "", first],
    ["a code with a letter no code has", async () => {}, `${code.slice(0, -1)}O`, second],
    ["an expired code", async () => void (await sql(`UPDATE family SET code_expires_at = now() - interval '1 second' WHERE id = $1`, [familyId])), code, second],
    [
      "a used-up code",
      async () => void (await sql(`UPDATE family SET code_expires_at = now() + interval '1 day', code_uses = 10 WHERE id = $1`, [familyId])),
      code,
      second,
    ],
  ];
  for (const [label, prepare, tried, who] of tries) {
    await prepare();
    const answer = await join(who.token, tried);
    expect(answer.status, label).toBe(400);
    expect(answer.body, label).toEqual(invalidRequest(BAD_CODE));
  }
  for (const who of [first, second]) expect(await membership(who.member.id)).toEqual([]);
  expect((await familyRow(familyId)).code_uses).toBe(10);

  // A replaced code is dead at once, and a live one (here with 5 s left) still works.
  await sql(`UPDATE family SET code_uses = 0 WHERE id = $1`, [familyId]);
  const fresh = (await rotate(adult.token)).body.code as string;
  expect(fresh).not.toBe(code);
  const third = await memberWithToken("fam-bad-3");
  expect((await join(third.token, code)).body).toEqual(invalidRequest(BAD_CODE));
  await sql(`UPDATE family SET code_expires_at = now() + interval '5 seconds' WHERE id = $1`, [familyId]);
  expect((await join(third.token, fresh)).body).toEqual({ family_id: familyId, status: "member" });

  // The last use is the tenth: then the code is used up for the next member.
  await sql(`UPDATE family SET code_uses = 9, code_expires_at = now() + interval '1 day' WHERE id = $1`, [familyId]);
  const tenth = await memberWithToken("fam-bad-10th");
  const eleventh = await memberWithToken("fam-bad-11th");
  expect((await join(tenth.token, fresh)).status).toBe(200);
  expect((await join(eleventh.token, fresh)).body).toEqual(invalidRequest(BAD_CODE));
  expect((await myFamily(adult.token)).body.code).toEqual({ code: fresh, expires_at: expect.stringMatching(ISO), uses_left: 0, active: false });
});

test.describe("malformed requests are invalid_request naming the problem, change nothing and are not counted as guesses", () => {
  const cases: [string, { body?: unknown; rawBody?: string; headers?: Record<string, string> }, string][] = [
    ["malformed JSON", { rawBody: "{code:" }, "the body is not valid JSON"],
    ["an array", { body: ["ABCDE-FGHJK"] }, "Invalid input: expected object, received array"],
    ["no code", { body: {} }, "code: is required"],
    ["a number", { body: { code: 12345 } }, "code: is required"],
    ["null", { body: { code: null } }, "code: is required"],
    ["an overlong code", { body: { code: "A".repeat(201) } }, BAD_CODE],
    ["an unknown field", { body: { code: "ABCDE-FGHJK", role: "adult" } }, 'Unrecognized key: "role"'],
    ["a form post", { rawBody: "code=ABCDE-FGHJK", headers: { "content-type": "application/x-www-form-urlencoded" } }, "the body must be application/json"],
  ];
  test("join with each of them", async () => {
    const { member, token } = await memberWithToken("fam-malformed");
    for (const [label, request, description] of cases) {
      const answer = await api("POST", JOIN, token, request);
      expect(answer.status, label).toBe(400);
      expect(answer.body, label).toEqual(invalidRequest(description));
    }
    expect(await membership(member.id)).toEqual([]);
    expect(await attemptFailures("family-join:user", member.id)).toBe(0);
  });
});

test("a member of another family: conflict for a live code, the same invalid_request for a bad one; they stay where they are", async () => {
  const mine = await familyWithCode("fam-mine");
  const theirs = await familyWithCode("fam-theirs");
  const conflicted = await join(mine.adult.token, theirs.code);
  expect(conflicted.status).toBe(409);
  expect(conflicted.body).toEqual(conflict("you already belong to another family"));
  expect((await join(mine.adult.token, "ZZZZZ-ZZZZZ")).body).toEqual(invalidRequest(BAD_CODE));
  // Their own family's code: the same 200, nothing used.
  expect((await join(mine.adult.token, mine.code)).body).toEqual({ family_id: mine.familyId, status: "member" });
  expect(await membership(mine.adult.member.id)).toEqual([{ family_id: mine.familyId, role: "adult" }]);
  expect((await familyRow(theirs.familyId)).code_uses).toBe(0);
  expect((await familyRow(mine.familyId)).code_uses).toBe(0);
});

test("attempt limit per member: 5 bad codes are invalid_request, the 6th is 429 with Retry-After; while blocked even the right code is refused", async () => {
  const { familyId, code } = await familyWithCode("fam-limit");
  const guesser = await memberWithToken("fam-guesser");
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    const answer = await join(guesser.token, `ZZZZZ-ZZZZ${"23456"[attempt - 1]}`);
    expect(answer.status, `guess ${attempt}`).toBe(400);
    expect(answer.body).toEqual(invalidRequest(BAD_CODE));
  }
  const sixth = await join(guesser.token, "ZZZZZ-ZZZZ7");
  expect(sixth.status).toBe(429);
  expect(sixth.body).toEqual(tooManyRequests(TOO_MANY_CODES));
  expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect(Number(sixth.headers.get("retry-after"))).toBeLessThanOrEqual(2);

  const right = await join(guesser.token, code);
  expect(right.status).toBe(429);
  expect(right.body).toEqual(tooManyRequests(TOO_MANY_CODES));
  expect(await membership(guesser.member.id)).toEqual([]);
  expect(await attemptFailures("family-join:user", guesser.member.id)).toBe(6);

  // Another member is not held back by this one's guesses (each test calls from an IP of its own).
  const other = await memberWithToken("fam-other");
  expect((await join(other.token, code)).body).toEqual({ family_id: familyId, status: "member" });

  // Once the block is over (clock moved in the database), the right code joins; a further bad one blocks longer.
  await endBlock("family-join:user", guesser.member.id);
  expect((await join(guesser.token, code)).body).toEqual({ family_id: familyId, status: "member" });
  const seventh = await join(guesser.token, "ZZZZZ-ZZZZ8");
  expect(seventh.status).toBe(429);
  expect(Number(seventh.headers.get("retry-after"))).toBeGreaterThan(2);
});

test("attempt limit per IP address: 20 bad codes from one address, across members, then 429 for any member there; another address is unaffected", async () => {
  const { familyId, code } = await familyWithCode("fam-ip");
  const ip = await uniqueIp();
  const fromThere = { "x-forwarded-for": ip };
  const guessers = await Promise.all([1, 2, 3, 4, 5].map((n) => memberWithToken(`fam-ip-${n}`)));
  let guesses = 0;
  for (const guesser of guessers.slice(0, 4)) {
    for (let attempt = 0; attempt < 5; attempt += 1) {
      guesses += 1;
      const answer = await join(guesser.token, `ZZZZ${"23456"[attempt]}-ZZZZZ`, fromThere);
      expect(answer.body, `guess ${guesses}`).toEqual(invalidRequest(BAD_CODE));
    }
  }
  expect(await attemptFailures("family-join:ip", ip)).toBe(20);
  const fresh = guessers[4]!;
  const blocked = await join(fresh.token, "ZZZZ7-ZZZZZ", fromThere);
  expect(blocked.status).toBe(429);
  expect(blocked.body).toEqual(tooManyRequests(TOO_MANY_CODES));
  expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect((await join(fresh.token, code, fromThere)).status).toBe(429);
  // The member's own count is only the one guess; from elsewhere, they join.
  expect(await attemptFailures("family-join:user", fresh.member.id)).toBe(1);
  expect((await join(fresh.token, code)).body).toEqual({ family_id: familyId, status: "member" });
  expect(attemptCounterKey("family-join:ip", ip)).toMatch(/^family-join:ip:[A-Za-z0-9_-]{43}$/);
});

test("a family set up without a code (by staff) shows adults none until one is made", async () => {
  const adult = await memberWithToken("fam-nocode");
  await createFamily({ adults: [adult.member] });
  const seen = await myFamily(adult.token);
  expect(seen.status).toBe(200);
  expect(seen.body.code).toEqual({ code: null, expires_at: expect.stringMatching(ISO), uses_left: 10, active: false });
  const made = await rotate(adult.token);
  expect((await myFamily(adult.token)).body.code).toEqual({ ...made.body, active: true });
  expect(made.body.code).toMatch(FAMILY_CODE);
});

test("rotating: adults only (a child is forbidden); the old code dies; without a family, GET and rotate are not_found", async () => {
  const { adult, familyId, code } = await familyWithCode("fam-rotate");
  const child = await memberWithToken("fam-rotate-child");
  await setBirthDate(child.member.id, await birthDateYearsAgo(12));
  expect((await join(child.token, code)).status).toBe(200);

  const refused = await rotate(child.token);
  expect(refused.status).toBe(403);
  expect(refused.body).toEqual({ error: "forbidden", error_description: "only an adult of the family can make a new family code" });
  expect((await myFamily(adult.token)).body.code.code).toBe(code);

  const rotated = await rotate(adult.token);
  expect(rotated.status).toBe(200);
  expect(rotated.body).toEqual({ code: expect.stringMatching(FAMILY_CODE), expires_at: expect.stringMatching(ISO), uses_left: 10, active: true });
  expect(rotated.body.code).not.toBe(code);
  const newcomer = await memberWithToken("fam-rotate-new");
  expect((await join(newcomer.token, code)).body).toEqual(invalidRequest(BAD_CODE));
  expect((await join(newcomer.token, rotated.body.code)).body).toEqual({ family_id: familyId, status: "member" });

  const loner = await memberWithToken("fam-loner");
  for (const answer of [await myFamily(loner.token), await rotate(loner.token)]) {
    expect(answer.status).toBe(404);
    expect(answer.body).toEqual(notFound("family"));
  }
});

test("two families side by side: each member sees only their own family and code; rotating one leaves the other alone", async () => {
  const first = await familyWithCode("fam-idor-1");
  const second = await familyWithCode("fam-idor-2");
  const firstChild = await memberWithToken("fam-idor-c1");
  await join(firstChild.token, first.code);

  const seenByFirst = (await myFamily(first.adult.token)).body;
  const seenBySecond = (await myFamily(second.adult.token)).body;
  expect(seenByFirst.family_id).toBe(first.familyId);
  expect(seenBySecond.family_id).toBe(second.familyId);
  expect(seenByFirst.members.map((member: { user_id: string }) => member.user_id)).toEqual([first.adult.member.id, firstChild.member.id]);
  expect(seenBySecond.members.map((member: { user_id: string }) => member.user_id)).toEqual([second.adult.member.id]);
  expect(JSON.stringify(seenBySecond)).not.toContain(first.code);
  expect(JSON.stringify(seenBySecond)).not.toContain(first.adult.member.id);

  const before = await familyRow(second.familyId);
  await rotate(first.adult.token);
  expect(await familyRow(second.familyId)).toEqual(before);
  expect((await myFamily(second.adult.token)).body.code.code).toBe(second.code);
});

test("every route answers a missing, malformed, expired or ended-session token with invalid_token, and a member without permissions with forbidden", async () => {
  const { adult, code } = await familyWithCode("fam-tokens");
  const routes: [string, string, unknown, string][] = [
    ["POST", JOIN, { code }, "profile:write"],
    ["GET", ME, undefined, "profile:read"],
    ["POST", CODE, undefined, "profile:write"],
  ];
  for (const [label, makeToken, headers, description] of await refusedTokens(adult.member, adult.token)) {
    const refused = await makeToken();
    for (const [method, path, body] of routes) {
      const answer = await api(method, path, refused, { body, headers });
      expect(answer.status, `${label}: ${method} ${path}`).toBe(401);
      expect(answer.headers.get("www-authenticate"), label).toContain('error="invalid_token"');
      expect(answer.body, label).toEqual({ error: "invalid_token", error_description: description });
    }
  }
  const nobody = await memberWithToken("fam-noroles", { roles: "none" });
  for (const [method, path, body, permission] of routes) {
    const answer = await api(method, path, nobody.token, { body });
    expect(answer.status, `${method} ${path}`).toBe(403);
    expect(answer.body).toEqual({ error: "forbidden", error_description: `missing permission ${permission}` });
  }
  expect(await membership(nobody.member.id)).toEqual([]);
  expect(UUID.test(adult.member.id)).toBe(true);
});
