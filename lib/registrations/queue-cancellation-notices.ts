import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { Database } from "../db/database.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import { eventCancelledEmail } from "./registration-messages.ts";

/**
 * When staff cancel an event, everyone signed up or waiting for it is told by email through the outbox, in
 * the cancellation's own transaction (docs/decisions/0027). Each person's notice goes to them, or to whoever
 * signed them up when they have no address of their own (a child), as on a waitlist promotion; one email per
 * recipient names everyone of theirs. The caller writes this only on the change to CANCELLED, so cancelling
 * again tells nobody twice. Answers the outbox message ids (delivered after the commit).
 */
export async function queueCancellationNotices(tx: Database, eventId: string): Promise<string[]> {
  const rows = await tx.query<{ person_email: string | null; person_name: string; person_locale: string | null; signer_email: string | null; signer_name: string | null; signer_locale: string | null; status: string }>(
    `SELECT p.email AS person_email, p.given_name AS person_name, p.locale AS person_locale, s.email AS signer_email, s.given_name AS signer_name, s.locale AS signer_locale, r.status
       FROM event_registration r
       JOIN account p ON p.id = r.person_id
       LEFT JOIN account s ON s.id = r.registered_by
      WHERE r.event_id = $1 AND r.status IN ('registered', 'waitlisted')
      ORDER BY r.seq`,
    [eventId],
  );
  if (rows.length === 0) return [];
  const [event] = await tx.query<{ title: string; slug: string; start_at: Date; timezone: string }>(`SELECT title, slug, start_at, timezone FROM event WHERE id = $1`, [eventId]);
  if (!event) return [];
  const byRecipient = new Map<string, { name: string; locale: string | null; self: boolean; others: string[] }>();
  for (const row of rows) {
    const own = row.person_email !== null;
    const email = own ? row.person_email : row.signer_email;
    if (!email) continue;
    const entry = byRecipient.get(email.toLowerCase()) ?? { name: own ? row.person_name : (row.signer_name ?? row.person_name), locale: own ? row.person_locale : row.signer_locale, self: false, others: [] };
    if (own) entry.self = true;
    else entry.others.push(row.person_name);
    byRecipient.set(email.toLowerCase(), entry);
  }
  const ids: string[] = [];
  for (const [email, entry] of byRecipient) {
    ids.push(await enqueueMessage(tx, eventCancelledEmail(email, { recipientName: entry.name, self: entry.self, others: entry.others, title: event.title, startAt: new Date(event.start_at), timezone: event.timezone, slug: event.slug }, await recipientLocale(tx, entry.locale))));
  }
  return ids;
}
