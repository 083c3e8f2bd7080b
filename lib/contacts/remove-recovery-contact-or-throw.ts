import "server-only";
import { db } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
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
export async function removeRecoveryContactOrThrow(userId: string, contactId: string, context: RequestContext): Promise<RemovedRecoveryContact> {
  if (!isUuid(contactId)) throw notFound("recovery contact");
  const removed = await (await db()).$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ id: string; channel: ContactChannel; value: string }[]>`
      DELETE FROM recovery_contact WHERE id = ${contactId}::uuid AND user_id = ${userId}::uuid RETURNING id, channel, value`;
    if (!row) return null;
    await tx.verificationCode.deleteMany({ where: { purpose: RECOVERY_CONTACT_PURPOSE, subject: row.id } });
    const masked = maskContact(row.channel, row.value);
    await recordSecurityEvent({ userId, type: "recovery_contact_removed", context, detail: { channel: row.channel, value: masked } }, tx);
    return { id: row.id, channel: row.channel, value: masked, status: "removed" as const };
  });
  if (!removed) throw notFound("recovery contact");
  return removed;
}
