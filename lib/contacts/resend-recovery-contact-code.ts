import "server-only";
import { issueVerificationCode } from "../accounts/verification-codes.ts";
import { db } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { deliverAfterCommit } from "../outbox/deliver-messages.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { RECOVERY_CONTACT_PURPOSE } from "./add-recovery-contact.ts";
import { recoveryContactCodeMessage } from "./contact-messages.ts";
import { getRecoveryContactOrThrow } from "./get-recovery-contact-or-throw.ts";
import { assertCodeSendAllowed, codeSendKeys, countCodeSent } from "./limit-code-sends.ts";
import { ALREADY_VERIFIED } from "./verify-recovery-contact.ts";
import { RECOVERY_CONTACT_STATUS, type RecoveryContactPending } from "./schemas.ts";

/**
 * POST /api/v1/users/me/recovery-contacts/{id}/resend: a new code for a pending contact (the earlier one
 * stops working, and with it its spent attempts), under the same send limits as adding one.
 */
export async function resendRecoveryContactCode(
  userId: string,
  contactId: string,
  context: RequestContext,
  now = new Date(),
): Promise<RecoveryContactPending> {
  const contact = await getRecoveryContactOrThrow(userId, contactId);
  if (contact.status === RECOVERY_CONTACT_STATUS.verified) throw new IdentityError("conflict", ALREADY_VERIFIED);
  const sendKeys = codeSendKeys({ purpose: RECOVERY_CONTACT_PURPOSE, target: contact.value, userId, ip: context.ip });
  await assertCodeSendAllowed(sendKeys, now);

  const messageId = await (await db()).$transaction(async (tx) => {
    const [row] = await tx.$queryRaw<{ given_name: string }[]>`
      SELECT a.given_name FROM recovery_contact c JOIN account a ON a.id = c.user_id
       WHERE c.id = ${contact.id}::uuid AND c.user_id = ${userId}::uuid AND c.status = ${RECOVERY_CONTACT_STATUS.pending}
       FOR UPDATE OF c`;
    if (!row) throw new IdentityError("not_found", "recovery contact not found");
    const code = await issueVerificationCode(tx, { purpose: RECOVERY_CONTACT_PURPOSE, subject: contact.id, binding: "", sentTo: contact.value }, now);
    return enqueueMessage(tx, recoveryContactCodeMessage(contact.channel, contact.value, row.given_name, code));
  });
  await countCodeSent(sendKeys, now);
  deliverAfterCommit([messageId]);
  return { id: contact.id, status: RECOVERY_CONTACT_STATUS.pending };
}
