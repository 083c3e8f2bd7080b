import "server-only";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { codeSendIpKey, codeSendTargetKey } from "../limits/keys.ts";
import { takeAttemptOrThrow } from "../limits/take-attempt.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { issueVerificationCode } from "../verification-codes/verification-codes.ts";
import { requireOpenSetup } from "./setup-address.ts";
import { setupEmailCodeMessage, setupTestMessage } from "./setup-messages.ts";

/** The setup wizard's email step (issue 39): a test message, and the code proving the administrator's address. */
export const EMAIL_NOT_SET_UP = "email sending is not set up on this server (SMTP_URL)";
const TEST_WAIT_MS = 10_000;
const POLL_MS = 250;

/**
 * Sends a test message through the outbox, as every message goes, and waits (up to 10 s) for the mail server's
 * answer: sent, or its refusal in its own words (addresses removed, as the outbox records it).
 */
export async function sendSetupTestEmail(database: Database, token: string, to: string, emailSending: boolean, context: RequestContext): Promise<{ sent: boolean; problem: string | null }> {
  await requireOpenSetup(database, token);
  if (!emailSending) throw new IdentityError("conflict", EMAIL_NOT_SET_UP);
  await takeAttemptOrThrow(database, [codeSendTargetKey("setup_test", to), codeSendIpKey(context.ip)]);
  const id = await enqueueMessage(database, setupTestMessage(to));
  const deadline = Date.now() + TEST_WAIT_MS;
  for (;;) {
    const row = await database.prisma.outboxMessage.findUnique({ where: { id }, select: { sentAt: true, lastError: true } });
    if (row?.sentAt) return { sent: true, problem: null };
    if (row?.lastError) return { sent: false, problem: row.lastError };
    if (Date.now() >= deadline) return { sent: false, problem: "the mail server did not answer within 10 seconds" };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** A code for the administrator's address, bound to this setup address: only its wizard can use it. */
export async function sendSetupEmailCode(database: Database, token: string, input: { email: string; given_name: string }, emailSending: boolean, context: RequestContext): Promise<void> {
  const setup = await requireOpenSetup(database, token);
  if (!emailSending) throw new IdentityError("conflict", EMAIL_NOT_SET_UP);
  await takeAttemptOrThrow(database, [codeSendTargetKey("setup_email", input.email), codeSendIpKey(context.ip)]);
  await database.transaction(async (tx) => {
    const code = await issueVerificationCode(tx, { purpose: "setup_email", subject: input.email, binding: setup.tokenHash, sentTo: input.email });
    await enqueueMessage(tx, setupEmailCodeMessage(input.email, input.given_name, code));
  });
}
