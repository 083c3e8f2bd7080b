import type { RegistrationSummary } from "@/lib/registrations/schemas";

/**
 * An event's sign-up in one line for its page ("12 of 40 places left", "Full · 3 on the waitlist"), the
 * same on the server (for everyone) and in the browser (after the member signs up). Times are in the
 * event's own time zone, named, as its date and time are on the page.
 */
export function signUpSummary(summary: RegistrationSummary, timeZone: string): string {
  const format = new Intl.DateTimeFormat("en-US", { weekday: "short", month: "short", day: "numeric", hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" });
  const when = (iso: string) => format.format(new Date(iso));
  if (summary.state === "not_yet") return summary.opens_at ? `Sign-up opens ${when(summary.opens_at)}.` : "Sign-up is not open yet.";
  if (summary.state === "closed") return "Sign-up has closed.";
  if (summary.state === "off") return "This event does not take sign-up here.";
  const places =
    summary.spaces_left === null
      ? "Places are open to everyone."
      : summary.spaces_left > 0
        ? `${summary.spaces_left} of ${summary.capacity} ${summary.capacity === 1 ? "place" : "places"} left.`
        : summary.waitlist
          ? `Full${summary.waitlisted > 0 ? ` · ${summary.waitlisted} on the waitlist` : ""}. You can join the waitlist.`
          : "Full.";
  return summary.closes_at ? `${places} Sign-up closes ${when(summary.closes_at)}.` : places;
}
