import "server-only";
import { email, emailDateLocale, emailWords, link } from "../accounts/account-messages.ts";
import type { AppLocale } from "../kernel/locales.ts";
import type { OutgoingMessage } from "../outbox/enqueue-message.ts";


// i18n-namespace: Email

function eventWhen(locale: AppLocale, startAt: Date, timezone: string): string {
  return new Intl.DateTimeFormat(emailDateLocale(locale), { dateStyle: "full", timeStyle: "short", timeZone: timezone }).format(startAt);
}

/** To whoever signed a waitlisted person up (or the person): a place came free and is theirs now. */
export function placeFreedEmail(
  to: string,
  input: { recipientName: string; personName: string; self: boolean; title: string; startAt: Date; timezone: string; slug: string },
  locale: AppLocale,
): OutgoingMessage {
  const t = emailWords(locale);
  const when = eventWhen(locale, input.startAt, input.timezone);
  return email(
    to,
    t("placeFreed.subject", { title: input.title }),
    [
      t("hello", { name: input.recipientName }),
      "",
      t("placeFreed.place", { self: input.self ? "yes" : "no", person: input.personName, title: input.title, when }),
      "",
      t("placeFreed.event", { link: link(`/calendar/${input.slug}`) }),
      t("placeFreed.cantCome"),
    ],
    locale,
  );
}

/** To everyone signed up or waiting for an event staff cancelled (or whoever signed them up): it will not take place. */
export function eventCancelledEmail(
  to: string,
  input: { recipientName: string; self: boolean; others: string[]; title: string; startAt: Date; timezone: string; slug: string },
  locale: AppLocale,
): OutgoingMessage {
  const t = emailWords(locale);
  const when = eventWhen(locale, input.startAt, input.timezone);
  const who = new Intl.ListFormat(emailDateLocale(locale), { type: "conjunction" }).format([...(input.self ? [t("eventCancelled.yourself")] : []), ...input.others]);
  return email(
    to,
    t("eventCancelled.subject", { title: input.title }),
    [
      t("hello", { name: input.recipientName }),
      "",
      t("eventCancelled.cancelled", { title: input.title, when, others: input.others.length === 0 ? "none" : "some", who }),
      "",
      t("eventCancelled.event", { link: link(`/calendar/${input.slug}`) }),
    ],
    locale,
  );
}
