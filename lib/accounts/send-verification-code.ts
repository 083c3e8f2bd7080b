import "server-only";
import type { AppLocale } from "../kernel/locales.ts";
import { recipientLocale } from "./recipient-locale.ts";
import { randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { codeSendIpKey, codeSendTargetKey } from "../limits/keys.ts";
import { takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import type { PendingCode } from "../verification-codes/pending-code.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { verificationCodeEmail } from "./account-messages.ts";

/**
 * A new email-confirmation code for an address, bound to this browser: after "send a new code" on the code
 * page, or after a correct password on an account whose address was never confirmed. Only an unverified
 * account's address is actually sent a code; for any other address a decoy code is issued and nothing is
 * sent, so the page behaves the same.
 */
export async function sendVerificationCode(
  database: Database,
  input: { email: string; binding?: string; context: RequestContext; /** The page's language (issue 41). */ locale?: AppLocale | null },
  now = new Date(),
): Promise<PendingCode> {
  const sendKeys = [codeSendTargetKey("email_verification", input.email), codeSendIpKey(input.context.ip)];
  // Checked and counted in one statement (lib/limits/take-attempt.ts): every send counts.
  await takeAttemptOrThrow(database, sendKeys, now);

  const binding = input.binding ?? randomToken(16);
  await database.transaction(async (tx) => {
    const account = await tx.prisma.user.findUnique({
      where: { email: input.email },
      select: { givenName: true, emailVerifiedAt: true, locale: true },
    });
    const target = { purpose: "email_verification" as const, subject: input.email, binding };
    if (!account || account.emailVerifiedAt) {
      await issueVerificationCode(tx, { ...target, sentTo: "" }, now);
      return;
    }
    const code = await issueVerificationCode(tx, { ...target, sentTo: input.email }, now);
    await enqueueMessage(tx, verificationCodeEmail(input.email, account.givenName, code, await recipientLocale(tx, account.locale, input.locale)));
  });
  return { purpose: "email_verification", email: input.email, binding };
}
