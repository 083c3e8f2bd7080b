import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";

/**
 * Locks an account's row for the rest of the caller's transaction (FOR UPDATE: docs/decisions/0019, reason
 * 2), so two staff changing one account take turns; answers whether it is disabled. Unknown: `not_found`.
 */
export async function lockAccountOrThrow(tx: Database, userId: string): Promise<{ disabled: boolean }> {
  const [account] = await tx.query<{ disabled: boolean }>(`SELECT disabled_at IS NOT NULL AS disabled FROM account WHERE id = $1::uuid FOR UPDATE`, [userId]);
  if (!account) throw notFound("user");
  return account;
}
