"use client";

import { useTranslations } from "next-intl";
import type { RegistrationSummary } from "@/lib/registrations/schemas";
import { useEventRegistration } from "./registration-queries";
import { signUpAction, signUpHeadline } from "./sign-up-summary";
import { useSignUpWords } from "./use-sign-up-words";

/**
 * The sign-up near the top of an event's page, under its title and date (issue 38, item 7: on a phone the
 * sign-up itself sits below the description): the places in a line, and a link down to the sign-up
 * section (`#sign-up`), where focus and the reading order go on. For a signed-in member it reads the same
 * query as the section, so both say the same count after a sign-up; the server's summary stands in until
 * then, so nothing moves while it loads. Words: "Calendar.signUp" and "Calendar.counts".
 */
export function SignUpLead({ eventId, timeZone, initial, className, actionsClassName }: { eventId: string; timeZone: string; initial: RegistrationSummary; className?: string; actionsClassName?: string }) {
  const t = useTranslations("Calendar.signUp");
  const words = useSignUpWords();
  const view = useEventRegistration(eventId);
  const summary = view.data?.summary ?? initial;
  const people = view.data?.people ?? [];
  const everyoneIn = people.length > 0 && people.every((person) => person.registration);
  const someoneIn = people.some((person) => person.registration);
  // i18n-uses: Calendar.signUp.seeYours
  const action = (!everyoneIn ? signUpAction(summary) : null) ?? (someoneIn ? "seeYours" : null);
  return (
    <>
      <p className={className}>{signUpHeadline(words, summary, timeZone)}</p>
      {action ? (
        <p className={actionsClassName}>
          <a href="#sign-up" className="button button--primary">
            {t(action)}
          </a>
        </p>
      ) : null}
    </>
  );
}
