import "server-only";
import { sql } from "../db.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import type { ContactChannel } from "../contacts/mask-contact.ts";
import { ACCOUNT_ALREADY_LINKED, MEMBERSHIP_RECORD } from "./membership-errors.ts";

/** Public ids of register records: `mbr_` and letters, digits, `_` or `-` (the demo's are 16 hex digits). */
const MEMBERSHIP_ID = /^mbr_[A-Za-z0-9_-]{1,60}$/;

export function isMembershipId(value: string): boolean {
  return MEMBERSHIP_ID.test(value);
}

export interface ClaimableRecord {
  id: string;
  /** Where a code for it goes: its email, else its phone; null when it has neither. */
  contact: { channel: ContactChannel; value: string } | null;
  /** Already linked to the caller (not to anyone else: that is not_found). */
  linkedToCaller: boolean;
}

/**
 * A register record the caller may claim or ask about. Unknown, malformed and linked to another account
 * are all `not_found`, alike (decisions.md part 2: never reveal that someone else's record exists).
 * With `requireUnlinkedAccount`, a caller whose account already holds another record is a `conflict`:
 * one record per member.
 */
export async function getMembershipRecordOrThrow(userId: string, membershipId: string, options: { requireUnlinkedAccount: boolean }): Promise<ClaimableRecord> {
  if (!isMembershipId(membershipId)) throw notFound(MEMBERSHIP_RECORD);
  const [row] = await sql<{ id: string; email: string | null; phone: string | null; linked_user_id: string | null; caller_record: string | null }>(
    `SELECT r.id, r.email, r.phone, r.linked_user_id::text AS linked_user_id,
            (SELECT mine.id FROM membership_record mine WHERE mine.linked_user_id = $2::uuid) AS caller_record
       FROM membership_record r WHERE r.id = $1`,
    [membershipId, userId],
  );
  if (!row || (row.linked_user_id !== null && row.linked_user_id !== userId)) throw notFound(MEMBERSHIP_RECORD);
  const linkedToCaller = row.linked_user_id === userId;
  if (options.requireUnlinkedAccount && !linkedToCaller && row.caller_record !== null) throw new IdentityError("conflict", ACCOUNT_ALREADY_LINKED);
  const contact = row.email ? { channel: "email" as const, value: row.email } : row.phone ? { channel: "phone" as const, value: row.phone } : null;
  return { id: row.id, contact, linkedToCaller };
}
