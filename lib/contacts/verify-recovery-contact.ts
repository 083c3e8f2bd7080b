import "server-only";
import { constantTimeEqual } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { RECOVERY_CONTACT_PURPOSE } from "./add-recovery-contact.ts";
import { checkContactCode, wrongCodeDescription } from "./check-contact-code.ts";
import { getRecoveryContactOrThrow } from "./get-recovery-contact-or-throw.ts";
import { codeSendKeys } from "./limit-code-sends.ts";
import { maskContact } from "./mask-contact.ts";
import { RECOVERY_CONTACT_STATUS, type RecoveryContactVerified } from "./schemas.ts";

export const ALREADY_VERIFIED = "this recovery contact is already verified";

/**
 * POST /api/v1/users/me/recovery-contacts/{id}/verify: the code sent to the contact promotes it from
 * `pending_verification` to `verified`; only then may password recovery use it. A wrong code is
 * `invalid_request` saying how many tries are left; the fifth kills the code (`too_many_requests`).
 */
export async function verifyRecoveryContact(
  database: Database,
  userId: string,
  contactId: string,
  code: string,
  context: RequestContext,
  now = new Date(),
): Promise<RecoveryContactVerified> {
  const contact = await getRecoveryContactOrThrow(database, userId, contactId);
  if (contact.status === RECOVERY_CONTACT_STATUS.verified) throw new IdentityError("conflict", ALREADY_VERIFIED);

  const check = await checkContactCode(
    database,
    {
      target: { purpose: RECOVERY_CONTACT_PURPOSE, subject: contact.id, binding: "" },
      code,
      context,
      resendKeys: codeSendKeys({ purpose: RECOVERY_CONTACT_PURPOSE, target: contact.value, userId, ip: context.ip }),
    },
    now,
  );
  if (!check.accepted) throw new IdentityError("invalid_request", wrongCodeDescription(check.attemptsLeft));
  // The code proves the address it was sent to; a contact is only ever sent codes at its own value.
  if (!constantTimeEqual(check.sentTo, contact.value)) throw new IdentityError("invalid_request", "code: has expired; ask for a new code");

  await database.transaction(async (tx) => {
    const promoted = await tx.prisma.recoveryContact.updateMany({
      where: { id: contact.id, userId, status: RECOVERY_CONTACT_STATUS.pending },
      data: { status: RECOVERY_CONTACT_STATUS.verified, verifiedAt: now },
    });
    // Removed meanwhile (from another device): the code proved nothing that still exists.
    if (promoted.count !== 1) throw new IdentityError("not_found", "recovery contact not found");
    await recordSecurityEvent(tx, {
      userId,
      type: "recovery_contact_verified",
      context,
      detail: { channel: contact.channel, value: maskContact(contact.channel, contact.value) },
    });
  });
  return { id: contact.id, status: RECOVERY_CONTACT_STATUS.verified };
}
