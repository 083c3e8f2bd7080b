import { expect, test } from "@playwright/test";
import pg from "pg";
import { api, callFromOwnIp, memberWithToken, securityEvents } from "../support/contacts.ts";
import { sql } from "../support/database.ts";
import {
  birthDateYearsAgo,
  commandCounts,
  createChildWithoutSignIn,
  createFamily,
  guardianships,
  makeGuardian,
  roleNames,
  runComingOfAgeCommand,
  setBirthDate,
} from "../support/families.ts";
import { TEST_DATABASE_URL } from "../support/test-env.ts";
import { tokensFor } from "../support/oauth-client.ts";

/**
 * Coming of age (docs/decisions/0013): `scripts/guardianships-end-at-majority.ts`, run here as the
 * scheduler runs it, against the test database. The clock is the dependants' birth dates, moved with SQL;
 * nothing sleeps. The tests run one after another: the command acts on the whole database, so each test
 * counts only what it set up (no other spec has dependants of age).
 */
test.describe.configure({ mode: "serial" });
callFromOwnIp();

const LIST = "/api/v1/users/me/dependents";
const FORBIDDEN = { error: "forbidden", error_description: "missing permission guardian:act_as" };

async function familyRole(userId: string): Promise<string | undefined> {
  const [row] = await sql<{ role: string }>(`SELECT role FROM family_member WHERE user_id = $1`, [userId]);
  return row?.role;
}

test("the seed is consistent: guardian@example.org holds the guardian role through two live guardianships, in a family with both dependants", async () => {
  const [guardian] = await sql<{ id: string }>(`SELECT id FROM account WHERE email = 'guardian@example.org'`);
  const [teen] = await sql<{ id: string }>(`SELECT id FROM account WHERE email = 'teen@example.org'`);
  expect(await roleNames(guardian!.id)).toEqual(["guardian", "member"]);
  expect(await roleNames(teen!.id)).toEqual(["member"]);
  const live = await sql<{ given_name: string; has_sign_in: boolean }>(
    `SELECT a.given_name, a.email IS NOT NULL AS has_sign_in FROM guardianship g JOIN account a ON a.id = g.dependent_id
      WHERE g.guardian_id = $1 AND g.ended_at IS NULL ORDER BY a.given_name`,
    [guardian!.id],
  );
  expect(live).toEqual([
    { given_name: "Chloe", has_sign_in: false },
    { given_name: "Theo", has_sign_in: true },
  ]);
  const members = await sql<{ name: string; given_name: string; role: string }>(
    `SELECT f.name, a.given_name, m.role FROM family_member m JOIN family f ON f.id = m.family_id JOIN account a ON a.id = m.user_id
      WHERE f.id = (SELECT family_id FROM family_member WHERE user_id = $1) ORDER BY m.role, a.given_name`,
    [guardian!.id],
  );
  expect(members).toEqual([
    { name: "The Guardian family", given_name: "Gina", role: "adult" },
    { name: "The Guardian family", given_name: "Chloe", role: "child" },
    { name: "The Guardian family", given_name: "Theo", role: "child" },
  ]);
});

test("the day before their 18th birthday nothing changes; on it the guardianship ends, the role goes, the member is an adult; a second run changes nothing", async () => {
  const teen = await memberWithToken("maj-teen");
  await tokensFor(teen.member); // the teen allowed demo-app
  const guardian = await memberWithToken("maj-guardian");
  await setBirthDate(teen.member.id, await birthDateYearsAgo(18, 1));
  await makeGuardian(guardian.member.id, [teen.member.id]);
  await createFamily({ adults: [guardian.member], children: [teen.member] });
  expect((await api("GET", LIST, guardian.token)).status).toBe(200);

  expect(commandCounts(await runComingOfAgeCommand())).toEqual([0, 0, 0]);
  expect(await guardianships(guardian.member.id)).toEqual([{ dependent_id: teen.member.id, ended: false }]);
  expect(await familyRole(teen.member.id)).toBe("child");

  // Their birthday is today.
  await setBirthDate(teen.member.id, await birthDateYearsAgo(18));
  const output = await runComingOfAgeCommand();
  expect(output).toBe("Age of majority 18: 1 guardianships ended, 1 guardians no longer hold the guardian role, 1 family members are adults now.");
  expect(await guardianships(guardian.member.id)).toEqual([{ dependent_id: teen.member.id, ended: true }]);
  expect(await roleNames(guardian.member.id)).toEqual(["member"]);
  expect(await familyRole(teen.member.id)).toBe("adult");

  // At once on the API: the former guardian has no guardian:act_as.
  for (const answer of [await api("GET", LIST, guardian.token), await api("DELETE", `${LIST}/${teen.member.id}/consent/00000000-0000-4000-8000-000000000000`, guardian.token)]) {
    expect(answer.status).toBe(403);
    expect(answer.body).toEqual(FORBIDDEN);
  }
  // The member's own account is theirs: their token still works, their consent stands.
  expect((await api("GET", "/api/v1/consents/me", teen.token)).body.consents.map((consent: { status: string }) => consent.status)).toEqual(["granted"]);

  expect((await securityEvents(guardian.member.id)).filter((event) => event.type === "guardianship_ended")).toEqual([
    { type: "guardianship_ended", detail: { dependent_id: teen.member.id, reason: "age_of_majority" } },
  ]);
  expect((await securityEvents(teen.member.id)).filter((event) => event.type === "guardianship_ended")).toEqual([
    { type: "guardianship_ended", detail: { guardian_id: guardian.member.id, reason: "age_of_majority" } },
  ]);

  expect(commandCounts(await runComingOfAgeCommand())).toEqual([0, 0, 0]);
  expect((await securityEvents(teen.member.id)).filter((event) => event.type === "guardianship_ended")).toHaveLength(1);
});

test("a guardian keeps the role while any guardianship is left; the last one coming of age takes it", async () => {
  const guardian = await memberWithToken("maj-two");
  const elder = await createChildWithoutSignIn("Elder", await birthDateYearsAgo(18));
  const younger = await createChildWithoutSignIn("Younger", await birthDateYearsAgo(17, -200));
  await makeGuardian(guardian.member.id, [elder.id, younger.id]);

  expect(commandCounts(await runComingOfAgeCommand())).toEqual([1, 0, 0]);
  expect(await roleNames(guardian.member.id)).toEqual(["guardian", "member"]);
  const remaining = (await api("GET", LIST, guardian.token)).body.dependents;
  expect(remaining.map((dependent: { id: string }) => dependent.id)).toEqual([younger.id]);

  await setBirthDate(younger.id, await birthDateYearsAgo(19));
  expect(commandCounts(await runComingOfAgeCommand())).toEqual([1, 1, 0]);
  expect(await roleNames(guardian.member.id)).toEqual(["member"]);
  expect((await api("GET", LIST, guardian.token)).body).toEqual(FORBIDDEN);
});

test("AGE_OF_MAJORITY sets the age: at 21 a 19-year-old stays a dependant, at the default 18 they do not", async () => {
  const guardian = await memberWithToken("maj-config");
  const dependent = await createChildWithoutSignIn("Nineteen", await birthDateYearsAgo(18, -1));
  await makeGuardian(guardian.member.id, [dependent.id]);
  await setBirthDate(dependent.id, await birthDateYearsAgo(19));

  expect(await runComingOfAgeCommand({ AGE_OF_MAJORITY: "21" })).toBe(
    "Age of majority 21: 0 guardianships ended, 0 guardians no longer hold the guardian role, 0 family members are adults now.",
  );
  expect(await guardianships(guardian.member.id)).toEqual([{ dependent_id: dependent.id, ended: false }]);
  expect(commandCounts(await runComingOfAgeCommand())).toEqual([1, 1, 0]);
  expect(await guardianships(guardian.member.id)).toEqual([{ dependent_id: dependent.id, ended: true }]);
});

test("two runs at once end each guardianship once: one event per side, the counts add up", async () => {
  const guardians = await Promise.all([1, 2, 3].map((n) => memberWithToken(`maj-race-${n}`)));
  const dependents = await Promise.all([1, 2, 3, 4, 5, 6].map(async (n) => createChildWithoutSignIn(`Race${n}`, await birthDateYearsAgo(20 + n))));
  for (const [index, guardian] of guardians.entries()) {
    await makeGuardian(guardian.member.id, [dependents[index * 2]!.id, dependents[index * 2 + 1]!.id]);
  }

  const outputs = await Promise.all([runComingOfAgeCommand(), runComingOfAgeCommand()]);
  const counts = outputs.map(commandCounts);
  expect(counts[0]![0] + counts[1]![0]).toBe(6);
  expect(counts[0]![1] + counts[1]![1]).toBe(3);

  for (const guardian of guardians) {
    expect((await guardianships(guardian.member.id)).map((row) => row.ended)).toEqual([true, true]);
    expect(await roleNames(guardian.member.id)).toEqual(["member"]);
    expect((await securityEvents(guardian.member.id)).filter((event) => event.type === "guardianship_ended")).toHaveLength(2);
  }
  for (const dependent of dependents) {
    expect((await securityEvents(dependent.id)).map((event) => event.type)).toEqual(["guardianship_ended"]);
  }
  expect(commandCounts(await runComingOfAgeCommand())).toEqual([0, 0, 0]);
});

test("a guardianship another run holds is skipped, not waited for (SKIP LOCKED), and ended by the next run", async () => {
  const guardian = await memberWithToken("maj-locked");
  const held = await createChildWithoutSignIn("Held", await birthDateYearsAgo(18));
  const free = await createChildWithoutSignIn("Free", await birthDateYearsAgo(18));
  await makeGuardian(guardian.member.id, [held.id, free.id]);

  // Another instance, mid-batch: its transaction holds one of the rows.
  const other = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await other.connect();
  try {
    await other.query("BEGIN");
    await other.query(`SELECT id FROM guardianship WHERE dependent_id = $1 FOR UPDATE`, [held.id]);
    const started = Date.now();
    expect(commandCounts(await runComingOfAgeCommand())).toEqual([1, 0, 0]);
    expect(Date.now() - started).toBeLessThan(30_000);
    const rows = await guardianships(guardian.member.id);
    expect(rows.find((row) => row.dependent_id === held.id)?.ended).toBe(false);
    expect(rows.find((row) => row.dependent_id === free.id)?.ended).toBe(true);
    // One guardianship is left, so the role stays for now.
    expect(await roleNames(guardian.member.id)).toEqual(["guardian", "member"]);
  } finally {
    await other.query("ROLLBACK");
    await other.end();
  }
  expect(commandCounts(await runComingOfAgeCommand())).toEqual([1, 1, 0]);
  expect((await guardianships(guardian.member.id)).map((row) => row.ended)).toEqual([true, true]);
  expect(await roleNames(guardian.member.id)).toEqual(["member"]);
});
