import "server-only";
import { readChurch } from "../church-settings/church.ts";
import type { Database } from "../db/database.ts";
import { renderEmail } from "../email/render-email.ts";
import { appLocaleOf } from "../kernel/locales.ts";
import { env } from "../env.ts";
import type { OutboxChannel } from "./channels.ts";
import { currentMailServer, transportFor } from "./mail-transport.ts";
import { smsTransport } from "./sms-transport.ts";
import { logLine } from "../log/json-log.ts";
import { sendBackchannelLogout } from "../oauth/backchannel-logout/send-backchannel-logout.ts";
import { sendWebhook } from "../webhooks/send-webhook.ts";

/**
 * Delivers outbox email over SMTP, SMS through the HTTP gateway, and back-channel logouts to the clients'
 * URIs. Never throws into a request: a failure is written to the row (`attempts`, `last_error`) and the
 * message stays unsent for a later retry, not before its back-off has passed (`next_attempt_at`). A channel without a configured transport leaves its rows in the table (readable at /dev/outbox
 * in development). Nothing here logs a message body, subject or recipient (they carry codes and contacts).
 */
export const MAX_DELIVERY_ATTEMPTS = 5;
/** The wait after the first attempt; each later one waits twice as long (30 s, 1, 2, 4 and 8 minutes). */
export const FIRST_RETRY_SECONDS = 30;

interface ClaimedMessage {
  id: string;
  channel: OutboxChannel;
  recipient: string;
  subject: string | null;
  body: string;
  locale: string | null;
}

/** The channels this process can deliver: those whose transport is configured. */
async function deliverableChannels(database: Database): Promise<OutboxChannel[]> {
  // A back-channel logout or a webhook needs nothing configured: the client or staff named its own address.
  const channels: OutboxChannel[] = ["backchannel_logout", "webhook"];
  if (await currentMailServer(database)) channels.push("email");
  if (smsTransport()) channels.push("sms");
  return channels;
}

/**
 * Counts the attempt before sending, so a crash mid-send still uses one of the message's attempts, and
 * sets when the next may start: a second runner cannot claim the message meanwhile, and a failure waits.
 */
async function claim(database: Database, id: string, channels: readonly OutboxChannel[]): Promise<ClaimedMessage | null> {
  // Raw: a conditional claim that answers the row it claimed, in one statement (docs/decisions/0019, reason 2).
  const [row] = await database.query<ClaimedMessage>(
    `UPDATE outbox_message SET attempts = attempts + 1, next_attempt_at = now() + make_interval(secs => $4 * power(2, attempts))
      WHERE id = $1::uuid AND channel = ANY($3::text[]) AND sent_at IS NULL AND attempts < $2
        AND (next_attempt_at IS NULL OR next_attempt_at <= now())
      RETURNING id::text, channel, recipient, subject, body, locale`,
    [id, MAX_DELIVERY_ATTEMPTS, channels, FIRST_RETRY_SECONDS],
  );
  return row ?? null;
}

/**
 * The error's own words, clipped: an SMTP reply, never the message. Mail servers quote the recipient
 * ("550 <jane@example.org>: unknown user"), and the log must never carry a full contact, so addresses and
 * long digit runs are blanked out first.
 */
export function describeDeliveryError(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text
    .replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[address]")
    // A phone number has at least 8 digits; SMTP status codes ("550 5.1.1") have fewer.
    .replace(/\+?\d[\d\s().-]{6,}\d/g, (run) => (run.replace(/\D/g, "").length >= 8 ? "[number]" : run))
    .slice(0, 500);
}
const describe = describeDeliveryError;

async function send(database: Database, message: ClaimedMessage): Promise<void> {
  if (message.channel === "webhook") {
    await sendWebhook(database, message.recipient);
    return;
  }
  if (message.channel === "backchannel_logout") {
    await sendBackchannelLogout(database, message.recipient, message.body);
    return;
  }
  if (message.channel === "sms") {
    const sms = smsTransport();
    if (!sms) throw new Error("no SMS gateway is configured");
    await sms.send({ to: message.recipient, body: message.body });
    return;
  }
  const server = await currentMailServer(database);
  if (!server) throw new Error("no SMTP server is configured");
  // The church's sender name (/admin/settings) on the mail server's address; an address written with a name of its own keeps it.
  const { from } = server;
  const { BASE_URL } = env();
  const church = await readChurch(database);
  const sender = from.includes("<") ? from : { name: church.emailSenderName, address: from };
  // The stored text as the plain part, and the same words in the church's template as the HTML part (lib/email).
  // The text is the message: should the HTML fail (react-dom/server refuses to load under the react-server
  // condition the `tsx` scripts run with, `npm run outbox:deliver` among them), the text still goes.
  const subject = message.subject ?? "";
  const html = await renderEmail({ subject, body: message.body, locale: appLocaleOf(message.locale) }, church, BASE_URL).then(
    (rendered) => rendered.html,
    (error: unknown) => {
      logLine("warn", "outbox: email sent as plain text only, its HTML could not be made", { messageId: message.id, error: describe(error) });
      return undefined;
    },
  );
  await transportFor(server).sendMail({ from: sender, to: message.recipient, subject, text: message.body, ...(html !== undefined && { html }) });
}

/** Nodemailer's error when the server answered RCPT TO with a permanent (5xx) refusal, e.g. 550 no such mailbox. */
function isRecipientRefused(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as { code?: unknown; responseCode?: unknown };
  return code === "EENVELOPE" && typeof responseCode === "number" && responseCode >= 500 && responseCode < 600;
}

async function deliverOne(database: Database, id: string, channels: readonly OutboxChannel[]): Promise<boolean> {
  const message = await claim(database, id, channels);
  if (!message) return false;
  try {
    await send(database, message);
    await database.prisma.outboxMessage.update({ where: { id }, data: { sentAt: new Date(), lastError: null }, select: { id: true } });
    return true;
  } catch (error) {
    // An address the mail server refuses for good is not tried again: the message is given up at once (an
    // invitation then shows as bounced). Anything else (a server down, a wrong password) is retried.
    const refused = message.channel === "email" && isRecipientRefused(error);
    await database.prisma.outboxMessage.update({ where: { id }, data: { lastError: describe(error), ...(refused && { attempts: MAX_DELIVERY_ATTEMPTS }) }, select: { id: true } });
    if (refused) logLine("warn", "outbox: the mail server refused the recipient (given up)", { messageId: id, error: describe(error) });
    else logLine("error", "outbox: delivery failed (attempt recorded)", { messageId: id, error: describe(error) });
    return false;
  }
}

/** Tries to deliver these messages now; answers how many were sent. */
export async function deliverMessages(database: Database, ids: readonly string[]): Promise<number> {
  const channels = await deliverableChannels(database);
  let sent = 0;
  for (const id of ids) {
    try {
      if (await deliverOne(database, id, channels)) sent += 1;
    } catch (error) {
      logLine("error", "outbox: could not record the delivery", { messageId: id, error: describe(error) });
    }
  }
  return sent;
}

/**
 * Starts delivery of messages just committed, without making the request wait for SMTP or the SMS
 * gateway: a slow or failing provider must not slow a sign-in down, and the response time must not tell
 * whether a message was sent (which would reveal whether an account exists). On a transaction's handle (a
 * staff write runs inside one with its audit entry) delivery waits for the outermost commit, and never
 * happens on a rollback: a message must not go out about a change that did not happen.
 */
export function deliverAfterCommit(database: Database, ids: readonly string[]): void {
  if (ids.length === 0) return;
  database.afterCommit((committed) => {
    void deliverMessages(committed, ids).catch((error: unknown) => logLine("error", "outbox: delivery failed", { error: describe(error) }));
  });
}

/**
 * Retries unsent messages whose back-off has passed, oldest first: the `deliver-outbox` scheduled job. Two
 * runners at once are safe: a claim moves `next_attempt_at`, so only one of them sends a message.
 */
export async function deliverPendingMessages(database: Database, limit = 50): Promise<number> {
  const channels = await deliverableChannels(database);
  const rows = await database.prisma.outboxMessage.findMany({
    where: { channel: { in: channels }, sentAt: null, attempts: { lt: MAX_DELIVERY_ATTEMPTS }, OR: [{ nextAttemptAt: null }, { nextAttemptAt: { lte: new Date() } }] },
    orderBy: { createdAt: "asc" },
    take: limit,
    select: { id: true },
  });
  return deliverMessages(database, rows.map((row) => row.id));
}
