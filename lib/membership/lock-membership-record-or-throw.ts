import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";

/** A register record, locked for the rest of the transaction (FOR UPDATE), with the account linked to it; `not_found` when there is none. */
export async function lockMembershipRecordOrThrow(tx: Database, membershipId: string): Promise<{ linked_user_id: string | null }> {
  if (membershipId.length > 64) throw notFound("membership record");
  const [record] = await tx.query<{ linked_user_id: string | null }>(`SELECT linked_user_id::text AS linked_user_id FROM membership_record WHERE id = $1 FOR UPDATE`, [membershipId]);
  if (!record) throw notFound("membership record");
  return record;
}
