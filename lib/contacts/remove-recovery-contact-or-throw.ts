import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { RECOVERY_CONTACT_PURPOSE } from "./add-recovery-contact.ts";
import { maskContact, type ContactChannel } from "./mask-contact.ts";
import type { RemovedRecoveryContact } from "./schemas.ts";

/**
 * DELETE /api/v1/users/me/recovery-contacts/{id}: the contact is deleted (so password recovery stops
 * offering it at once, and the same value may be added again later), with any code still out for it.
 * Answers the contact as it was, masked, with `status: removed`. Someone else's is `not_found`.
 */
export async function removeRecoveryContactOrThrow(database: Database, userId: string, contactId: string, context: RequestContext): Promise<RemovedRecoveryContact> {
  if (!isUuid(contactId)) throw notFound("recovery contact");
  const removed = await database.transaction(async (tx) => {
    const row = await tx.prisma.recoveryContact.findFirst({ where: { id: contactId, userId }, select: { id: true, channel: true, value: true } });
    if (!row) return null;
    // Removed meanwhile from another device: as if it had not been there.
    const { count } = await tx.prisma.recoveryContact.deleteMany({ where: { id: row.id, userId } });
    if (count !== 1) return null;
    await tx.prisma.verificationCode.deleteMany({ where: { purpose: RECOVERY_CONTACT_PURPOSE, subject: row.id } });
    const channel = row.channel as ContactChannel;
    const masked = maskContact(channel, row.value);
    await recordSecurityEvent(tx, { userId, type: "recovery_contact_removed", context, detail: { channel, value: masked } });
    return { id: row.id, channel, value: masked, status: "removed" as const };
  });
  if (!removed) throw notFound("recovery contact");
  return removed;
}
