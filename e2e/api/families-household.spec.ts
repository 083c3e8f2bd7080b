import { expect, test } from "@playwright/test";
import { api, callFromOwnIp, conflict, invalidRequest, memberWithToken, notFound, securityEvents } from "../support/contacts.ts";
import { staffWithToken } from "../support/admin.ts";
import { sql } from "../support/database.ts";
import { birthDateYearsAgo, roleNames, setBirthDate } from "../support/families.ts";

/**
 * The household life cycle over HTTP (issue 17, docs/decisions/0013): an adult creates a household, adds
 * children who do not sign in (and becomes their guardian), changes and removes them; members leave, the
 * last adult not while children remain. Adults of one household can never see or touch another's children.
 * Every answer is also checked against the OpenAPI document (callApi).
 */
callFromOwnIp();

const FAMILIES = "/api/v1/families";
const ME = "/api/v1/families/me";
const CHILDREN = "/api/v1/families/me/children";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const forbidden = (description: string) => ({ error: "forbidden", error_description: description });
const ADULTS_ONLY = "only an adult of the family can add, change or remove its children";

async function household(label: string) {
  const adult = await memberWithToken(`${label}-adult`);
  const created = await api("POST", FAMILIES, adult.token, { body: { name: `  The ${label} household ` } });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { adult, familyId: created.body.family_id as string, created };
}

async function addChild(token: string, body: Record<string, unknown>) {
  return api("POST", CHILDREN, token, { body });
}

test("an adult creates a household: its first adult, with a code to invite the others; one household per person", async () => {
  const { adult, familyId, created } = await household("hh-create");
  expect(created.body).toMatchObject({
    family_id: expect.stringMatching(UUID),
    name: "The hh-create household",
    your_role: "adult",
    members: [{ user_id: adult.member.id, role: "adult", you: true, has_sign_in: true }],
    code: { code: expect.stringMatching(/^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/), active: true, uses_left: 10 },
  });
  expect((await api("GET", ME, adult.token)).body).toEqual(created.body);
  expect(await api("POST", FAMILIES, adult.token, { body: { name: "Another" } })).toMatchObject({ status: 409, body: conflict("you already belong to a family: leave it first") });
  expect(await sql(`SELECT count(*)::int AS n FROM family_member WHERE user_id = $1`, [adult.member.id])).toEqual([{ n: 1 }]);
  expect((await securityEvents(adult.member.id)).map((event) => event.type)).toContain("family_created");
  expect((await securityEvents(adult.member.id)).find((event) => event.type === "family_created")?.detail).toEqual({ family_id: familyId });

  const nobody = await memberWithToken("hh-create-bad");
  for (const [body, description] of [
    [{}, "name: must be from 1 to 100 characters"],
    [{ name: "   " }, "name: must be from 1 to 100 characters"],
    [{ name: "x".repeat(101) }, "name: must be from 1 to 100 characters"],
    [{ name: "Tab\there" }, "name: must not contain control characters"],
    [{ name: "Ok", extra: 1 }, 'Unrecognized key: "extra"'],
  ] as const) {
    expect(await api("POST", FAMILIES, nobody.token, { body })).toMatchObject({ status: 400, body: invalidRequest(description) });
  }
  expect(await sql(`SELECT count(*)::int AS n FROM family_member WHERE user_id = $1`, [nobody.member.id])).toEqual([{ n: 0 }]);
});

test("an adult adds a child who does not sign in, becomes their guardian, changes and removes them; both logs say so", async () => {
  const { adult, familyId } = await household("hh-child");
  const birthDate = await birthDateYearsAgo(6);
  const added = await addChild(adult.token, { given_name: "Ada", family_name: "Okafor", birth_date: birthDate, notes: "Peanut allergy: EpiPen in the blue bag" });
  expect(added.status, JSON.stringify(added.body)).toBe(201);
  const childId = added.body.user_id as string;
  expect(added.body).toEqual({ user_id: expect.stringMatching(UUID), given_name: "Ada", family_name: "Okafor", birth_date: birthDate, notes: "Peanut allergy: EpiPen in the blue bag", has_sign_in: false });
  expect(await sql(`SELECT email, password_hash FROM account WHERE id = $1`, [childId])).toEqual([{ email: null, password_hash: null }]);
  expect(await sql(`SELECT family_id, role FROM family_member WHERE user_id = $1`, [childId])).toEqual([{ family_id: familyId, role: "child" }]);
  expect(await sql(`SELECT ended_at FROM guardianship WHERE guardian_id = $1 AND dependent_id = $2`, [adult.member.id, childId])).toEqual([{ ended_at: null }]);
  expect(await roleNames(adult.member.id)).toContain("guardian");
  expect((await api("GET", ME, adult.token)).body.members).toContainEqual(
    expect.objectContaining({ user_id: childId, role: "child", has_sign_in: false, birth_date: birthDate, notes: "Peanut allergy: EpiPen in the blue bag" }),
  );
  expect((await securityEvents(adult.member.id)).find((event) => event.type === "family_child_added")?.detail).toEqual({ family_id: familyId, child_id: childId, child_name: "Ada Okafor" });
  expect((await securityEvents(childId)).map((event) => [event.type, event.detail])).toEqual([["family_child_added", { family_id: familyId, added_by: adult.member.id }]]);

  // Church staff with families:read see the notes too (the child's carer on Sunday may be staff).
  const { token: staffToken } = await staffWithToken("hh-child-staff");
  const seenByStaff = await api("GET", `/api/v1/admin/families/${familyId}`, staffToken);
  expect(seenByStaff.body.members).toContainEqual(expect.objectContaining({ user_id: childId, role: "child", has_sign_in: false, birth_date: birthDate, notes: "Peanut allergy: EpiPen in the blue bag" }));

  const changed = await api("PATCH", `${CHILDREN}/${childId}`, adult.token, { body: { given_name: "Adaeze", notes: "" } });
  expect(changed).toMatchObject({ status: 200, body: { user_id: childId, given_name: "Adaeze", family_name: "Okafor", birth_date: birthDate, notes: null, has_sign_in: false } });
  expect((await securityEvents(childId)).at(-1)).toEqual({ type: "family_child_updated", detail: { family_id: familyId, changed_by: adult.member.id, changed: ["given_name", "notes"] } });

  const removed = await api("DELETE", `${CHILDREN}/${childId}`, adult.token);
  expect(removed).toMatchObject({ status: 200, body: { user_id: childId, status: "removed" } });
  expect(await sql(`SELECT id FROM account WHERE id = $1`, [childId])).toEqual([]);
  // The adult guards nobody now: the role goes with the last guardianship.
  expect(await roleNames(adult.member.id)).not.toContain("guardian");
  expect((await securityEvents(adult.member.id)).at(-1)).toEqual({ type: "family_child_removed", detail: { family_id: familyId, child_id: childId, child_name: "Adaeze Okafor" } });
  expect(await api("DELETE", `${CHILDREN}/${childId}`, adult.token)).toMatchObject({ status: 404, body: notFound("child") });
});

test("a child's birth date must make them a child; bad bodies change nothing", async () => {
  const { adult, familyId } = await household("hh-child-bad");
  const adultAge = await birthDateYearsAgo(18);
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  for (const [body, description] of [
    [{ given_name: "A", family_name: "B", birth_date: adultAge }, "birth_date: a child must be under 18"],
    [{ given_name: "A", family_name: "B", birth_date: tomorrow }, "birth_date: must not be in the future"],
    [{ given_name: "A", family_name: "B", birth_date: "2020-02-30" }, "birth_date: must be a date, YYYY-MM-DD"],
    [{ given_name: "A", family_name: "B" }, "birth_date: must be a date, YYYY-MM-DD"],
    [{ given_name: "", family_name: "B", birth_date: "2020-01-01" }, "given_name: must be from 1 to 100 characters"],
    [{ given_name: "A", family_name: "B", birth_date: "2020-01-01", notes: "x".repeat(1001) }, "notes: must be at most 1000 characters"],
  ] as const) {
    expect(await addChild(adult.token, body)).toMatchObject({ status: 400, body: invalidRequest(description) });
  }
  expect(await sql(`SELECT count(*)::int AS n FROM family_member WHERE family_id = $1`, [familyId])).toEqual([{ n: 1 }]);
  const child = await addChild(adult.token, { given_name: "C", family_name: "D", birth_date: "2020-01-01" });
  expect(await api("PATCH", `${CHILDREN}/${child.body.user_id}`, adult.token, { body: {} })).toMatchObject({ status: 400, body: invalidRequest("the body must change at least one field") });
  expect(await api("PATCH", `${CHILDREN}/${child.body.user_id}`, adult.token, { body: { birth_date: adultAge } })).toMatchObject({ status: 400, body: invalidRequest("birth_date: a child must be under 18") });
  expect(await api("PATCH", `${CHILDREN}/not-a-uuid`, adult.token, { body: { notes: "x" } })).toMatchObject({ status: 404, body: notFound("child") });
});

test("another household's adult can neither see nor change nor remove a child (not found, never forbidden); a child of the household cannot either", async () => {
  const mine = await household("hh-idor-a");
  const theirs = await household("hh-idor-b");
  const child = await addChild(mine.adult.token, { given_name: "Sam", family_name: "Lee", birth_date: await birthDateYearsAgo(4), notes: "Asthma" });
  const childId = child.body.user_id as string;
  expect(await api("PATCH", `${CHILDREN}/${childId}`, theirs.adult.token, { body: { notes: "stolen" } })).toMatchObject({ status: 404, body: notFound("child") });
  expect(await api("DELETE", `${CHILDREN}/${childId}`, theirs.adult.token)).toMatchObject({ status: 404, body: notFound("child") });
  expect(JSON.stringify((await api("GET", ME, theirs.adult.token)).body)).not.toContain("Asthma");
  // An adult of the same household is not the child itself: an adult's own id is not a child.
  expect(await api("PATCH", `${CHILDREN}/${mine.adult.member.id}`, mine.adult.token, { body: { notes: "x" } })).toMatchObject({ status: 404, body: notFound("child") });
  expect(await sql(`SELECT notes FROM family_member WHERE user_id = $1`, [childId])).toEqual([{ notes: "Asthma" }]);

  // A teen with a sign-in in the household: no birth dates or notes of the others, and no changes.
  const teen = await memberWithToken("hh-idor-teen");
  await setBirthDate(teen.member.id, await birthDateYearsAgo(15));
  const code = (await api("GET", ME, mine.adult.token)).body.code.code as string;
  expect((await api("POST", "/api/v1/families/join", teen.token, { body: { code } })).status).toBe(200);
  const teenView = await api("GET", ME, teen.token);
  expect(JSON.stringify(teenView.body)).not.toContain("Asthma");
  expect(teenView.body.members.every((member: Record<string, unknown>) => !("birth_date" in member) && !("notes" in member))).toBe(true);
  expect(await api("POST", CHILDREN, teen.token, { body: { given_name: "X", family_name: "Y", birth_date: "2020-01-01" } })).toMatchObject({ status: 403, body: forbidden(ADULTS_ONLY) });
  expect(await api("DELETE", `${CHILDREN}/${childId}`, teen.token)).toMatchObject({ status: 403, body: forbidden(ADULTS_ONLY) });
  // The teen signs in: the adults keep their notes up to date, never their name or birth date, and cannot remove them.
  expect(await api("PATCH", `${CHILDREN}/${teen.member.id}`, mine.adult.token, { body: { notes: "Needs a lift on Sundays" } })).toMatchObject({ status: 200, body: { notes: "Needs a lift on Sundays", has_sign_in: true } });
  expect(await api("PATCH", `${CHILDREN}/${teen.member.id}`, mine.adult.token, { body: { given_name: "Renamed" } })).toMatchObject({
    status: 403,
    body: forbidden("a child who signs in keeps their own name and birth date; only the notes can be changed here"),
  });
  expect(await api("DELETE", `${CHILDREN}/${teen.member.id}`, mine.adult.token)).toMatchObject({ status: 403, body: forbidden("a child who signs in leaves the household themselves, or church staff move them") });
});

test("leaving: the last adult not while children remain; a second adult may; the last member closes the household", async () => {
  const { adult, familyId } = await household("hh-leave");
  const child = await addChild(adult.token, { given_name: "Kim", family_name: "Park", birth_date: await birthDateYearsAgo(9) });
  expect(await api("DELETE", ME, adult.token)).toMatchObject({
    status: 409,
    body: conflict("the last adult cannot leave while the household has children: remove them, or invite another adult first"),
  });
  const partner = await memberWithToken("hh-leave-partner");
  const code = (await api("GET", ME, adult.token)).body.code.code as string;
  expect((await api("POST", "/api/v1/families/join", partner.token, { body: { code } })).status).toBe(200);
  expect(await api("DELETE", ME, adult.token)).toMatchObject({ status: 200, body: { family_id: familyId, status: "left" } });
  expect((await securityEvents(adult.member.id)).at(-1)).toEqual({ type: "family_left", detail: { family_id: familyId, role: "adult" } });
  expect(await api("GET", ME, adult.token)).toMatchObject({ status: 404, body: notFound("family") });
  // Leaving ends no guardianship.
  expect(await sql(`SELECT ended_at FROM guardianship WHERE guardian_id = $1 AND dependent_id = $2`, [adult.member.id, child.body.user_id])).toEqual([{ ended_at: null }]);

  // The adult who stayed looks after the household's children now, whoever added them.
  expect((await api("DELETE", `${CHILDREN}/${child.body.user_id}`, partner.token)).status).toBe(200);
  expect(await roleNames(adult.member.id)).not.toContain("guardian");
  const lone = await household("hh-leave-lone");
  expect(await api("DELETE", ME, lone.adult.token)).toMatchObject({ status: 200, body: { status: "left" } });
  expect(await sql(`SELECT id FROM family WHERE id = $1`, [lone.familyId])).toEqual([]);
  expect(await api("DELETE", ME, lone.adult.token)).toMatchObject({ status: 404, body: notFound("family") });
});

test("a child's pickup list: the household's adults by default, named others, and who may not; another household sees nothing", async () => {
  const { adult } = await household("hh-pickup");
  const partner = await memberWithToken("hh-pickup-partner");
  const code = (await api("GET", ME, adult.token)).body.code.code as string;
  expect((await api("POST", "/api/v1/families/join", partner.token, { body: { code } })).status).toBe(200);
  const child = await addChild(adult.token, { given_name: "Mia", family_name: "Reyes", birth_date: await birthDateYearsAgo(5) });
  const pickup = `${CHILDREN}/${child.body.user_id}/pickup`;
  const name = (who: typeof adult) => `${who.member.givenName} ${who.member.familyName}`;

  expect((await api("GET", pickup, adult.token)).body).toEqual({
    child_id: child.body.user_id,
    household_adults: [
      { user_id: adult.member.id, name: name(adult), authorized: true },
      { user_id: partner.member.id, name: name(partner), authorized: true },
    ],
    people: [],
  });

  const grandma = await api("POST", pickup, adult.token, { body: { kind: "authorized", name: "Rosa Reyes", relation: "Grandmother", phone: "+1 (415) 555-0123" } });
  expect(grandma).toMatchObject({ status: 201, body: { id: expect.stringMatching(UUID), kind: "authorized", user_id: null, name: "Rosa Reyes", relation: "Grandmother", phone: "+14155550123" } });
  const stranger = await api("POST", pickup, partner.token, { body: { kind: "not_authorized", name: "Jon Doe" } });
  expect(stranger).toMatchObject({ status: 201, body: { kind: "not_authorized", name: "Jon Doe", relation: null, phone: null } });
  // One of the household's own adults may be barred too (a court order does not ask who lives where).
  const barred = await api("POST", pickup, adult.token, { body: { kind: "not_authorized", user_id: partner.member.id } });
  expect(barred).toMatchObject({ status: 201, body: { kind: "not_authorized", user_id: partner.member.id, name: name(partner) } });
  expect(await api("POST", pickup, adult.token, { body: { kind: "not_authorized", user_id: partner.member.id } })).toMatchObject({
    status: 409,
    body: conflict("that adult is already marked not authorized for this child"),
  });
  const list = (await api("GET", pickup, adult.token)).body;
  expect(list.household_adults).toEqual([
    { user_id: adult.member.id, name: name(adult), authorized: true },
    { user_id: partner.member.id, name: name(partner), authorized: false },
  ]);
  expect(list.people.map((person: { name: string; kind: string }) => `${person.kind} ${person.name}`)).toEqual(["authorized Rosa Reyes", "not_authorized Jon Doe", `not_authorized ${name(partner)}`]);

  for (const [body, description] of [
    [{ kind: "authorized" }, "name: must be from 1 to 100 characters"],
    [{ kind: "maybe", name: "X" }, "kind: must be authorized or not_authorized"],
    [{ kind: "authorized", name: "X", phone: "555-0123" }, "phone: must be a phone number with its country code, like +14155550123"],
    [{ kind: "authorized", user_id: partner.member.id }, "kind: a household adult may collect their children already: they can only be marked not_authorized"],
    [{ kind: "not_authorized", user_id: partner.member.id, name: "X" }, "user_id: names one of the household's adults: send no name, relation or phone with it"],
    [{ kind: "not_authorized", user_id: child.body.user_id }, "user_id: must be the id of one of the household's adults"],
  ] as const) {
    expect(await api("POST", pickup, adult.token, { body })).toMatchObject({ status: 400, body: invalidRequest(description) });
  }

  // Another household's adult: not found, for the list and for every entry.
  const other = await household("hh-pickup-other");
  expect(await api("GET", pickup, other.adult.token)).toMatchObject({ status: 404, body: notFound("child") });
  expect(await api("DELETE", `${pickup}/${grandma.body.id}`, other.adult.token)).toMatchObject({ status: 404, body: notFound("child") });
  expect(await api("DELETE", `${CHILDREN}/${(await addChild(other.adult.token, { given_name: "O", family_name: "T", birth_date: "2020-01-01" })).body.user_id}/pickup/${grandma.body.id}`, other.adult.token)).toMatchObject({
    status: 404,
    body: notFound("pickup person"),
  });

  expect(await api("DELETE", `${pickup}/${grandma.body.id}`, adult.token)).toMatchObject({ status: 200, body: { id: grandma.body.id, status: "removed" } });
  expect(await api("DELETE", `${pickup}/${grandma.body.id}`, adult.token)).toMatchObject({ status: 404, body: notFound("pickup person") });
  const childLog = (await securityEvents(child.body.user_id)).map((event) => event.type);
  expect(childLog.filter((type) => type === "pickup_person_added")).toHaveLength(3);
  expect(childLog).toContain("pickup_person_removed");
  expect(await sql(`SELECT count(*)::int AS n FROM pickup_person WHERE child_id = $1`, [child.body.user_id])).toEqual([{ n: 2 }]);
});

test("a teenager who signs in joins as a child: each adult is only proposed as guardian until the teenager confirms; a decline is kept; strangers cannot answer", async () => {
  const { adult, familyId } = await household("hh-teen");
  const partner = await memberWithToken("hh-teen-partner");
  const code = (await api("GET", ME, adult.token)).body.code.code as string;
  expect((await api("POST", "/api/v1/families/join", partner.token, { body: { code } })).status).toBe(200);
  const teen = await memberWithToken("hh-teen-teen");
  await setBirthDate(teen.member.id, await birthDateYearsAgo(14));
  expect((await api("POST", "/api/v1/families/join", teen.token, { body: { code } })).status).toBe(200);

  // Proposed, not yet guardians: no role, no right to act.
  expect(await roleNames(adult.member.id)).not.toContain("guardian");
  const seen = await api("GET", "/api/v1/users/me/guardians", teen.token);
  expect(seen.status).toBe(200);
  expect(seen.body.guardians).toEqual([]);
  type Request = { id: string; guardian: { user_id: string }; family_name: string };
  const requests0 = seen.body.requests as Request[];
  expect(requests0.map((request) => [request.guardian.user_id, request.family_name]).sort()).toEqual(
    [
      [adult.member.id, "The hh-teen household"],
      [partner.member.id, "The hh-teen household"],
    ].sort(),
  );
  const fromAdult = requests0.find((request) => request.guardian.user_id === adult.member.id);
  const fromPartner = requests0.find((request) => request.guardian.user_id === partner.member.id);

  // Only the teenager answers: not the adult, not a stranger.
  expect(await api("POST", `/api/v1/users/me/guardians/requests/${fromAdult!.id}/confirm`, adult.token)).toMatchObject({ status: 404, body: notFound("guardianship request") });
  const stranger = await memberWithToken("hh-teen-stranger");
  expect(await api("POST", `/api/v1/users/me/guardians/requests/${fromAdult!.id}/confirm`, stranger.token)).toMatchObject({ status: 404, body: notFound("guardianship request") });

  expect(await api("POST", `/api/v1/users/me/guardians/requests/${fromAdult!.id}/confirm`, teen.token)).toMatchObject({ status: 200, body: { id: fromAdult!.id, status: "confirmed" } });
  expect(await api("POST", `/api/v1/users/me/guardians/requests/${fromPartner!.id}/decline`, teen.token)).toMatchObject({ status: 200, body: { id: fromPartner!.id, status: "declined" } });
  expect(await api("POST", `/api/v1/users/me/guardians/requests/${fromPartner!.id}/confirm`, teen.token)).toMatchObject({ status: 404, body: notFound("guardianship request") });
  expect(await roleNames(adult.member.id)).toContain("guardian");
  expect(await roleNames(partner.member.id)).not.toContain("guardian");
  const after = await api("GET", "/api/v1/users/me/guardians", teen.token);
  expect(after.body).toEqual({ guardians: [{ user_id: adult.member.id, name: `${adult.member.givenName} ${adult.member.familyName}`, since: expect.any(String) }], requests: [] });
  expect((await securityEvents(teen.member.id)).map((event) => event.type)).toEqual(expect.arrayContaining(["guardianship_requested", "guardianship_confirmed", "guardianship_declined"]));
  expect((await securityEvents(partner.member.id)).at(-1)).toEqual({ type: "guardianship_declined", detail: { family_id: familyId, guardian_id: partner.member.id, dependent_id: teen.member.id } });

  // An adult joining later is proposed too; an adult member of age is never asked about.
  const aunt = await memberWithToken("hh-teen-aunt");
  expect((await api("POST", "/api/v1/families/join", aunt.token, { body: { code } })).status).toBe(200);
  const requests = (await api("GET", "/api/v1/users/me/guardians", teen.token)).body.requests as { guardian: { user_id: string } }[];
  expect(requests.map((request) => request.guardian.user_id)).toEqual([aunt.member.id]);
  expect(await api("GET", "/api/v1/users/me/guardians", adult.token)).toMatchObject({ status: 200, body: { guardians: [], requests: [] } });

  // The aunt leaves: her unanswered request goes with her.
  expect((await api("DELETE", ME, aunt.token)).status).toBe(200);
  expect((await api("GET", "/api/v1/users/me/guardians", teen.token)).body.requests).toEqual([]);
});
