import "server-only";
import type { Database } from "../db/database.ts";

/**
 * Who may bring and collect a child (issue 17's pickup list, read here): the child's household adults and
 * active guardians, unless marked not authorized for that child. People outside the household on the list
 * carry no account and so no code; staff check them out by hand.
 */
export async function adultRightsOver(database: Database, adultId: string, childId: string): Promise<{ related: boolean; notAuthorized: boolean }> {
  const [row] = await database.query<{ related: boolean; not_authorized: boolean }>(
    `SELECT (EXISTS (SELECT 1 FROM family_member a JOIN family_member c ON c.family_id = a.family_id
                      WHERE a.user_id = $1::uuid AND a.role = 'adult' AND c.user_id = $2::uuid AND c.role = 'child')
             OR EXISTS (SELECT 1 FROM guardianship g WHERE g.guardian_id = $1::uuid AND g.dependent_id = $2::uuid AND g.ended_at IS NULL)) AS related,
            EXISTS (SELECT 1 FROM pickup_person p WHERE p.child_id = $2::uuid AND p.user_id = $1::uuid AND p.kind = 'not_authorized') AS not_authorized`,
    [adultId, childId],
  );
  return { related: row?.related ?? false, notAuthorized: row?.not_authorized ?? false };
}
