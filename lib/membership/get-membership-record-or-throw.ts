import "server-only";
import type { Database } from "../db/database.ts";
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
export async function getMembershipRecordOrThrow(database: Database, userId: string, membershipId: string, options: { requireUnlinkedAccount: boolean }): Promise<ClaimableRecord> {
  if (!isMembershipId(membershipId)) throw notFound(MEMBERSHIP_RECORD);
  const [row, callerRecord] = await Promise.all([
    database.prisma.membershipRecord.findUnique({ where: { id: membershipId }, select: { id: true, email: true, phone: true, linkedUserId: true } }),
    database.prisma.membershipRecord.findUnique({ where: { linkedUserId: userId }, select: { id: true } }),
  ]);
  if (!row || (row.linkedUserId !== null && row.linkedUserId !== userId)) throw notFound(MEMBERSHIP_RECORD);
  const linkedToCaller = row.linkedUserId === userId;
  if (options.requireUnlinkedAccount && !linkedToCaller && callerRecord !== null) throw new IdentityError("conflict", ACCOUNT_ALREADY_LINKED);
  const contact = row.email ? { channel: "email" as const, value: row.email } : row.phone ? { channel: "phone" as const, value: row.phone } : null;
  return { id: row.id, contact, linkedToCaller };
}
