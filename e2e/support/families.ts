/**
 * Helpers of the family and guardian specs: households and guardianships written straight into the test
 * database (there is no self-service route that creates them), birth dates moved with SQL instead of a
 * clock, attempt counters found by the key the server gives them, and the coming-of-age command run as
 * the scheduler would run it.
 */
import { execFile } from "node:child_process";
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
import path from "node:path";
import { promisify } from "node:util";
import { sql } from "./database.ts";
import { TEST_APP_SECRET, TEST_DATABASE_URL } from "./test-env.ts";

export const FAMILY_CODE = /^[2-9A-HJKMNP-Z]{5}-[2-9A-HJKMNP-Z]{5}$/;
export const BAD_CODE = "code: is not a valid family code";
export const TOO_MANY_CODES = "too many wrong family codes; try again later";

/**
 * A household of the test's own: the adults and children given, and a code nobody knows (a random
 * placeholder hash): an adult makes a real one through the API.
 */
export async function createFamily(members: { adults: { id: string }[]; children?: { id: string }[] }, name = `Test family ${randomBytes(3).toString("hex")}`): Promise<string> {
  const [family] = await sql<{ id: string }>(
    `INSERT INTO family (name, code_hash, code_encrypted, code_expires_at) VALUES ($1, $2, 'none', now() + interval '14 days') RETURNING id`,
    [name, `placeholder-${randomBytes(16).toString("hex")}`],
  );
  const rows = [...members.adults.map((member) => [member.id, "adult"]), ...(members.children ?? []).map((member) => [member.id, "child"])];
  for (const [userId, role] of rows) await sql(`INSERT INTO family_member (family_id, user_id, role) VALUES ($1, $2, $3)`, [family!.id, userId, role]);
  return family!.id;
}

/** A birth date `years` years (and `days` days) before today in UTC, the calendar the server counts with. */
export async function birthDateYearsAgo(years: number, days = 0): Promise<string> {
  const [row] = await sql<{ date: string }>(
    `SELECT to_char(((now() AT TIME ZONE 'UTC')::date - make_interval(years => $1) + make_interval(days => $2))::date, 'YYYY-MM-DD') AS date`,
    [years, days],
  );
  return row!.date;
}

export async function setBirthDate(userId: string, birthDate: string | null): Promise<void> {
  await sql(`UPDATE account SET birth_date = $2 WHERE id = $1`, [userId, birthDate]);
}

/** A dependant without a sign-in of their own (no email, no password), as staff would register a child. */
export async function createChildWithoutSignIn(givenName: string, birthDate: string): Promise<{ id: string; givenName: string; familyName: string }> {
  const familyName = `Child ${randomBytes(3).toString("hex")}`;
  const [row] = await sql<{ id: string }>(`INSERT INTO account (given_name, family_name, birth_date, locale) VALUES ($1, $2, $3, 'en') RETURNING id`, [
    givenName,
    familyName,
    birthDate,
  ]);
  return { id: row!.id, givenName, familyName };
}

/** Guardianships as staff tools make them (lib/guardians/create-guardianship.ts): the rows, and the guardian role with them. */
export async function makeGuardian(guardianId: string, dependentIds: string[]): Promise<void> {
  for (const dependentId of dependentIds) {
    await sql(
      `INSERT INTO guardianship (guardian_id, dependent_id) VALUES ($1, $2) ON CONFLICT (guardian_id, dependent_id) DO UPDATE SET ended_at = NULL`,
      [guardianId, dependentId],
    );
  }
  await sql(`INSERT INTO user_role (user_id, role_id) SELECT $1, id FROM role WHERE name = 'guardian' ON CONFLICT DO NOTHING`, [guardianId]);
}

export async function roleNames(userId: string): Promise<string[]> {
  const rows = await sql<{ name: string }>(`SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = $1 ORDER BY r.name`, [userId]);
  return rows.map((row) => row.name);
}

export async function guardianships(guardianId: string): Promise<{ dependent_id: string; ended: boolean }[]> {
  return sql(`SELECT dependent_id, ended_at IS NOT NULL AS ended FROM guardianship WHERE guardian_id = $1 ORDER BY dependent_id`, [guardianId]);
}

/**
 * The attempt counter the server keeps for a scope and value (lib/limits/keys.ts: `<scope>:` and an
 * HMAC-SHA-256 under a key derived from APP_SECRET with HKDF), so a test can read or end its block.
 */
export function attemptCounterKey(scope: string, value: string): string {
  const key = Buffer.from(hkdfSync("sha256", TEST_APP_SECRET, "church-identity", "attempt-key", 32));
  return `${scope}:${createHmac("sha256", key).update(`${scope}\n${value}`).digest("base64url")}`;
}

export async function attemptFailures(scope: string, value: string): Promise<number> {
  const [row] = await sql<{ failures: number }>(`SELECT failures FROM attempt_counter WHERE key = $1`, [attemptCounterKey(scope, value)]);
  return row?.failures ?? 0;
}

/** Ends a counter's block as if its time had passed (the clock moved in the database, never a sleep). */
export async function endBlock(scope: string, value: string): Promise<void> {
  await sql(`UPDATE attempt_counter SET blocked_until = now() - interval '1 second' WHERE key = $1`, [attemptCounterKey(scope, value)]);
}

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, "../..");

/** `npm run guardianships:end-at-majority` against the test database: its one line of output. */
export async function runComingOfAgeCommand(env: Record<string, string> = {}): Promise<string> {
  const { stdout } = await run(
    path.join(ROOT, "node_modules/.bin/tsx"),
    ["--conditions=react-server", "scripts/guardianships-end-at-majority.ts"],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", DATABASE_URL: TEST_DATABASE_URL, APP_SECRET: TEST_APP_SECRET, NODE_ENV: "production", ...env },
      timeout: 60_000,
    },
  );
  return stdout.trim();
}

/** The counts the command reports: `[ended, roles removed, promoted]`. */
export function commandCounts(output: string): [number, number, number] {
  const match = /: (\d+) guardianships ended, (\d+) guardians no longer hold the guardian role, (\d+) family members are adults now\.$/.exec(output);
  if (!match) throw new Error(`unexpected output: ${output}`);
  return [Number(match[1]), Number(match[2]), Number(match[3])];
}
