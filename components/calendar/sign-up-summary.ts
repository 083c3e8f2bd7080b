import type { RegistrationSummary } from "@/lib/registrations/schemas";
import { placesWords, type CountWords } from "./count-words";

/**
 * An event's sign-up in one line for its page ("12 of 40 places left.", "Full: all 40 places are taken · 3 on
 * the waitlist. You can join the waitlist."), the same on the server (for everyone) and in the browser (after
 * the member signs up). The places are said as every page says them (`placesWords`). Times are in the event's
 * own time zone, named, as its date and time are on the page; words and dates in the page's language (issue
 * 41): `SignUpWords` carries the translators of "Calendar.signUp" and "Calendar.counts" and the locale
 * (useSignUpWords in the browser; the event page builds its own on the server).
 */
// i18n-namespace: Calendar.signUp

/** The words of "Calendar.signUp" these need: `useTranslations("Calendar.signUp")` is one. */
export type SignUpSentenceWords = (key: "notYet" | "closed" | "off" | "canJoinWaitlist" | "opens" | "closes" | "places", values?: Record<string, string>) => string;

export interface SignUpWords {
  t: SignUpSentenceWords;
  counts: CountWords;
  /** The page's language, as next-intl gives it ("en", "es"). */
  locale: string;
}

export function signUpSummary(words: SignUpWords, summary: RegistrationSummary, timeZone: string): string {
  const { t, counts, locale } = words;
  // A 12-hour clock in every language, as the event's own times are written (event-date.tsx).
  const format = new Intl.DateTimeFormat(locale, { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", hour12: true, timeZone, timeZoneName: "short" });
  const when = (iso: string) => format.format(new Date(iso));
  if (summary.state === "not_yet") return summary.opens_at ? t("opens", { when: when(summary.opens_at) }) : t("notYet");
  if (summary.state === "closed") return t("closed");
  if (summary.state === "off") return t("off");
  const full = summary.spaces_left !== null && summary.spaces_left <= 0;
  const sentences = [t("places", { places: placesWords(counts, summary) })];
  if (full && summary.waitlist) sentences.push(t("canJoinWaitlist"));
  if (summary.closes_at) sentences.push(t("closes", { when: when(summary.closes_at) }));
  return sentences.join(" ");
}

/** Whether someone may sign up now and get something: sign-up open, and a place left or a waitlist to join. */
export function canSignUp(summary: RegistrationSummary): boolean {
  return summary.state === "open" && (summary.spaces_left === null || summary.spaces_left > 0 || summary.waitlist);
}

/** What signing up now gives, by the key of its button's words ("Sign up", "Join the waitlist"): a place, a place in line, or nothing (null). */
export function signUpAction(summary: RegistrationSummary): "signUp" | "joinWaitlist" | null {
  if (!canSignUp(summary)) return null;
  return summary.spaces_left !== null && summary.spaces_left <= 0 ? "joinWaitlist" : "signUp";
}

/** The sign-up in a few words for the top of the page: the places while it is open ("3 of 20 places left."), else why not. */
export function signUpHeadline(words: SignUpWords, summary: RegistrationSummary, timeZone: string): string {
  return summary.state === "open" ? words.t("places", { places: placesWords(words.counts, summary) }) : signUpSummary(words, summary, timeZone);
}
