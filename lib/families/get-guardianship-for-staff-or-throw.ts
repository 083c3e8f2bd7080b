import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { GUARDIANSHIP_FROM, STAFF_GUARDIANSHIP_JSON } from "./staff-guardianship-sql.ts";
import type { AdminGuardianship } from "./staff-schemas.ts";

/** One guardianship with both people, as staff see it (the id already checked to be a UUID). */
export async function getGuardianshipForStaffOrThrow(database: Database, id: string): Promise<AdminGuardianship> {
  const [row] = await database.query<{ json: string }>(`SELECT ${STAFF_GUARDIANSHIP_JSON} FROM ${GUARDIANSHIP_FROM} WHERE g.id = $1::uuid`, [id]);
  if (!row) throw notFound("guardianship");
  return JSON.parse(row.json) as AdminGuardianship;
}
