import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { codeSendIpKey, codeSendTargetKey } from "../limits/keys.ts";
import { takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { saveMailServer } from "../church-settings/mail-server.ts";
import type { MailServerBody } from "../church-settings/schemas.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { emailSendingConfigured } from "../outbox/mail-transport.ts";
import { EMAIL_NOT_SET_UP, sendTestEmail } from "../outbox/test-email.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { requireOpenSetup } from "./setup-address.ts";
import { setupEmailCodeMessage } from "./setup-messages.ts";

/** The setup wizard's email step (issue 39): the mail server, a test message, and the code proving the administrator's address. */

/** Saves the church's mail server, as /admin/settings does. */
export async function saveSetupMailServer(database: Database, { token, ...server }: MailServerBody & { token: string }): Promise<void> {
  await requireOpenSetup(database, token);
  await saveMailServer(database, server);
}

/** A test message through the mail server in use. */
export async function sendSetupTestEmail(database: Database, token: string, to: string, context: RequestContext): Promise<{ sent: boolean; problem: string | null }> {
  await requireOpenSetup(database, token);
  await takeAttemptOrThrow(database, [codeSendTargetKey("setup_test", to), codeSendIpKey(context.ip)]);
  return sendTestEmail(database, to);
}

/** A code for the administrator's address, bound to this setup address: only its wizard can use it. */
export async function sendSetupEmailCode(
  database: Database,
  token: string,
  input: { email: string; given_name: string },
  context: RequestContext,
  pageLocale: AppLocale | null = null,
): Promise<void> {
  const setup = await requireOpenSetup(database, token);
  if (!(await emailSendingConfigured(database))) throw new IdentityError("conflict", EMAIL_NOT_SET_UP);
  await takeAttemptOrThrow(database, [codeSendTargetKey("setup_email", input.email), codeSendIpKey(context.ip)]);
  await database.transaction(async (tx) => {
    const code = await issueVerificationCode(tx, { purpose: "setup_email", subject: input.email, binding: setup.tokenHash, sentTo: input.email });
    await enqueueMessage(tx, setupEmailCodeMessage(input.email, input.given_name, code, await recipientLocale(tx, null, pageLocale)));
  });
}
