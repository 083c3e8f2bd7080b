import "server-only";
import type { Database } from "../db/database.ts";
import { recoveryCodeHash } from "./recovery-codes.ts";

/**
 * Uses up one recovery code: a single conditional UPDATE, so a code works once even when two requests
 * race. Answers how many unused codes remain (to tell the member when they run low), or null when the
 * code was wrong or already used.
 */
export async function redeemRecoveryCode(database: Database, userId: string, code: string, now = new Date()): Promise<{ remaining: number } | null> {
  // Raw: used up and the rest counted in one statement, on the sign-in path (docs/decisions/0019, reasons 1 and 3).
  const [row] = await database.query<{ remaining: number }>(
    `WITH used AS (
       UPDATE recovery_code SET used_at = $3::timestamptz
        WHERE user_id = $1::uuid AND code_hash = $2 AND used_at IS NULL
        RETURNING id
     )
     SELECT (SELECT count(*)::int FROM recovery_code WHERE user_id = $1::uuid AND used_at IS NULL) - (SELECT count(*)::int FROM used) AS remaining
      WHERE EXISTS (SELECT 1 FROM used)`,
    [userId, recoveryCodeHash(code), now],
  );
  return row ? { remaining: row.remaining } : null;
}
