import "server-only";
import { recipientLocale } from "../accounts/recipient-locale.ts";
import type { Database } from "../db/database.ts";
import { enqueueMessage } from "../outbox/enqueue-message.ts";
import type { RegistrationEvent } from "./registration-event.ts";
import { placeFreedEmail } from "./registration-messages.ts";

/**
 * Gives the places that are free to the first on the waitlist, in order, and writes each their email in
 * the same transaction (the caller holds the event's row lock and delivers after the commit). Answers the
 * outbox message ids. The email goes to the person, or to whoever signed them up when they have no address
 * of their own (a child).
 */
export async function promoteWaitlisted(tx: Database, event: RegistrationEvent, now: Date): Promise<string[]> {
  const free = event.capacity === null ? null : event.capacity - event.registered;
  if (event.waitlisted === 0 || (free !== null && free <= 0)) return [];
  const promoted = await tx.query<{ person_id: string; registered_by: string | null }>(
    `UPDATE event_registration SET status = 'registered', promoted_at = $2
      WHERE id IN (SELECT id FROM event_registration WHERE event_id = $1 AND status = 'waitlisted' ORDER BY seq LIMIT $3)
      RETURNING person_id::text AS person_id, registered_by::text AS registered_by`,
    [event.id, now, free ?? event.waitlisted],
  );
  const [timing] = await tx.query<{ timezone: string }>(`SELECT timezone FROM event WHERE id = $1`, [event.id]);
  const ids: string[] = [];
  for (const row of promoted) {
    const [person] = await tx.query<{ email: string | null; given_name: string; locale: string | null }>(`SELECT email, given_name, locale FROM account WHERE id = $1::uuid`, [row.person_id]);
    const [signer] = row.registered_by ? await tx.query<{ email: string | null; given_name: string; locale: string | null }>(`SELECT email, given_name, locale FROM account WHERE id = $1::uuid`, [row.registered_by]) : [];
    const recipient = person?.email ? person : signer?.email ? signer : null;
    if (!person || !recipient?.email) continue;
    const message = placeFreedEmail(recipient.email, {
      recipientName: recipient.given_name,
      personName: person.given_name,
      self: recipient === person,
      title: event.title,
      startAt: new Date(event.start_at),
      timezone: timing?.timezone ?? "UTC",
      slug: event.slug,
    }, await recipientLocale(tx, recipient.locale));
    ids.push(await enqueueMessage(tx, message));
  }
  return ids;
}
