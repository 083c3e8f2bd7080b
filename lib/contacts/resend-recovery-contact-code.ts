import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { RECOVERY_CONTACT_PURPOSE } from "./add-recovery-contact.ts";
import { recoveryContactCodeMessage } from "./contact-messages.ts";
import { getRecoveryContactOrThrow } from "./get-recovery-contact-or-throw.ts";
import { codeSendKeys, limitCodeSend } from "./limit-code-sends.ts";
import { ALREADY_VERIFIED } from "./verify-recovery-contact.ts";
import { RECOVERY_CONTACT_STATUS, type RecoveryContactPending } from "./schemas.ts";

/**
 * POST /api/v1/users/me/recovery-contacts/{id}/resend: a new code for a pending contact (the earlier one
 * stops working, and with it its spent attempts), under the same send limits as adding one.
 */
export async function resendRecoveryContactCode(
  database: Database,
  userId: string,
  contactId: string,
  context: RequestContext,
  now = new Date(),
): Promise<RecoveryContactPending> {
  const contact = await getRecoveryContactOrThrow(database, userId, contactId);
  if (contact.status === RECOVERY_CONTACT_STATUS.verified) throw new IdentityError("conflict", ALREADY_VERIFIED);
  const sendKeys = codeSendKeys({ purpose: RECOVERY_CONTACT_PURPOSE, target: contact.value, userId, ip: context.ip });

  await limitCodeSend(database, sendKeys, now, () =>
    database.transaction(async (tx) => {
      // Raw: the contact stays locked while its new code is issued (docs/decisions/0019, reason 2).
      const [row] = await tx.query<{ given_name: string; locale: string | null }>(
        `SELECT a.given_name, a.locale FROM recovery_contact c JOIN account a ON a.id = c.user_id
          WHERE c.id = $1::uuid AND c.user_id = $2::uuid AND c.status = $3::text
          FOR UPDATE OF c`,
        [contact.id, userId, RECOVERY_CONTACT_STATUS.pending],
      );
      if (!row) throw new IdentityError("not_found", "recovery contact not found");
      const code = await issueVerificationCode(tx, { purpose: RECOVERY_CONTACT_PURPOSE, subject: contact.id, binding: "", sentTo: contact.value }, now);
      return enqueueMessage(tx, recoveryContactCodeMessage(contact.channel, contact.value, row.given_name, code, await recipientLocale(tx, row.locale)));
    }),
  );
  return { id: contact.id, status: RECOVERY_CONTACT_STATUS.pending };
}
