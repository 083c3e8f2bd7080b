import type { SqlQuery } from "../db/database.ts";
import { buildMembershipRegister } from "./build-membership-register.ts";

/**
 * Writes the demo membership register (build-membership-register.ts) in one statement: every column as
 * an array, unnested by PostgreSQL, so 2,400 records cost one round trip on PostgreSQL and on PGlite
 * alike. Idempotent: a record already there gets its register fields back and keeps its link to a
 * member (claims survive a re-seed). A campus the database lacks (a register seeded before the calendar)
 * is left empty. The trigger membership_record_search fills the search keys.
 *
 * Used by `npm run db:seed`, by the embedded database on first start and by the end-to-end set-up, so
 * it must not import `server-only`.
 */
const UPSERT_SQL = `
INSERT INTO membership_record (id, given_name, family_name, birth_date, email, phone, household_id, campus_id)
SELECT r.id, r.given_name, r.family_name, r.birth_date, r.email, r.phone, r.household_id, c.id
  FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[])
         AS r(id, given_name, family_name, birth_date, email, phone, household_id, campus_id)
  LEFT JOIN campus c ON c.id = r.campus_id
ON CONFLICT (id) DO UPDATE SET
  given_name = EXCLUDED.given_name, family_name = EXCLUDED.family_name, birth_date = EXCLUDED.birth_date,
  email = EXCLUDED.email, phone = EXCLUDED.phone, household_id = EXCLUDED.household_id,
  campus_id = EXCLUDED.campus_id, updated_at = now()`;

export async function seedMembershipRegister(query: SqlQuery, options: { size?: number } = {}): Promise<{ records: number }> {
  const { records } = buildMembershipRegister(options);
  await query(UPSERT_SQL, [
    records.map((record) => record.id),
    records.map((record) => record.givenName),
    records.map((record) => record.familyName),
    records.map((record) => record.birthDate),
    records.map((record) => record.email),
    records.map((record) => record.phone),
    records.map((record) => record.householdId),
    records.map((record) => record.campusId),
  ]);
  return { records: records.length };
}
