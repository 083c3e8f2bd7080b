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


/** To everyone signed up or waiting for an event staff cancelled (or whoever signed them up): it will not take place. */
export function eventCancelledEmail(to: string, input: { recipientName: string; self: boolean; others: string[]; title: string; startAt: Date; timezone: string; slug: string }): OutgoingMessage {
  const when = new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "short", timeZone: input.timezone }).format(input.startAt);
  const people = [...(input.self ? ["yourself"] : []), ...input.others];
  const who = people.length === 1 ? people[0]! : `${people.slice(0, -1).join(", ")} and ${people.at(-1)!}`;
  const signedUp = input.others.length === 0 ? "You signed up for it" : `You signed ${who} up for it`;
  return email(to, `Cancelled: ${input.title}`, [
    `Hello ${input.recipientName},`,
    "",
    `${input.title} on ${when} has been cancelled, so it will not take place. ${signedUp}; there is nothing you need to do.`,
    "",
    `The event: ${link(`/calendar/${input.slug}`)}`,
  ]);
}
