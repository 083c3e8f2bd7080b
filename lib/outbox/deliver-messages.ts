import "server-only";
import { db, sql } from "../db.ts";
import { env } from "../env.ts";
import { mailTransport } from "./mail-transport.ts";

/**
 * Delivers outbox email over SMTP. Never throws into a request: a failure is written to the row
 * (`attempts`, `last_error`) and the message stays unsent for a later retry. SMS has no provider yet, so
 * SMS rows stay in the table. Nothing here logs a message body or subject (they carry codes).
 */
export const MAX_DELIVERY_ATTEMPTS = 5;

interface ClaimedMessage {
  id: string;
  recipient: string;
  subject: string | null;
  body: string;
}

/** Counts the attempt before sending, so a crash mid-send still uses one of the message's attempts. */
async function claim(id: string): Promise<ClaimedMessage | null> {
  const [row] = await sql<ClaimedMessage>(
    `UPDATE outbox_message SET attempts = attempts + 1
      WHERE id = $1 AND channel = 'email' AND sent_at IS NULL AND attempts < $2
      RETURNING id, recipient, subject, body`,
    [id, MAX_DELIVERY_ATTEMPTS],
  );
  return row ?? null;
}

/** The error's own words, clipped: an SMTP reply, never the message. */
function describe(error: unknown): string {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return text.slice(0, 500);
}

async function deliverOne(id: string): Promise<boolean> {
  const transport = mailTransport();
  if (!transport) return false;
  const message = await claim(id);
  if (!message) return false;
  const prisma = await db();
  try {
    await transport.sendMail({
      from: env().SMTP_FROM,
      to: message.recipient,
      subject: message.subject ?? "",
      text: message.body,
    });
    await prisma.outboxMessage.update({ where: { id }, data: { sentAt: new Date(), lastError: null }, select: { id: true } });
    return true;
  } catch (error) {
    await prisma.outboxMessage.update({ where: { id }, data: { lastError: describe(error) }, select: { id: true } });
    console.error(`[outbox] delivery of message ${id} failed (attempt recorded): ${describe(error)}`);
    return false;
  }
}

/** Tries to deliver these messages now; answers how many were sent. */
export async function deliverMessages(ids: readonly string[]): Promise<number> {
  if (!mailTransport()) return 0;
  let sent = 0;
  for (const id of ids) {
    try {
      if (await deliverOne(id)) sent += 1;
    } catch (error) {
      console.error(`[outbox] could not record the delivery of message ${id}: ${describe(error)}`);
    }
  }
  return sent;
}

/**
 * Starts delivery of messages just committed, without making the request wait for SMTP: a slow or
 * failing mail server must not slow a sign-in down, and the response time must not tell whether an email
 * was sent (which would reveal whether an account exists).
 */
export function deliverAfterCommit(ids: readonly string[]): void {
  if (ids.length === 0 || !mailTransport()) return;
  void deliverMessages(ids).catch((error: unknown) => console.error(`[outbox] delivery failed: ${describe(error)}`));
}

/**
 * Retries unsent email, oldest first: for a periodic job or command. Run it from one process at a time
 * (two runners could both send a message claimed between their reads).
 */
export async function deliverPendingMessages(limit = 50): Promise<number> {
  if (!mailTransport()) return 0;
  const rows = await sql<{ id: string }>(
    `SELECT id FROM outbox_message
      WHERE channel = 'email' AND sent_at IS NULL AND attempts < $1
      ORDER BY created_at LIMIT $2`,
    [MAX_DELIVERY_ATTEMPTS, limit],
  );
  return deliverMessages(rows.map((row) => row.id));
}
