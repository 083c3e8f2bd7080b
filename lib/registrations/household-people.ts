import "server-only";
import type { Database } from "../db/database.ts";
import { byGroupThenName } from "../i18n/name-order.ts";

export interface HouseholdPerson {
  person_id: string;
  given_name: string;
  relation: "self" | "child" | "dependant";
}

/**
 * Whom a member may sign up (docs/decisions/0024): themselves, the children of a household they are an
 * adult of, and their dependants under an active guardianship. Never another adult: grown-ups sign up
 * for themselves.
 */
export async function householdPeople(database: Database, userId: string): Promise<HouseholdPerson[]> {
  const people = await database.query<HouseholdPerson>(
    `SELECT DISTINCT ON (rank, given_name, person_id) person_id, given_name, relation FROM (
       SELECT a.id::text AS person_id, a.given_name, 'self' AS relation, 0 AS rank FROM account a WHERE a.id = $1::uuid AND a.disabled_at IS NULL
       UNION ALL
       SELECT a.id::text, a.given_name, 'child', 1 FROM family_member me
         JOIN family_member c ON c.family_id = me.family_id AND c.role = 'child'
         JOIN account a ON a.id = c.user_id
        WHERE me.user_id = $1::uuid AND me.role = 'adult' AND a.disabled_at IS NULL
       UNION ALL
       SELECT a.id::text, a.given_name, 'dependant', 2 FROM guardianship g JOIN account a ON a.id = g.dependent_id
        WHERE g.guardian_id = $1::uuid AND g.ended_at IS NULL AND a.disabled_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM family_member me JOIN family_member c ON c.family_id = me.family_id AND c.role = 'child'
                          WHERE me.user_id = $1::uuid AND me.role = 'adult' AND c.user_id = g.dependent_id)
     ) people ORDER BY rank, given_name, person_id`,
    [userId],
  );
  // Themselves first, then children, then dependants (the query's rank), each group by name as people read it.
  const rank = { self: 0, child: 1, dependant: 2 } as const;
  return byGroupThenName(people, (person) => person.given_name, (person) => person.person_id, (person) => rank[person.relation]);
}
