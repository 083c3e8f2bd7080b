import "server-only";
import type { Database } from "../db/database.ts";
import { byGroupThenName } from "../i18n/name-order.ts";

/**
 * SQL: adult `$1` is a household adult of the child `child` (an SQL expression) or an active guardian of theirs.
 * Its own aliases are prefixed, so an expression naming the caller's `c` or `a` is never shadowed.
 */
export const relatedSql = (child: string) =>
  `(EXISTS (SELECT 1 FROM family_member rights_adult JOIN family_member rights_child ON rights_child.family_id = rights_adult.family_id
             WHERE rights_adult.user_id = $1::uuid AND rights_adult.role = 'adult' AND rights_child.user_id = ${child} AND rights_child.role = 'child')
    OR EXISTS (SELECT 1 FROM guardianship rights_g WHERE rights_g.guardian_id = $1::uuid AND rights_g.dependent_id = ${child} AND rights_g.ended_at IS NULL))`;

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

/** The children of these whom the adult is marked not authorized for (pickup_person), with their first names. */
export async function childrenNotAuthorizedFor(database: Database, adultId: string, childIds: readonly string[]): Promise<{ id: string; given_name: string }[]> {
  const children = await database.query<{ id: string; given_name: string }>(
    `SELECT a.id::text AS id, a.given_name FROM pickup_person p JOIN account a ON a.id = p.child_id
      WHERE p.user_id = $1::uuid AND p.kind = 'not_authorized' AND p.child_id = ANY($2::uuid[]) ORDER BY a.given_name, a.id`,
    [adultId, [...childIds]],
  );
  return byGroupThenName(children, (child) => child.given_name, (child) => child.id);
}
