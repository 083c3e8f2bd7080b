import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { securityNoticeEmail, type NoticeFacts, type SecurityNoticeKind } from "./notice-messages.ts";

/**
 * Writes a security notice to the member's own email address in the caller's transaction, the one that
 * makes the change: a change is never made without its notice, and no notice goes out for a change that
 * rolled back. It goes to the account's address, not to a contact just added: the point is to warn the
 * real owner. Null for an account without an address (a dependant without a sign-in of their own).
 */
export async function enqueueSecurityNotice(
  database: Database,
  input: { userId: string; kind: SecurityNoticeKind; context: RequestContext; facts?: NoticeFacts; now?: Date },
): Promise<string | null> {
  const account = await database.prisma.user.findUnique({ where: { id: input.userId }, select: { email: true, givenName: true, locale: true } });
  if (!account?.email) return null;
  const locale = await recipientLocale(database, account.locale);
  return enqueueMessage(
    database,
    securityNoticeEmail(input.kind, { to: account.email, givenName: account.givenName, context: input.context, facts: input.facts ?? {}, now: input.now ?? new Date() }, locale),
  );
}
