"use client";

import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
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
  const t = useTranslations("AccountOverview");
  const steps = nextSteps(useAccountFacts());
  if (steps.length === 0) return null;
  return (
    <Section id="next-steps-title" title={t("nextSteps.title")} description={t("nextSteps.description")}>
      <CardList>
        {steps.map((step) => (
          <Card key={step.id} as="li" title={t(`steps.${step.id}.title`)}>
            <p>{t(`steps.${step.id}.why`)}</p>
            <p>
              <Link className="button" href={step.href}>
                {t(`steps.${step.id}.action`)}
              </Link>
            </p>
          </Card>
        ))}
      </CardList>
    </Section>
  );
}

function ComingUpSection() {
  const t = useTranslations("AccountOverview");
  const format = useFormatter();
  const schedule = useSchedule();
  return (
    <Section id="coming-up-title" title={t("comingUp.title")} action={<Link href="/calendar/mine">{t("comingUp.schedule")}</Link>}>
      <QueryStates
        query={schedule}
        loading={t("comingUp.loading")}
        failure={t("comingUp.loadFailed")}
        empty={({ registered }) =>
          registered.length === 0 ? (
            <p className="muted">{t.rich("comingUp.empty", { link: (chunks) => <Link href="/calendar">{chunks}</Link> })}</p>
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
                {/* A list in the page's language: English "Ana, Luis, Eva" as before, Spanish "Ana, Luis y Eva". */}
                <p>{format.list(registrations.map((registration) => registration.given_name), { type: "unit" })}</p>
              </Card>
            ))}
          </CardList>
        )}
      </QueryStates>
    </Section>
  );
}
