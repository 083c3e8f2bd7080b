/**
 * Helpers of the membership specs: register records of a test's own (written straight into the test
 * database, so no test claims a seeded record another test searches for), and the codes' subject.
 */
import { randomBytes } from "node:crypto";
import { sql } from "./database.ts";

export const MEMBERSHIP_PURPOSE = "membership_link";

export interface TestRecord {
  id: string;
  givenName: string;
  familyName: string;
  email: string | null;
  phone: string | null;
  campusId: string | null;
}

/**
 * A name nobody else has: random letters, so it shares no trigram worth counting with the seeded register
 * or with another test's records (tests run side by side on one database).
 */
export function uniqueName(length = 9): string {
  const letters = [...randomBytes(length)].map((byte) => String.fromCharCode(97 + (byte % 26))).join("");
  return letters[0]!.toUpperCase() + letters.slice(1);
}
export const uniqueSurname = () => uniqueName(9);

/**
 * A typo of `name`: its last two neighbouring letters that differ, swapped. Swapping two equal letters (a
 * random "...aa") would give the name back, and a test expecting a typo to score below an exact match would
 * fail by chance.
 */
export function transposed(name: string): string {
  for (let at = name.length - 2; at >= 0; at--) {
    if (name[at]!.toLowerCase() !== name[at + 1]!.toLowerCase()) return `${name.slice(0, at)}${name[at + 1]}${name[at]}${name.slice(at + 2)}`;
  }
  throw new Error(`${name} has no two different neighbouring letters to swap`);
}

export async function insertRecord(fields: Partial<Omit<TestRecord, "id">> = {}): Promise<TestRecord> {
  const record: TestRecord = {
    id: `mbr_test_${randomBytes(8).toString("hex")}`,
    givenName: fields.givenName ?? uniqueName(7),
    familyName: fields.familyName ?? uniqueSurname(),
    email: fields.email === undefined ? null : fields.email,
    phone: fields.phone === undefined ? null : fields.phone,
    campusId: fields.campusId === undefined ? "cmp_harbor_point" : fields.campusId,
  };
  await sql(
    `INSERT INTO membership_record (id, given_name, family_name, birth_date, email, phone, household_id, campus_id)
     VALUES ($1, $2, $3, '1980-01-01', $4, $5, $6, $7)`,
    [record.id, record.givenName, record.familyName, record.email, record.phone, `hh_${record.id}`, record.campusId],
  );
  return record;
}

export const codeSubject = (userId: string, membershipId: string) => `${userId}:${membershipId}`;

export async function linkedUserOf(membershipId: string): Promise<string | null> {
  const [row] = await sql<{ linked_user_id: string | null }>(`SELECT linked_user_id FROM membership_record WHERE id = $1`, [membershipId]);
  return row?.linked_user_id ?? null;
}
