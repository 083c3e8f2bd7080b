import "server-only";
import { db } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { assertAttemptsAllowed } from "../limits/check-attempts.ts";
import { codeSendIpKey, codeSendTargetKey } from "../limits/keys.ts";
import { recordFailure } from "../limits/record-failure.ts";
import { deliverAfterCommit } from "../outbox/deliver-messages.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { passwordResetCodeEmail } from "./account-messages.ts";
import { passwordResetTarget, type PasswordResetChannel } from "./password-reset-channels.ts";
import type { PendingCode } from "./pending-code.ts";
import { issueVerificationCode } from "./verification-codes.ts";

/**
 * "Forgot password": sends a code to the account, or, for an address no account has, issues a code that
 * is never sent. Either way the member is sent to the code page and sees the same thing, so the form
 * cannot be used to find out who has an account. The code is not bound to the browser: whoever reads the
 * email may finish on any device.
 */
export async function requestPasswordReset(
  input: { email: string; via?: PasswordResetChannel; context: RequestContext },
  now = new Date(),
): Promise<PendingCode> {
  const sendKeys = [codeSendTargetKey("password_reset", input.email), codeSendIpKey(input.context.ip)];
  await assertAttemptsAllowed(sendKeys, now);
  await recordFailure(sendKeys, now);

  const prisma = await db();
  const messageIds = await prisma.$transaction(async (tx) => {
    const account = await tx.user.findUnique({ where: { email: input.email }, select: { id: true, email: true, givenName: true } });
    const codeTarget = { purpose: "password_reset" as const, subject: input.email, binding: "" };
    if (!account?.email) {
      await issueVerificationCode(tx, { ...codeTarget, sentTo: "" }, now);
      return [];
    }
    const target = passwordResetTarget({ email: account.email }, input.via ?? "email");
    const code = await issueVerificationCode(tx, { ...codeTarget, sentTo: target.recipient }, now);
    await recordSecurityEvent({ userId: account.id, type: "password_reset_requested", context: input.context, detail: { via: input.via ?? "email" } }, tx);
    return [await enqueueMessage(tx, { ...passwordResetCodeEmail(target.recipient, account.givenName, code), channel: target.channel })];
  });
  deliverAfterCommit(messageIds);
  return { purpose: "password_reset", email: input.email, binding: "" };
}
