import "server-only";
import type { Database } from "../db/database.ts";
import { GUARDIAN_ROLE } from "./schemas.ts";

/**
 * Takes the `guardian` role from these accounts, each only while no live guardianship of theirs is left,
 * judged in the same statement (docs/decisions/0019, reason 2). Callers lock the guardians' account rows
 * first, as createGuardianship does, so the two never disagree.
 */
export async function dropGuardianRoleIfNoneLeft(tx: Database, guardianIds: readonly string[]): Promise<void> {
  if (guardianIds.length === 0) return;
  await tx.query(
    `DELETE FROM user_role ur USING role r
      WHERE r.id = ur.role_id AND r.name = $1 AND ur.user_id = ANY($2::uuid[])
        AND NOT EXISTS (SELECT 1 FROM guardianship g WHERE g.guardian_id = ur.user_id AND g.ended_at IS NULL)`,
    [GUARDIAN_ROLE, guardianIds],
  );
}
