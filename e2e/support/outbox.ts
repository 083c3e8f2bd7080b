/**
 * The outbox as tests read it: straight from the test database (no SMTP in tests), so a spec can pick up
 * the code an email carried, or check that no email was written.
 */
import { sql } from "./database.ts";

export interface OutboxRow {
  id: string;
  channel: string;
  recipient: string;
  subject: string | null;
  body: string;
  created_at: Date;
}

/** Every message written to this address, oldest first. */
export async function messagesTo(recipient: string): Promise<OutboxRow[]> {
  return sql<OutboxRow>(
    `SELECT id, channel, recipient, subject, body, created_at FROM outbox_message WHERE recipient = $1 ORDER BY created_at, id`,
    [recipient],
  );
}

/** The newest message to this address; fails the test when there is none. */
export async function latestMessageTo(recipient: string): Promise<OutboxRow> {
  const messages = await messagesTo(recipient);
  const latest = messages.at(-1);
  if (!latest) throw new Error(`no message was written to ${recipient}`);
  return latest;
}

/** The 6-digit code in the newest message to this address. */
export async function latestCodeFor(recipient: string): Promise<string> {
  const message = await latestMessageTo(recipient);
  const code = /\b(\d{6})\b/.exec(message.body)?.[1];
  if (!code) throw new Error(`the newest message to ${recipient} ("${message.subject}") carries no 6-digit code`);
  return code;
}

/** A 6-digit code that is not `code` (to type a wrong one on purpose). */
export function wrongCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, "0");
}
