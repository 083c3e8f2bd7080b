import "server-only";
import { sql } from "../db.ts";
import { recoveryCodeHash } from "./recovery-codes.ts";

/**
 * Uses up one recovery code: a single conditional UPDATE, so a code works once even when two requests
 * race. Answers how many unused codes remain (to tell the member when they run low), or null when the
 * code was wrong or already used.
 */
export async function redeemRecoveryCode(userId: string, code: string, now = new Date()): Promise<{ remaining: number } | null> {
  const [row] = await sql<{ remaining: number }>(
    `WITH used AS (
       UPDATE recovery_code SET used_at = $3::timestamptz
        WHERE user_id = $1 AND code_hash = $2 AND used_at IS NULL
        RETURNING id
     )
     SELECT (SELECT count(*)::int FROM recovery_code WHERE user_id = $1 AND used_at IS NULL) - (SELECT count(*)::int FROM used) AS remaining
      WHERE EXISTS (SELECT 1 FROM used)`,
    [userId, recoveryCodeHash(code), now],
  );
  return row ? { remaining: row.remaining } : null;
}
