import "server-only";
import { listConsents } from "../consents/list-consents.ts";
import { sql } from "../db.ts";
import { env } from "../env.ts";
import { comesOfAgeOn, isCalendarDate } from "./majority.ts";
import { DependentListSchema, type DependentList } from "./schemas.ts";

interface DependentRow {
  id: string;
  given_name: string;
  family_name: string;
  birth_date: string | null;
  has_sign_in: boolean;
  guardian_since: Date;
}

/** GET /api/v1/users/me/dependents: the caller's dependants under a live guardianship, youngest last, each with their consents. */
export async function listDependents(guardianId: string): Promise<DependentList> {
  const rows = await sql<DependentRow>(
    `SELECT a.id, a.given_name, a.family_name, a.birth_date, (a.email IS NOT NULL AND a.password_hash IS NOT NULL) AS has_sign_in,
            g.created_at AS guardian_since
       FROM guardianship g JOIN account a ON a.id = g.dependent_id
      WHERE g.guardian_id = $1::uuid AND g.ended_at IS NULL
      ORDER BY a.birth_date NULLS LAST, a.given_name, a.id`,
    [guardianId],
  );
  const age = env().AGE_OF_MAJORITY;
  // A guardian has a handful of dependants: one query each keeps the consents exactly as the member's own list.
  const dependents = await Promise.all(
    rows.map(async (row) => {
      const birthDate = row.birth_date && isCalendarDate(row.birth_date) ? row.birth_date : null;
      return {
        id: row.id,
        given_name: row.given_name,
        family_name: row.family_name,
        birth_date: birthDate,
        comes_of_age_on: birthDate ? comesOfAgeOn(birthDate, age) : null,
        has_sign_in: row.has_sign_in,
        guardian_since: new Date(row.guardian_since).toISOString(),
        consents: await listConsents(row.id),
      };
    }),
  );
  return DependentListSchema.parse({ dependents });
}
