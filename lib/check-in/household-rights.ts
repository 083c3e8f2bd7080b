import "server-only";
import type { Database } from "../db/database.ts";

/** SQL: adult `$1` is a household adult of the child `child` (an SQL expression) or an active guardian of theirs. */
const relatedSql = (child: string) =>
  `(EXISTS (SELECT 1 FROM family_member a JOIN family_member c ON c.family_id = a.family_id
             WHERE a.user_id = $1::uuid AND a.role = 'adult' AND c.user_id = ${child} AND c.role = 'child')
    OR EXISTS (SELECT 1 FROM guardianship g WHERE g.guardian_id = $1::uuid AND g.dependent_id = ${child} AND g.ended_at IS NULL))`;

/**
 * Who may bring and collect a child (issue 17's pickup list, read here): the child's household adults and
 * active guardians, unless marked not authorized for that child. People outside the household on the list
 * carry no account and so no code; staff check them out by hand.
 */
export async function adultRightsOver(database: Database, adultId: string, childId: string): Promise<{ related: boolean; notAuthorized: boolean }> {
  const [row] = await database.query<{ related: boolean; not_authorized: boolean }>(
    `SELECT ${relatedSql("$2::uuid")} AS related,
            EXISTS (SELECT 1 FROM pickup_person p WHERE p.child_id = $2::uuid AND p.user_id = $1::uuid AND p.kind = 'not_authorized') AS not_authorized`,
    [adultId, childId],
  );
  return { related: row?.related ?? false, notAuthorized: row?.not_authorized ?? false };
}

/**
 * Whether the adult is related to every one of these children: adultRightsOver's `related` for all the
 * children of one kiosk check-in, in one statement.
 */
export async function adultRelatedToAll(database: Database, adultId: string, childIds: readonly string[]): Promise<boolean> {
  const [row] = await database.query<{ unrelated: number }>(`SELECT count(*)::int AS unrelated FROM unnest($2::uuid[]) AS child(id) WHERE NOT ${relatedSql("child.id")}`, [adultId, [...childIds]]);
  return row?.unrelated === 0;
}
