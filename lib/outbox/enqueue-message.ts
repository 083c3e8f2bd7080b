import "server-only";
import type { Database } from "../db/database.ts";

/**
 * Writes an email or SMS to the outbox inside the caller's transaction, so a message exists exactly when
 * the code or change it announces was committed. Delivery happens after the commit (deliver-messages.ts);
 * without SMTP the message simply stays in the table (readable at /dev/outbox in development).
 */
/** `webhook`: recipient is the webhook_delivery id (lib/webhooks/queue-webhook.ts), body empty. */
export type OutboxChannel = "email" | "sms" | "backchannel_logout" | "webhook";

export interface OutgoingMessage {
  /** Back-channel logouts are queued by lib/oauth/backchannel-logout, not through here. */
  channel: "email" | "sms";
  /** An email address or an E.164 phone number. */
  recipient: string;
  /** Email subject; none for SMS. */
  subject?: string;
  /** Plain text. May hold a one-time code: never log it. */
  body: string;
}

export async function enqueueMessage(database: Database, message: OutgoingMessage): Promise<string> {
  const row = await database.prisma.outboxMessage.create({
    data: {
      channel: message.channel,
      recipient: message.recipient,
      subject: message.subject ?? null,
      body: message.body,
    },
    select: { id: true },
  });
  return row.id;
}
