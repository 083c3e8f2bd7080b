import "server-only";
import { email, link } from "../accounts/account-messages.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";


/** To whoever signed a waitlisted person up (or the person): a place came free and is theirs now. */
export function placeFreedEmail(to: string, input: { recipientName: string; personName: string; self: boolean; title: string; startAt: Date; timezone: string; slug: string }): OutgoingMessage {
  const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: input.timezone }).format(input.startAt);
  const who = input.self ? "You have" : `${input.personName} has`;
  return email(to, `A place at ${input.title}`, [
    `Hello ${input.recipientName},`,
    "",
    `${who} a place at ${input.title} on ${when}: someone cancelled, and the waitlist moved up.`,
    "",
    `The event: ${link(`/calendar/${input.slug}`)}`,
    "If you can no longer come, cancel on that page so the next person on the waitlist gets the place.",
  ]);
}

