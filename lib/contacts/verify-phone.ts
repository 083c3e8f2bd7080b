import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError } from "../identity/errors.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { checkContactCode } from "./check-contact-code.ts";
import { codeSendKeys } from "./limit-code-sends.ts";
import { maskPhone } from "./mask-contact.ts";
import { isE164 } from "./phone-number.ts";
import type { PhoneVerificationResult } from "./schemas.ts";
import { PHONE_PURPOSE } from "./start-phone-verification.ts";

/**
 * POST /api/v1/users/me/phone/verify (decisions.md part 3): the right code makes the number the account's
 * verified phone (`phone_number`, `phone_number_verified: true` in the `phone` scope's claims) and answers
 * `{ verified: true }`; a wrong one with tries left answers `{ verified: false }`. Out of tries is
 * `too_many_requests`; expired or never sent is `invalid_request`.
 */
export async function verifyPhone(database: Database, userId: string, code: string, context: RequestContext, now = new Date()): Promise<PhoneVerificationResult> {
  const check = await checkContactCode(
    database,
    {
      target: { purpose: PHONE_PURPOSE, subject: userId, binding: "" },
      code,
      context,
      resendKeys: codeSendKeys({ purpose: PHONE_PURPOSE, userId, ip: context.ip }),
    },
    now,
  );
  if (!check.accepted) return { verified: false };
  if (!isE164(check.sentTo)) throw new IdentityError("invalid_request", "code: has expired; ask for a new code");

  await database.transaction(async (tx) => {
    await tx.prisma.user.update({ where: { id: userId }, data: { phone: check.sentTo, phoneVerifiedAt: now }, select: { id: true } });
    await recordSecurityEvent(tx, { userId, type: "phone_verified", context, detail: { phone: maskPhone(check.sentTo) } });
  });
  return { verified: true };
}
