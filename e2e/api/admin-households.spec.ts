import { expect, test } from "@playwright/test";
import { DEMO_TOTP_SECRET } from "../../lib/demo/seed-identity.ts";
import { forbidden, staffWithToken, uniqueWord } from "../support/admin.ts";
import { UNKNOWN_UUID } from "../support/admin-routes.ts";
import { api, callFromOwnIp, conflict, invalidRequest, memberWithToken, notFound, securityEvents } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import { birthDateYearsAgo, createChildWithoutSignIn, createFamily, roleNames } from "../support/families.ts";
import { createTestMember } from "../support/oauth-accounts.ts";
import { portalTokensFor } from "../support/oauth-client.ts";

/**
 * The church office's household tools (issue 17; docs/decisions/0013 "The office's household tools" and
 * "Merging two households"): create and rename a household, add and remove members, children without a
 * sign-in, the household's guardianships and waiting requests, and merging two households. Every new route:
 * its success, unknown ids (404), bodies naming the field (400), a staff member without families:write and a
 * member's token (403), its conflicts, and IDOR: a child or member of household A addressed through household
 * B's id is 404 and changes nothing.
 */
callFromOwnIp();

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const base = "/api/v1/admin/families";

/** Staff who may see households but not change them (a role of the test's own holding families:read only). */
async function readerWithToken(label: string) {
  const member = await createTestMember(label, { totpSecret: DEMO_TOTP_SECRET });
  const role = `households-reader-${uniqueWord().toLowerCase()}`;
  await sql(`INSERT INTO role (name, description, permissions) VALUES ($1, 'Sees households only', ARRAY['families:read', 'users:read'])`, [role]);
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = $2`, [member.id, role]);
  return (await portalTokensFor(member)).access_token;
}

/** Everything about these households and their people, to show a refused request changed nothing. */
async function householdState(familyIds: string[]): Promise<unknown> {
  const [row] = await sql<{ state: unknown }>(
    `SELECT json_build_object(
       'families', (SELECT json_agg(f ORDER BY f.id) FROM family f WHERE f.id = ANY($1::uuid[])),
       'members', (SELECT json_agg(m ORDER BY m.user_id) FROM family_member m WHERE m.family_id = ANY($1::uuid[])),
       'accounts', (SELECT json_agg(json_build_object('id', a.id, 'given_name', a.given_name, 'family_name', a.family_name, 'birth_date', a.birth_date) ORDER BY a.id)
                      FROM account a JOIN family_member m ON m.user_id = a.id WHERE m.family_id = ANY($1::uuid[])),
       'guardianships', (SELECT json_agg(g ORDER BY g.id) FROM guardianship g JOIN family_member m ON m.user_id = g.dependent_id WHERE m.family_id = ANY($1::uuid[])),
       'requests', (SELECT json_agg(r ORDER BY r.id) FROM guardianship_request r WHERE r.family_id = ANY($1::uuid[])),
       'pickup', (SELECT json_agg(p ORDER BY p.id) FROM pickup_person p JOIN family_member m ON m.user_id = p.child_id WHERE m.family_id = ANY($1::uuid[])),
       'events', (SELECT count(*) FROM security_event e JOIN family_member m ON m.user_id = e.user_id WHERE m.family_id = ANY($1::uuid[]))
     ) AS state`,
    [familyIds],
  );
  return row!.state;
}

async function minorWhoSignsIn(label: string, years = 15) {
  const member = await createTestMember(label);
  await sql(`UPDATE account SET birth_date = $2 WHERE id = $1`, [member.id, await birthDateYearsAgo(years)]);
  return member;
}

test("create and rename a household: 201 with no members, the new name in every member's log; 400s name the field; 404s; 403s", async () => {
  const { member: staff, token } = await staffWithToken("hh-create");
  const name = `The ${uniqueWord()} family`;
  const created = await api("POST", base, token, { body: { name: `  ${name}  ` } });
  expect(created.status).toBe(201);
  expect(created.body).toEqual({ id: expect.stringMatching(UUID), name, member_count: 0, created_at: expect.stringMatching(ISO), members: [] });
  expect(JSON.stringify(created.body)).not.toMatch(/code/i);
  expect((await api("GET", `${base}?q=${encodeURIComponent(name)}`, token)).body.items).toEqual([{ id: created.body.id, name, member_count: 0, created_at: created.body.created_at }]);

  const adult = await createTestMember("hh-create-adult");
  await sql(`INSERT INTO family_member (family_id, user_id, role) VALUES ($1, $2, 'adult')`, [created.body.id, adult.id]);
  const renamed = await api("PATCH", `${base}/${created.body.id}`, token, { body: { name: `${name} at home` } });
  expect(renamed.status).toBe(200);
  expect(renamed.body).toMatchObject({ id: created.body.id, name: `${name} at home`, member_count: 1 });
  expect((await securityEvents(adult.id)).filter((event) => event.type === "family_renamed")).toEqual([
    { type: "family_renamed", detail: { family_id: created.body.id, name: `${name} at home`, by: staff.id } },
  ]);
  // The same name again: nothing more in the log.
  await api("PATCH", `${base}/${created.body.id}`, token, { body: { name: `${name} at home` } });
  expect((await securityEvents(adult.id)).filter((event) => event.type === "family_renamed")).toHaveLength(1);

  const bodies: [method: string, path: string, body: unknown, description: string][] = [
    ["POST", base, {}, "name: must be from 1 to 100 characters"],
    ["POST", base, { name: "   " }, "name: must be from 1 to 100 characters"],
    ["POST", base, { name: "x".repeat(101) }, "name: must be from 1 to 100 characters"],
    ["POST", base, { name: "A\u0000B" }, "name: must not contain control characters"],
    ["POST", base, { name: "Fine", code: "K7QM2-XR9DW" }, 'Unrecognized key: "code"'],
    ["PATCH", `${base}/${created.body.id}`, { name: 7 }, "name: must be from 1 to 100 characters"],
  ];
  for (const [method, path, body, description] of bodies) {
    const answer = await api(method, path, token, { body });
    expect(answer.status, description).toBe(400);
    expect(answer.body, description).toEqual(invalidRequest(description));
  }
  for (const id of [UNKNOWN_UUID, "not-a-uuid"]) {
    expect((await api("PATCH", `${base}/${id}`, token, { body: { name: "Renamed" } })).body).toEqual(notFound("family"));
  }

  const reader = await readerWithToken("hh-create-reader");
  expect((await api("GET", `${base}/${created.body.id}`, reader)).status).toBe(200);
  expect((await api("POST", base, reader, { body: { name: "Nope" } })).body).toEqual(forbidden("families:write"));
  expect((await api("PATCH", `${base}/${created.body.id}`, reader, { body: { name: "Nope" } })).body).toEqual(forbidden("families:write"));
  const { token: memberToken } = await memberWithToken("hh-create-member");
  expect((await api("POST", base, memberToken, { body: { name: "Nope" } })).body).toEqual(forbidden("families:write"));
  expect((await api("GET", `${base}/${created.body.id}`, token)).body.name).toBe(`${name} at home`);
});

test("add members: by birth date or as staff say, once per person (a conflict naming the other household), a minor who signs in asked about guardianship; remove by the rules of leaving", async () => {
  const { member: staff, token } = await staffWithToken("hh-members");
  const parent = await createTestMember("hh-members-parent");
  const toddler = await createChildWithoutSignIn("Ada", await birthDateYearsAgo(3));
  const familyId = await createFamily({ adults: [parent], children: [toddler] }, `The ${uniqueWord()} household`);
  const otherName = `The ${uniqueWord()} household`;
  const elsewhere = await createTestMember("hh-members-elsewhere");
  const otherId = await createFamily({ adults: [elsewhere] }, otherName);

  const second = await createTestMember("hh-members-second");
  const added = await api("POST", `${base}/${familyId}/members`, token, { body: { user_id: second.id } });
  expect(added.status).toBe(201);
  expect(added.body).toEqual({
    user_id: second.id,
    given_name: second.givenName,
    family_name: second.familyName,
    role: "adult",
    joined_at: expect.stringMatching(ISO),
    has_sign_in: true,
    birth_date: null,
    notes: null,
  });
  expect((await securityEvents(second.id)).at(-1)).toEqual({ type: "family_joined", detail: { family_id: familyId, role: "adult", by: staff.id } });
  // Again: already here, the same 200, nothing logged again.
  const again = await api("POST", `${base}/${familyId}/members`, token, { body: { user_id: second.id.toUpperCase(), role: "adult" } });
  expect(again.status).toBe(200);
  expect(again.body).toEqual(added.body);
  expect((await securityEvents(second.id)).filter((event) => event.type === "family_joined")).toHaveLength(1);

  const teen = await minorWhoSignsIn("hh-members-teen");
  const teenAdded = await api("POST", `${base}/${familyId}/members`, token, { body: { user_id: teen.id } });
  expect(teenAdded.body).toMatchObject({ user_id: teen.id, role: "child", has_sign_in: true });
  const asked = await sql<{ guardian_id: string }>(`SELECT guardian_id FROM guardianship_request WHERE dependent_id = $1 AND family_id = $2 AND decision IS NULL ORDER BY guardian_id`, [teen.id, familyId]);
  expect(asked.map((row) => row.guardian_id)).toEqual([parent.id, second.id].sort());

  const cases: [body: unknown, description: string][] = [
    [{}, "user_id: must be a user id (a UUID)"],
    [{ user_id: "nobody" }, "user_id: must be a user id (a UUID)"],
    [{ user_id: UNKNOWN_UUID }, "user_id: no such user"],
    [{ user_id: second.id, role: "guardian" }, "role: must be adult or child"],
    [{ user_id: (await createTestMember("hh-members-grown")).id, role: "child" }, "role: only someone under 18 by their birth date can be a child of a household"],
    [{ user_id: second.id, extra: true }, 'Unrecognized key: "extra"'],
  ];
  for (const [body, description] of cases) {
    const before = await householdState([familyId, otherId]);
    const answer = await api("POST", `${base}/${familyId}/members`, token, { body });
    expect(answer.status, description).toBe(400);
    expect(answer.body, description).toEqual(invalidRequest(description));
    expect(await householdState([familyId, otherId]), description).toEqual(before);
  }
  const before = await householdState([familyId, otherId]);
  const taken = await api("POST", `${base}/${familyId}/members`, token, { body: { user_id: elsewhere.id } });
  expect(taken.status).toBe(409);
  expect(taken.body).toEqual(conflict(`this person already belongs to another household (${otherName}): remove them there first, or merge the two households`));
  expect((await api("POST", `${base}/${UNKNOWN_UUID}/members`, token, { body: { user_id: second.id } })).body).toEqual(notFound("family"));

  // IDOR: household B's member through household A's id is not found, and nothing moves.
  expect((await api("DELETE", `${base}/${familyId}/members/${elsewhere.id}`, token)).body).toEqual(notFound("member"));
  expect((await api("DELETE", `${base}/${familyId}/members/not-a-uuid`, token)).body).toEqual(notFound("member"));
  expect((await api("DELETE", `${base}/${UNKNOWN_UUID}/members/${second.id}`, token)).body).toEqual(notFound("family"));
  // A child without a sign-in is removed with the children's route.
  expect((await api("DELETE", `${base}/${familyId}/members/${toddler.id}`, token)).body).toEqual(
    conflict("a child who does not sign in exists only in their household: remove the child instead (DELETE …/children/{childId})"),
  );
  const reader = await readerWithToken("hh-members-reader");
  expect((await api("POST", `${base}/${familyId}/members`, reader, { body: { user_id: second.id } })).body).toEqual(forbidden("families:write"));
  expect((await api("DELETE", `${base}/${familyId}/members/${second.id}`, reader)).body).toEqual(forbidden("families:write"));
  expect(await householdState([familyId, otherId])).toEqual(before);

  // The teen leaves (their waiting requests with them), then the second adult; the last adult stays while a child remains.
  expect((await api("DELETE", `${base}/${familyId}/members/${teen.id}`, token)).body).toEqual({ user_id: teen.id, status: "removed" });
  expect(await sql(`SELECT 1 FROM guardianship_request WHERE dependent_id = $1`, [teen.id])).toEqual([]);
  expect((await securityEvents(teen.id)).at(-1)).toEqual({ type: "family_left", detail: { family_id: familyId, role: "child", by: staff.id } });
  expect((await api("DELETE", `${base}/${familyId}/members/${second.id}`, token)).status).toBe(200);
  const last = await api("DELETE", `${base}/${familyId}/members/${parent.id}`, token);
  expect(last.status).toBe(409);
  expect(last.body).toEqual(conflict("the last adult cannot be removed while the household has children: remove them, or add another adult first"));
  expect((await api("GET", `${base}/${familyId}`, token)).body.members.map((member: { user_id: string }) => member.user_id)).toEqual([parent.id, toddler.id]);
  // The elsewhere member leaves their household: it stays, empty, for the office to merge away.
  expect((await api("DELETE", `${base}/${otherId}/members/${elsewhere.id}`, token)).status).toBe(200);
  expect((await api("GET", `${base}/${otherId}`, token)).body).toMatchObject({ member_count: 0, members: [] });
});

test("children without a sign-in: staff add (with guardians), change and remove them by the adults' rules; another household's child is 404 and unchanged", async () => {
  // What adding, changing and removing a child writes (guardianships, the guardian role, the log, what removal deletes) is lib/families/staff-children.service.test.ts.
  const { token } = await staffWithToken("hh-children");
  const [mum, dad, stranger] = [await createTestMember("hh-children-mum"), await createTestMember("hh-children-dad"), await createTestMember("hh-children-stranger")];
  const familyId = await createFamily({ adults: [mum, dad] }, `The ${uniqueWord()} household`);
  const otherChild = await createChildWithoutSignIn("Other", await birthDateYearsAgo(5));
  const otherId = await createFamily({ adults: [stranger], children: [otherChild] });
  const birthDate = await birthDateYearsAgo(4);

  const added = await api("POST", `${base}/${familyId}/children`, token, {
    body: { given_name: "Noor", family_name: "Haddad", birth_date: birthDate, notes: "Peanut allergy", guardian_ids: [mum.id, dad.id.toUpperCase()] },
  });
  expect(added.status).toBe(201);
  expect(added.body).toEqual({ user_id: expect.stringMatching(UUID), given_name: "Noor", family_name: "Haddad", birth_date: birthDate, notes: "Peanut allergy", has_sign_in: false });
  const childId: string = added.body.user_id;

  const bad: [body: unknown, description: string][] = [
    [{ family_name: "Haddad", birth_date: birthDate }, "given_name: must be from 1 to 100 characters"],
    [{ given_name: "Noor", family_name: "Haddad", birth_date: "2020-02-30" }, "birth_date: must be a date, YYYY-MM-DD"],
    [{ given_name: "Noor", family_name: "Haddad", birth_date: "1990-01-01" }, "birth_date: a child must be under 18"],
    [{ given_name: "Noor", family_name: "Haddad", birth_date: "2999-01-01" }, "birth_date: must not be in the future"],
    [{ given_name: "Noor", family_name: "Haddad", birth_date: birthDate, notes: "x".repeat(1001) }, "notes: must be at most 1000 characters"],
    [{ given_name: "Noor", family_name: "Haddad", birth_date: birthDate, guardian_ids: [stranger.id] }, "guardian_ids: must be adults of this household"],
    [{ given_name: "Noor", family_name: "Haddad", birth_date: birthDate, guardian_ids: ["x"] }, "guardian_ids.0: must be a user id (a UUID)"],
  ];
  for (const [body, description] of bad) {
    const before = await householdState([familyId, otherId]);
    const answer = await api("POST", `${base}/${familyId}/children`, token, { body });
    expect(answer.status, description).toBe(400);
    expect(answer.body, description).toEqual(invalidRequest(description));
    expect(await householdState([familyId, otherId]), description).toEqual(before);
  }

  const changed = await api("PATCH", `${base}/${familyId}/children/${childId}`, token, { body: { given_name: "Noora", notes: "" } });
  expect(changed.body).toEqual({ ...added.body, given_name: "Noora", notes: null });
  expect((await api("PATCH", `${base}/${familyId}/children/${childId}`, token, { body: {} })).body).toEqual(invalidRequest("the body must change at least one field"));
  expect((await api("PATCH", `${base}/${familyId}/children/${childId}`, token, { body: { birth_date: "1990-01-01" } })).body).toEqual(invalidRequest("birth_date: a child must be under 18"));

  // A child who signs in keeps their own name; their notes can be kept up to date.
  const teen = await minorWhoSignsIn("hh-children-teen", 13);
  await sql(`INSERT INTO family_member (family_id, user_id, role) VALUES ($1, $2, 'child')`, [familyId, teen.id]);
  expect((await api("PATCH", `${base}/${familyId}/children/${teen.id}`, token, { body: { given_name: "Renamed" } })).body).toEqual({
    error: "forbidden",
    error_description: "a child who signs in keeps their own name and birth date; only the notes can be changed here",
  });
  expect((await api("PATCH", `${base}/${familyId}/children/${teen.id}`, token, { body: { notes: "Asthma inhaler" } })).body).toMatchObject({ notes: "Asthma inhaler", has_sign_in: true });
  expect((await api("DELETE", `${base}/${familyId}/children/${teen.id}`, token)).body).toEqual({
    error: "forbidden",
    error_description: "a child who signs in leaves the household themselves, or church staff move them",
  });

  // IDOR: household B's child through household A's id, and A's child through B's: not found, nothing changes.
  const before = await householdState([familyId, otherId]);
  const crossings: [method: string, path: string, body?: unknown][] = [
    ["PATCH", `${base}/${familyId}/children/${otherChild.id}`, { notes: "changed" }],
    ["DELETE", `${base}/${familyId}/children/${otherChild.id}`],
    ["PATCH", `${base}/${otherId}/children/${childId}`, { given_name: "Changed" }],
    ["DELETE", `${base}/${otherId}/children/${childId}`],
    ["DELETE", `${base}/${otherId}/members/${childId}`],
    ["PATCH", `${base}/${familyId}/children/${mum.id}`, { notes: "an adult is not a child" }],
    ["DELETE", `${base}/${familyId}/children/not-a-uuid`],
  ];
  for (const [method, path, body] of crossings) {
    const answer = await api(method, path, token, { body });
    expect(answer.status, `${method} ${path}`).toBe(404);
    expect(answer.body, `${method} ${path}`).toEqual(notFound(path.includes("/members/") ? "member" : "child"));
  }
  for (const [method, path, body] of [
    ["POST", `${base}/${UNKNOWN_UUID}/children`, { given_name: "A", family_name: "B", birth_date: birthDate }],
    ["PATCH", `${base}/${UNKNOWN_UUID}/children/${childId}`, { notes: "x" }],
    ["DELETE", `${base}/${UNKNOWN_UUID}/children/${childId}`, undefined],
  ] as const) {
    expect((await api(method, path, token, { body })).body, `${method} ${path}`).toEqual(notFound("family"));
  }
  const reader = await readerWithToken("hh-children-reader");
  expect((await api("POST", `${base}/${familyId}/children`, reader, { body: { given_name: "A", family_name: "B", birth_date: birthDate } })).body).toEqual(forbidden("families:write"));
  expect((await api("PATCH", `${base}/${familyId}/children/${childId}`, reader, { body: { notes: "x" } })).body).toEqual(forbidden("families:write"));
  expect((await api("DELETE", `${base}/${familyId}/children/${childId}`, reader)).body).toEqual(forbidden("families:write"));
  expect(await householdState([familyId, otherId])).toEqual(before);
  // Staff see the child's notes; the other household's adults never do.
  const strangerToken = (await portalTokensFor(stranger)).access_token;
  expect(JSON.stringify((await api("GET", "/api/v1/families/me", strangerToken)).body)).not.toContain("Noora");

  expect((await api("DELETE", `${base}/${familyId}/children/${childId}`, token)).body).toEqual({ user_id: childId, status: "removed" });
  expect((await api("DELETE", `${base}/${familyId}/children/${childId}`, token)).body).toEqual(notFound("child"));
});

test("a household's guardianships and waiting requests; staff confirm a request directly by recording the guardianship, and end one", async () => {
  const { member: staff, token } = await staffWithToken("hh-guardians");
  const parent = await createTestMember("hh-guardians-parent");
  const teen = await minorWhoSignsIn("hh-guardians-teen");
  const familyId = await createFamily({ adults: [parent] }, `The ${uniqueWord()} household`);
  // The teen joins by staff's hand, so the parent is proposed, waiting for the teen's answer.
  expect((await api("POST", `${base}/${familyId}/members`, token, { body: { user_id: teen.id } })).status).toBe(201);
  const outsider = await createTestMember("hh-guardians-outsider");

  const listed = await api("GET", `${base}/${familyId}/guardianships`, token);
  expect(listed.status).toBe(200);
  expect(listed.body).toEqual({
    guardianships: [],
    requests: [
      {
        id: expect.stringMatching(UUID),
        guardian: { id: parent.id, email: parent.email, given_name: parent.givenName, family_name: parent.familyName },
        dependent: { id: teen.id, email: teen.email, given_name: teen.givenName, family_name: teen.familyName, birth_date: await birthDateYearsAgo(15) },
        requested_at: expect.stringMatching(ISO),
      },
    ],
  });
  const requestId: string = listed.body.requests[0].id;

  const refusals: [body: unknown, description: string][] = [
    [{ guardian_id: parent.id, dependent_id: outsider.id }, "dependent_id: must be a member of this household"],
    [{ guardian_id: UNKNOWN_UUID, dependent_id: teen.id }, "guardian_id: no such user"],
    [{ guardian_id: teen.id, dependent_id: parent.id }, "dependent_id: a dependant must have a birth date and be under the age of majority"],
    [{ guardian_id: parent.id }, "dependent_id: must be a user id (a UUID)"],
  ];
  for (const [body, description] of refusals) {
    const before = await householdState([familyId]);
    expect((await api("POST", `${base}/${familyId}/guardianships`, token, { body })).body, description).toEqual(invalidRequest(description));
    expect(await householdState([familyId]), description).toEqual(before);
  }
  expect((await api("GET", `${base}/${UNKNOWN_UUID}/guardianships`, token)).body).toEqual(notFound("family"));
  expect((await api("POST", `${base}/${UNKNOWN_UUID}/guardianships`, token, { body: { guardian_id: parent.id, dependent_id: teen.id } })).body).toEqual(notFound("family"));
  const reader = await readerWithToken("hh-guardians-reader");
  expect((await api("GET", `${base}/${familyId}/guardianships`, reader)).status).toBe(200);
  expect((await api("POST", `${base}/${familyId}/guardianships`, reader, { body: { guardian_id: parent.id, dependent_id: teen.id } })).body).toEqual(forbidden("families:write"));

  const recorded = await api("POST", `${base}/${familyId}/guardianships`, token, { body: { guardian_id: parent.id, dependent_id: teen.id } });
  expect(recorded.status).toBe(201);
  expect(recorded.body).toMatchObject({ guardian: { id: parent.id }, dependent: { id: teen.id }, ended_at: null });
  expect(await sql(`SELECT decision FROM guardianship_request WHERE id = $1`, [requestId])).toEqual([{ decision: "confirmed" }]);
  expect(await roleNames(parent.id)).toContain("guardian");
  expect((await securityEvents(teen.id)).at(-1)).toEqual({ type: "guardianship_created", detail: { guardian_id: parent.id, dependent_id: teen.id, by: staff.id, request_id: requestId } });
  expect((await api("POST", `${base}/${familyId}/guardianships`, token, { body: { guardian_id: parent.id, dependent_id: teen.id } })).status).toBe(200);
  // The teen's own page no longer asks them.
  const teenToken = (await portalTokensFor(teen)).access_token;
  expect((await api("GET", "/api/v1/users/me/guardians", teenToken)).body).toMatchObject({ guardians: [{ user_id: parent.id }], requests: [] });

  // A guardian who lives elsewhere can be recorded too; then ended.
  const elsewhere = await api("POST", `${base}/${familyId}/guardianships`, token, { body: { guardian_id: outsider.id, dependent_id: teen.id } });
  expect(elsewhere.status).toBe(201);
  expect((await api("POST", `/api/v1/admin/guardianships/${elsewhere.body.id}/end`, token)).body.ended_at).toMatch(ISO);
  const after = await api("GET", `${base}/${familyId}/guardianships`, token);
  expect(after.body.requests).toEqual([]);
  expect(after.body.guardianships.map((g: { guardian: { id: string }; ended_at: string | null }) => [g.guardian.id, g.ended_at === null])).toEqual([
    [parent.id, true],
    [outsider.id, false],
  ]);
});

test("merge two households over HTTP: its refusals change nothing; the answer is the merged household; the other one is gone for staff and its members", async () => {
  // The rows a merge moves, keeps and logs, and two merges racing, are the service's tests (lib/families/merge-families.service.test.ts).
  const { token } = await staffWithToken("hh-merge");
  const mum = await createTestMember("hh-merge-mum");
  const keptName = `The ${uniqueWord()} family`;
  const intoId = await createFamily({ adults: [mum] }, keptName);
  const dad = await createTestMember("hh-merge-dad");
  const toddler = await createChildWithoutSignIn("Sami", await birthDateYearsAgo(2));
  const teen = await minorWhoSignsIn("hh-merge-teen", 14);
  const fromId = await createFamily({ adults: [dad], children: [toddler, teen] }, `The ${uniqueWord()} family (duplicate)`);
  await sql(`UPDATE family_member SET notes = 'Naps at noon' WHERE user_id = $1`, [toddler.id]);

  // Refused: nothing of either household changes.
  const before = await householdState([intoId, fromId]);
  const refusals: [path: string, body: unknown, answer: unknown][] = [
    [`${base}/${intoId}/merge`, { from: intoId.toUpperCase() }, invalidRequest("from: cannot merge a household into itself")],
    [`${base}/${intoId}/merge`, { from: UNKNOWN_UUID }, invalidRequest("from: no such household")],
    [`${base}/${intoId}/merge`, { from: "not-a-uuid" }, invalidRequest("from: must be a household id (a UUID)")],
    [`${base}/${intoId}/merge`, {}, invalidRequest("from: must be a household id (a UUID)")],
    [`${base}/${intoId}/merge`, { from: fromId, keep: "name" }, invalidRequest('Unrecognized key: "keep"')],
    [`${base}/${UNKNOWN_UUID}/merge`, { from: fromId }, notFound("family")],
    [`${base}/not-a-uuid/merge`, { from: fromId }, notFound("family")],
  ];
  for (const [path, body, answer] of refusals) expect((await api("POST", path, token, { body })).body, `${path} ${JSON.stringify(body)}`).toEqual(answer);
  const reader = await readerWithToken("hh-merge-reader");
  expect((await api("POST", `${base}/${intoId}/merge`, reader, { body: { from: fromId } })).body).toEqual(forbidden("families:write"));
  const { token: memberToken } = await memberWithToken("hh-merge-member");
  expect((await api("POST", `${base}/${intoId}/merge`, memberToken, { body: { from: fromId } })).body).toEqual(forbidden("families:write"));
  expect(await householdState([intoId, fromId])).toEqual(before);

  const merged = await api("POST", `${base}/${intoId}/merge`, token, { body: { from: fromId } });
  expect(merged.status).toBe(200);
  expect(merged.body).toMatchObject({ id: intoId, name: keptName, member_count: 4 });
  expect(merged.body.members.map((member: { user_id: string; role: string }) => `${member.user_id} ${member.role}`).sort()).toEqual(
    [`${mum.id} adult`, `${dad.id} adult`, `${toddler.id} child`, `${teen.id} child`].sort(),
  );
  expect(merged.body.members.find((member: { user_id: string }) => member.user_id === toddler.id).notes).toBe("Naps at noon");
  expect((await api("GET", `${base}/${fromId}`, token)).body).toEqual(notFound("family"));
  expect((await api("POST", `${base}/${intoId}/merge`, token, { body: { from: fromId } })).body).toEqual(invalidRequest("from: no such household"));
  const dadToken = (await portalTokensFor(dad)).access_token;
  expect((await api("GET", "/api/v1/families/me", dadToken)).body).toMatchObject({ family_id: intoId, name: keptName });
});
