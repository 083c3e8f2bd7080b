"use client";

import Link from "next/link";
import { EventDateShort } from "@/components/calendar/event-date";
import { useSchedule } from "@/components/calendar/schedule-queries";
import { Card, CardList, Meta, QueryStates, Section } from "@/components/ui/section";
import { useMyFamily } from "../family/family-queries";
import { useMyMembership } from "../membership/membership-queries";
import { useProfile } from "../profile/profile-queries";
import { usePasskeys } from "../security/passkeys-queries";
import { nextSteps, type AccountFacts } from "./next-steps-rules";

/** How many of the household's next sign-ups the overview shows; the schedule has them all. */
const COMING_UP = 3;

/**
 * The account's first page, under the member's details: the next steps that apply to them (each read from
 * what the account holds, and left out while that is unknown) and what their household is signed up for next.
 */
export function AccountOverview() {
  return (
    <>
      <NextStepsSection />
      <ComingUpSection />
    </>
  );
}

function useAccountFacts(): AccountFacts {
  const family = useMyFamily();
  const membership = useMyMembership();
  const profile = useProfile();
  const passkeys = usePasskeys();
  return {
    inHousehold: family.data === undefined ? null : family.data !== null,
    membershipLinkedOrAsked: membership.data ? membership.data.membership !== null || membership.data.requests.length > 0 : null,
    phoneVerified: profile.data?.phone_number_verified ?? null,
    passkeys: passkeys.data ? passkeys.data.passkeys.length : null,
  };
}

function NextStepsSection() {
  const steps = nextSteps(useAccountFacts());
  if (steps.length === 0) return null;
  return (
    <Section id="next-steps-title" title="Next steps" description="A few things that make Sundays easier. Each takes a minute or two.">
      <CardList>
        {steps.map((step) => (
          <Card key={step.id} as="li" title={step.title}>
            <p>{step.why}</p>
            <p>
              <Link className="button" href={step.href}>
                {step.action}
              </Link>
            </p>
          </Card>
        ))}
      </CardList>
    </Section>
  );
}

function ComingUpSection() {
  const schedule = useSchedule();
  return (
    <Section id="coming-up-title" title="Coming up" action={<Link href="/calendar/mine">Your schedule</Link>}>
      <QueryStates
        query={schedule}
        what="your sign-ups"
        empty={({ registered }) =>
          registered.length === 0 ? (
            <p className="muted">
              Nobody in your household is signed up for an upcoming event. <Link href="/calendar">Find an event</Link>
            </p>
          ) : null
        }
      >
        {({ registered }) => (
          <CardList>
            {registered.slice(0, COMING_UP).map(({ event, registrations }) => (
              <Card key={event.eventId} as="li" title={<Link href={event.url}>{event.title}</Link>}>
                <Meta>
                  <EventDateShort event={event} />
                  {event.location ? ` · ${event.location.name}` : ""}
                </Meta>
                <p>{registrations.map((registration) => registration.given_name).join(", ")}</p>
              </Card>
            ))}
          </CardList>
        )}
      </QueryStates>
    </Section>
  );
}
