import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { phoneVerificationSms } from "./contact-messages.ts";
import { codeSendKeys, limitCodeSend } from "./limit-code-sends.ts";

export const PHONE_PURPOSE = "phone_verification";

/**
 * POST /api/v1/users/me/phone (decisions.md part 3): texts a 6-digit code to the number. The number is
 * not written to the account yet: it waits in the code row (`target`), so the account's phone and the
 * `phone` scope's claims change only once the code comes back. Asking again, for the same number or
 * another, replaces the code; it is the resend, under the send limits.
 */
export async function startPhoneVerification(database: Database, userId: string, phone: string, context: RequestContext, now = new Date()): Promise<{ status: "ok" }> {
  const sendKeys = codeSendKeys({ purpose: PHONE_PURPOSE, target: phone, userId, ip: context.ip });
  await limitCodeSend(database, sendKeys, now, () =>
    database.transaction(async (tx) => {
      const code = await issueVerificationCode(tx, { purpose: PHONE_PURPOSE, subject: userId, binding: "", sentTo: phone }, now);
      const [account] = await tx.query<{ locale: string | null }>(`SELECT locale FROM account WHERE id = $1::uuid`, [userId]);
      return enqueueMessage(tx, phoneVerificationSms(phone, code, await recipientLocale(tx, account?.locale)));
    }),
  );
  return { status: "ok" };
}
