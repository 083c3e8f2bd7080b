"use client";

import Link from "next/link";
import { LocalDate, LocalDateTime } from "@/components/account/local-time";
import { birthDateWords } from "@/components/account/family/children-section";
import { Actions, Fact, Facts, Meta, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { formatPhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import type { AdminUserDetail, AdminUserParticipation } from "@/lib/users/staff-schemas";
import styles from "./admin.module.css";
import { useHousehold } from "./households-queries";
import { recordHref } from "./membership-records-list";
import { usePersonParticipation } from "./people-queries";

/**
 * What makes one person's page the one place the office looks (issue 38, "one person, one page"): their
 * household with everyone in it, who may collect a child, their register record, their sign-ups and their
 * check-ins, each linking to its own page and back here. A part the staff member's permissions do not reach
 * says which permission it needs instead.
 */

export const personHref = (id: string) => `/admin/people/${encodeURIComponent(id)}`;
export const householdHref = (id: string) => `/admin/households/${encodeURIComponent(id)}`;
const eventHref = (id: string) => `/admin/events/${encodeURIComponent(id)}`;

const notShown = (what: string, permission: string) => (
  <p className="muted">
    {what} are not shown to your account (it needs the permission {permission}).
  </p>
);

export function HouseholdSection({ detail }: { detail: AdminUserDetail }) {
  const household = detail.household;
  return (
    <Section id="person-household-title" title="Household">
      {household === undefined ? (
        notShown("Households", "families:read")
      ) : household === null ? (
        <p className="muted">Not in a household.</p>
      ) : (
        <HouseholdMembers householdId={household.id} personId={detail.id} role={household.role} name={household.name} />
      )}
    </Section>
  );
}

function HouseholdMembers({ householdId, personId, role, name }: { householdId: string; personId: string; role: "adult" | "child"; name: string }) {
  const household = useHousehold(householdId);
  return (
    <>
      <p>
        {role === "adult" ? "An adult" : "A child"} of <Link href={householdHref(householdId)}>{name}</Link>.
      </p>
      <QueryStates query={household} loading="Loading the household…" failure="We couldn’t load the household">
        {(loaded) => (
          <RowList label={`Everyone in ${loaded.name}`}>
            {loaded.members.map((member) => (
              <Row key={member.user_id} spread>
                <span>
                  {member.user_id === personId ? (
                    <strong>
                      {member.given_name} {member.family_name} (this person)
                    </strong>
                  ) : (
                    <Link href={personHref(member.user_id)}>
                      {member.given_name} {member.family_name}
                    </Link>
                  )}
                  {member.role === "child" && member.notes ? <Meta>Notes: {member.notes}</Meta> : null}
                </span>
                <span className="muted">
                  {member.role === "adult" ? "Adult" : member.birth_date ? `Child, born ${birthDateWords(member.birth_date)}` : "Child"}
                </span>
              </Row>
            ))}
          </RowList>
        )}
      </QueryStates>
      <Actions>
        <Link href={householdHref(householdId)} className="button">
          Open the household<span className="visually-hidden"> {name}</span>
        </Link>
      </Actions>
    </>
  );
}

export function MembershipSection({ detail }: { detail: AdminUserDetail }) {
  const record = detail.membership_record;
  return (
    <Section id="person-membership-title" title="Membership record">
      {record === undefined ? (
        notShown("Register records", "membership:read")
      ) : record === null ? (
        <p className="muted">No record of the church’s register is linked to this account.</p>
      ) : (
        <>
          <Facts>
            <Fact term="Name on the record">
              {record.given_name} {record.family_name}
            </Fact>
            <Fact term="Birth date">{record.birth_date ?? "Not known"}</Fact>
            <Fact term="Campus">{record.campus?.name ?? "None"}</Fact>
            <Fact term="Linked">{record.linked_at ? <LocalDate iso={record.linked_at} /> : "Yes"}</Fact>
          </Facts>
          <Actions>
            <Link href={recordHref(record.membership_id)} className="button">
              Open the record<span className="visually-hidden"> of {record.given_name} {record.family_name}</span>
            </Link>
          </Actions>
        </>
      )}
    </Section>
  );
}

/** Sign-ups, check-ins and (for a child) the pickup list: one request, each part as far as the staff member may read. */
export function ChurchLifeSections({ detail, name, country }: { detail: AdminUserDetail; name: string; country: PhoneCountry }) {
  const participation = usePersonParticipation(detail.id);
  const child = detail.household?.role === "child";
  return (
    <QueryStates query={participation} loading="Loading sign-ups and check-ins…" failure="We couldn’t load sign-ups and check-ins">
      {(loaded) => (
        <>
          {child ? <PickupSection pickup={loaded.pickup} name={name} country={country} /> : null}
          <SignUpsSection signUps={loaded.sign_ups} />
          <CheckInsSection checkIns={loaded.check_ins} />
        </>
      )}
    </QueryStates>
  );
}

function PickupSection({ pickup, name, country }: { pickup: AdminUserParticipation["pickup"]; name: string; country: PhoneCountry }) {
  return (
    <Section id="person-pickup-title" title="Who may collect them" description={`Checked at the kiosk when ${name} is picked up. The household’s adults change it on their Family page.`}>
      {pickup === undefined ? (
        notShown("Pickup lists", "families:read")
      ) : pickup === null ? (
        <p className="muted">No pickup list.</p>
      ) : (
        <RowList label={`Who may collect ${name}`}>
          {pickup.household_adults.map((adult) => (
            <Row key={adult.user_id} spread>
              <Link href={personHref(adult.user_id)}>{adult.name}</Link>
              {adult.authorized ? <span>Household adult: may collect</span> : <span className="badge badge--cancelled">May NOT collect</span>}
            </Row>
          ))}
          {pickup.people
            .filter((person) => person.user_id === null)
            .map((person) => (
              <Row key={person.id} spread>
                <span>
                  {person.name}
                  {person.relation ? <span className="muted"> ({person.relation})</span> : null}
                  {person.phone ? <Meta>{formatPhoneNumber(person.phone, country)}</Meta> : null}
                </span>
                {person.kind === "authorized" ? <span>May collect</span> : <span className="badge badge--cancelled">May NOT collect</span>}
              </Row>
            ))}
        </RowList>
      )}
    </Section>
  );
}

const SIGN_UP_WORDS = { registered: "Signed up", waitlisted: "On the waitlist", cancelled: "Cancelled" } as const;

function SignUpsSection({ signUps }: { signUps: AdminUserParticipation["sign_ups"] }) {
  return (
    <Section id="person-sign-ups-title" title="Sign-ups" description={signUps && signUps.length > 0 ? "The newest event first." : undefined}>
      {signUps === undefined ? (
        notShown("Sign-ups", "events:read")
      ) : signUps.length === 0 ? (
        <p className="muted">No sign-ups.</p>
      ) : (
        <RowList label="Sign-ups, newest event first">
          {signUps.map((signUp) => (
            <Row key={signUp.id} spread>
              <span>
                <Link href={eventHref(signUp.event_id)}>{signUp.event_title}</Link>
                <Meta>
                  <LocalDateTime iso={signUp.event_start_at} />
                </Meta>
              </span>
              <span className={signUp.status === "cancelled" ? "badge badge--muted" : "badge"}>
                {SIGN_UP_WORDS[signUp.status]}
                {signUp.status === "waitlisted" && signUp.waitlist_position ? ` (number ${signUp.waitlist_position})` : ""}
              </span>
            </Row>
          ))}
        </RowList>
      )}
    </Section>
  );
}

function CheckInsSection({ checkIns }: { checkIns: AdminUserParticipation["check_ins"] }) {
  return (
    <Section id="person-check-ins-title" title="Attendance" description={checkIns && checkIns.length > 0 ? "Check-ins, newest first." : undefined}>
      {checkIns === undefined ? (
        notShown("Check-ins", "attendance:read")
      ) : checkIns.length === 0 ? (
        <p className="muted">Never checked in.</p>
      ) : (
        <RowList label="Check-ins, newest first">
          {checkIns.map((checkIn) => (
            <Row key={checkIn.id} spread>
              <span>
                <Link href={`${eventHref(checkIn.event_id)}/attendance`}>{checkIn.event_title}</Link>
                <Meta>
                  Checked in <LocalDateTime iso={checkIn.checked_in_at} />
                  {checkIn.checked_out_at ? (
                    <>
                      {" "}
                      · checked out <LocalDateTime iso={checkIn.checked_out_at} />
                    </>
                  ) : null}
                </Meta>
              </span>
              <span className={styles.breakAnywhere}>{checkIn.security_code ? `Label ${checkIn.security_code}` : ""}</span>
            </Row>
          ))}
        </RowList>
      )}
    </Section>
  );
}
