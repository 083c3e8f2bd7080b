import "server-only";
import { CHURCH_NAME_SLOT, readChurch, withChurchName } from "../church-settings/church.ts";
import type { Database } from "../db/database.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutboxChannel } from "./channels.ts";
import { deliverAfterCommit } from "./deliver-messages.ts";

/**
 * The one writer of the outbox (docs/decisions/0033). A message is written inside the caller's transaction,
 * so it exists exactly when the code or change it announces was committed, and its delivery is started by
 * the write itself, after the outermost commit (deliver-messages.ts): never on a rollback, never before the
 * change is visible, and no caller can forget it. Without SMTP an email simply stays in the table (readable
 * at /dev/outbox in development); what fails is retried by the `deliver-outbox` job.
 * `lib/outbox/outbox-writers.test.ts` holds every other module to these functions.
 */
export type { OutboxChannel } from "./channels.ts";

export interface OutgoingMessage {
  channel: "email" | "sms";
  /** An email address or an E.164 phone number. */
  recipient: string;
  /** Email subject; none for SMS. */
  subject?: string;
  /** Plain text. May hold a one-time code: never log it. */
  body: string;
  /** The language it is written in; an email's template is delivered in it too. Unsaid: English. */
  locale?: AppLocale;
}

/** An email or SMS to a person, the church's name in its slots (CHURCH_NAME_SLOT); answers the message's id. */
export async function enqueueMessage(database: Database, given: OutgoingMessage): Promise<string> {
  const message = await withChurchNameIn(database, given);
  const [row] = await database.query<{ id: string }>(`INSERT INTO outbox_message (channel, recipient, subject, body, locale) VALUES ($1, $2, $3, $4, $5) RETURNING id::text AS id`, [
    message.channel,
    message.recipient,
    message.subject ?? null,
    message.body,
    message.locale ?? null,
  ]);
  deliverAfterCommit(database, [row!.id]);
  return row!.id;
}

/**
 * Many messages in one statement (a church's invitations): the church's name filled in once. Delivered at once
 * when there are few; a larger mailing is left to the `deliver-outbox` job, which sends it a batch a minute, so
 * a mail server's hourly limit is not hit in one go. Answers the ids in the order given.
 */
export const DELIVER_AT_ONCE_UP_TO = 20;
export async function enqueueMessages(database: Database, given: readonly OutgoingMessage[]): Promise<string[]> {
  if (given.length === 0) return [];
  const { name } = await readChurch(database);
  const rows = await database.query<{ id: string }>(
    `INSERT INTO outbox_message (channel, recipient, subject, body, locale)
     SELECT channel, recipient, subject, body, locale FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[]) WITH ORDINALITY AS m(channel, recipient, subject, body, locale, n)
      ORDER BY n RETURNING id::text AS id`,
    [
      given.map((message) => message.channel),
      given.map((message) => message.recipient),
      given.map((message) => (message.subject === undefined ? null : withChurchName(message.subject, name))),
      given.map((message) => withChurchName(message.body, name)),
      given.map((message) => message.locale ?? null),
    ],
  );
  const ids = rows.map((row) => row.id);
  if (ids.length <= DELIVER_AT_ONCE_UP_TO) deliverAfterCommit(database, ids);
  return ids;
}

async function withChurchNameIn(database: Database, message: OutgoingMessage): Promise<OutgoingMessage> {
  if (!message.body.includes(CHURCH_NAME_SLOT) && !message.subject?.includes(CHURCH_NAME_SLOT)) return message;
  const { name } = await readChurch(database);
  return { ...message, body: withChurchName(message.body, name), ...(message.subject !== undefined && { subject: withChurchName(message.subject, name) }) };
}

/** One webhook message per delivery row (lib/webhooks/queue-webhook.ts holds the exact body); answers their ids. */
export async function enqueueWebhookMessages(database: Database, deliveryIds: readonly string[]): Promise<string[]> {
  if (deliveryIds.length === 0) return [];
  const rows = await database.query<{ id: string }>(`INSERT INTO outbox_message (channel, recipient, body) SELECT 'webhook', delivery_id, '' FROM unnest($1::text[]) AS delivery_id RETURNING id::text AS id`, [deliveryIds]);
  const ids = rows.map((row) => row.id);
  deliverAfterCommit(database, ids);
  return ids;
}

/**
 * Messages of one channel made by a query of the caller's (`recipient` and `body` columns), in one statement:
 * a back-channel logout to every client of the sessions that ended (lib/oauth/backchannel-logout). Answers
 * their ids.
 */
export async function enqueueSelectedMessages(database: Database, channel: OutboxChannel, select: string, params: readonly unknown[]): Promise<string[]> {
  const rows = await database.query<{ id: string }>(`INSERT INTO outbox_message (channel, recipient, body) SELECT '${channel}', recipient, body FROM (${select}) AS selected RETURNING id::text AS id`, params);
  const ids = rows.map((row) => row.id);
  deliverAfterCommit(database, ids);
  return ids;
}
