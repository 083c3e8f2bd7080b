import type { RegistrationSummary } from "@/lib/registrations/schemas";
import { placesWords } from "./count-words";

/**
 * An event's sign-up in one line for its page ("12 of 40 places left.", "Full: all 40 places are taken · 3 on
 * the waitlist. You can join the waitlist."), the same on the server (for everyone) and in the browser (after
 * the member signs up). The places are said as every page says them (`placesWords`). Times are in the event's
 * own time zone, named, as its date and time are on the page.
 */
export function signUpSummary(summary: RegistrationSummary, timeZone: string): string {
  const format = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" });
  const when = (iso: string) => format.format(new Date(iso));
  if (summary.state === "not_yet") return summary.opens_at ? `Sign-up opens ${when(summary.opens_at)}.` : "Sign-up is not open yet.";
  if (summary.state === "closed") return "Sign-up has closed.";
  if (summary.state === "off") return "This event does not take sign-up here.";
  const full = summary.spaces_left !== null && summary.spaces_left <= 0;
  const places = `${placesWords(summary)}.${full && summary.waitlist ? " You can join the waitlist." : ""}`;
  return summary.closes_at ? `${places} Sign-up closes ${when(summary.closes_at)}.` : places;
}

/** Whether someone may sign up now and get something: sign-up open, and a place left or a waitlist to join. */
export function canSignUp(summary: RegistrationSummary): boolean {
  return summary.state === "open" && (summary.spaces_left === null || summary.spaces_left > 0 || summary.waitlist);
}

/** What signing up now gives, in the words of its button: a place, a place in line, or nothing (null). */
export function signUpAction(summary: RegistrationSummary): "Sign up" | "Join the waitlist" | null {
  if (!canSignUp(summary)) return null;
  return summary.spaces_left !== null && summary.spaces_left <= 0 ? "Join the waitlist" : "Sign up";
}

/** The sign-up in a few words for the top of the page: the places while it is open ("3 of 20 places left."), else why not. */
export function signUpHeadline(summary: RegistrationSummary, timeZone: string): string {
  return summary.state === "open" ? `${placesWords(summary)}.` : signUpSummary(summary, timeZone);
}
