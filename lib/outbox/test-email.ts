import "server-only";
import { email, emailWords } from "../accounts/account-messages.ts";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { Database } from "../db/database.ts";
import { IdentityError } from "../identity/errors.ts";
import { enqueueMessage, type OutgoingMessage } from "./enqueue-message.ts";
import { emailSendingConfigured } from "./mail-transport.ts";

/** A test message (the setup wizard, /admin/settings): it goes through the outbox, as every message does. */
export const EMAIL_NOT_SET_UP = "email sending is not set up yet: save the church's mail server first";
const TEST_WAIT_MS = 10_000;
const POLL_MS = 250;

// i18n-namespace: Email
export function testEmailMessage(to: string, locale: AppLocale): OutgoingMessage {
  const t = emailWords(locale);
  return email(to, t("test.subject"), [t("test.asked"), "", t("test.works")], locale);
}

/**
 * Sends a test message and waits (up to 10 s) for the mail server's answer: sent, or its refusal in its own
 * words (addresses removed, as the outbox records it). The caller limits how often.
 */
export async function sendTestEmail(database: Database, to: string): Promise<{ sent: boolean; problem: string | null }> {
  if (!(await emailSendingConfigured(database))) throw new IdentityError("conflict", EMAIL_NOT_SET_UP);
  const id = await enqueueMessage(database, testEmailMessage(to, await recipientLocale(database, null)));
  const deadline = Date.now() + TEST_WAIT_MS;
  for (;;) {
    const row = await database.prisma.outboxMessage.findUnique({ where: { id }, select: { sentAt: true, lastError: true } });
    if (row?.sentAt) return { sent: true, problem: null };
    if (row?.lastError) return { sent: false, problem: row.lastError };
    if (Date.now() >= deadline) return { sent: false, problem: "the mail server did not answer within 10 seconds" };
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}
