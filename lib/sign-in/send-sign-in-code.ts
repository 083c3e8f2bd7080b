import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { AppLocale } from "../kernel/locales.ts";
import { randomToken } from "../crypto/tokens.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { TooManyAttemptsError } from "../limits/errors.ts";
import { codeSendIpKey, codeSendTargetKey, ipFailureKey, signInAccountKey } from "../limits/keys.ts";
import { refundAttempt, takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import type { PendingEmailCode } from "./pending-email-code.ts";
import { signInCodeEmail } from "./sign-in-code-messages.ts";

/** A new code for the same address no sooner than this after the last one, whoever asked. */
export const SIGN_IN_CODE_COOLDOWN_SECONDS = 30;

/** Asked again within the cool-down: a 429 whose sentence says what happened. */
export class SignInCodeCooldownError extends TooManyAttemptsError {
  override name = "SignInCodeCooldownError";

  constructor(retryAfterSeconds: number) {
    super(retryAfterSeconds);
    this.message = `We just sent a code. You can ask for a new one in ${retryAfterSeconds} ${retryAfterSeconds === 1 ? "second" : "seconds"}.`;
  }
}

/**
 * "Email me a code" (docs/decisions/0021): a 6-digit code, 10 minutes, 5 tries, bound to this browser,
 * through the outbox, to an account that may sign in: one with this address that staff have not disabled
 * (a dependant without a sign-in has no address). For any other address a code is issued that is never
 * sent, with the same queries in the same transaction, so the answer (the same redirect, page and words)
 * and its timing do not tell whether the address has an account; the only extra work of a real send is one
 * outbox row and one security-log row in that transaction, as for "forgot password".
 *
 * Limits: the send limits of every emailed code (3 free per address, then 1, 2, 4 … minutes; 20 per IP),
 * a 30-second cool-down per address, and the password's own limits (a blocked address gets no code either).
 */
export async function sendSignInCode(
  database: Database,
  input: { email: string; binding?: string; request?: string; returnTo?: string; context: RequestContext; /** The page's language (issue 41). */ locale?: AppLocale | null },
  now = new Date(),
): Promise<PendingEmailCode> {
  const sendKeys = [codeSendTargetKey("email_sign_in", input.email), codeSendIpKey(input.context.ip)];
  // Counted against the send limits in the statement that checks them and the password's (lib/limits/take-attempt.ts).
  const attempt = await takeAttemptOrThrow(database, sendKeys, now, [signInAccountKey(input.email), ipFailureKey(input.context.ip)]);
  try {
    await assertCooledDown(database, input.email, now);
  } catch (error) {
    // Asked again within the cool-down: nothing is sent, so nothing counts.
    await refundAttempt(database, attempt, { now });
    throw error;
  }

  const binding = input.binding ?? randomToken(16);
  await database.transaction(async (tx) => {
    const account = await tx.prisma.user.findUnique({ where: { email: input.email }, select: { id: true, givenName: true, disabledAt: true, locale: true } });
    const target = { purpose: "email_sign_in" as const, subject: input.email, binding };
    if (!account || account.disabledAt) {
      await issueVerificationCode(tx, { ...target, sentTo: "" }, now);
      return;
    }
    const code = await issueVerificationCode(tx, { ...target, sentTo: input.email }, now);
    await recordSecurityEvent(tx, { userId: account.id, type: "sign_in_code_sent", context: input.context });
    await enqueueMessage(tx, signInCodeEmail(input.email, account.givenName, code, await recipientLocale(tx, account.locale, input.locale)));
  });
  return { email: input.email, binding, request: input.request, returnTo: input.returnTo };
}

/** The newest code for the address, sent or not (decoys count too, so the cool-down tells nothing). */
async function assertCooledDown(database: Database, email: string, now: Date): Promise<void> {
  const last = await database.prisma.verificationCode.findFirst({
    where: { purpose: "email_sign_in", subject: email },
    orderBy: { createdAt: "desc" },
    select: { createdAt: true },
  });
  if (!last) return;
  const waited = (now.getTime() - last.createdAt.getTime()) / 1000;
  if (waited < SIGN_IN_CODE_COOLDOWN_SECONDS) throw new SignInCodeCooldownError(Math.max(1, Math.ceil(SIGN_IN_CODE_COOLDOWN_SECONDS - waited)));
}
