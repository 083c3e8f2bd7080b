import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError, notFound } from "../identity/errors.ts";

/**
 * Locks a link request for the rest of the caller's transaction (FOR UPDATE: docs/decisions/0019, reason 2),
 * so two staff deciding it at once take turns; only a pending one may be decided (`conflict` otherwise).
 */
export async function lockPendingSuggestionOrThrow(tx: Database, requestId: string): Promise<{ membership_id: string; user_id: string }> {
  const [request] = await tx.query<{ membership_id: string; user_id: string; status: string }>(
    `SELECT membership_id, user_id::text AS user_id, status FROM membership_link_request WHERE id = $1::uuid FOR UPDATE`,
    [requestId],
  );
  if (!request) throw notFound("membership suggestion");
  if (request.status !== "pending") throw new IdentityError("conflict", `this request is already ${request.status}`);
  return request;
}
