"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { LocalDate, LocalDateTime } from "@/components/account/local-time";
import { useBirthDateWords } from "@/components/account/family/children-section";
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

/** A part the staff member's permissions do not reach: which permission it needs. */
function NotShown({ what, permission }: { what: "households" | "records" | "pickup" | "signUps" | "checkIns"; permission: string }) {
  const t = useTranslations("AdminPeople.churchLife");
  return <p className="muted">{t("notShown", { what, permission })}</p>;
}

/** Words in a visually hidden span, for a link or button named the same as its neighbours. */
const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

export function HouseholdSection({ detail }: { detail: AdminUserDetail }) {
  const t = useTranslations("AdminPeople.churchLife");
  const household = detail.household;
  return (
    <Section id="person-household-title" title={t("household")}>
      {household === undefined ? (
        <NotShown what="households" permission="families:read" />
      ) : household === null ? (
        <p className="muted">{t("notInHousehold")}</p>
      ) : (
        <HouseholdMembers householdId={household.id} personId={detail.id} role={household.role} name={household.name} />
      )}
    </Section>
  );
}

function HouseholdMembers({ householdId, personId, role, name }: { householdId: string; personId: string; role: "adult" | "child"; name: string }) {
  const t = useTranslations("AdminPeople.churchLife");
  const birthDateWords = useBirthDateWords();
  const household = useHousehold(householdId);
  return (
    <>
      <p>{t.rich("memberOf", { role, name, link: (chunks) => <Link href={householdHref(householdId)}>{chunks}</Link> })}</p>
      <QueryStates query={household} loading={t("loadingHousehold")} failure={t("householdFailure")}>
        {(loaded) => (
          <RowList label={t("everyoneIn", { name: loaded.name })}>
            {loaded.members.map((member) => (
              <Row key={member.user_id} spread>
                <span>
                  {member.user_id === personId ? (
                    <strong>{t("thisPerson", { given: member.given_name, family: member.family_name })}</strong>
                  ) : (
                    <Link href={personHref(member.user_id)}>
                      {member.given_name} {member.family_name}
                    </Link>
                  )}
                  {member.role === "child" && member.notes ? <Meta>{t("notes", { notes: member.notes })}</Meta> : null}
                </span>
                <span className="muted">{member.role === "adult" ? t("adult") : member.birth_date ? t("childBorn", { born: birthDateWords(member.birth_date) }) : t("child")}</span>
              </Row>
            ))}
          </RowList>
        )}
      </QueryStates>
      <Actions>
        <Link href={householdHref(householdId)} className="button">
          {t.rich("openHousehold", { name, hidden })}
        </Link>
      </Actions>
    </>
  );
}

export function MembershipSection({ detail }: { detail: AdminUserDetail }) {
  const t = useTranslations("AdminPeople.churchLife");
  const record = detail.membership_record;
  return (
    <Section id="person-membership-title" title={t("membershipRecord")}>
      {record === undefined ? (
        <NotShown what="records" permission="membership:read" />
      ) : record === null ? (
        <p className="muted">{t("noRecord")}</p>
      ) : (
        <>
          <Facts>
            <Fact term={t("nameOnRecord")}>
              {record.given_name} {record.family_name}
            </Fact>
            <Fact term={t("birthDate")}>{record.birth_date ?? t("notKnown")}</Fact>
            <Fact term={t("campus")}>{record.campus?.name ?? t("none")}</Fact>
            <Fact term={t("linked")}>{record.linked_at ? <LocalDate iso={record.linked_at} /> : t("yes")}</Fact>
          </Facts>
          <Actions>
            <Link href={recordHref(record.membership_id)} className="button">
              {t.rich("openRecord", { given: record.given_name, family: record.family_name, hidden })}
            </Link>
          </Actions>
        </>
      )}
    </Section>
  );
}

/** Sign-ups, check-ins and (for a child) the pickup list: one request, each part as far as the staff member may read. */
export function ChurchLifeSections({ detail, name, country }: { detail: AdminUserDetail; name: string; country: PhoneCountry }) {
  const t = useTranslations("AdminPeople.churchLife");
  const participation = usePersonParticipation(detail.id);
  const child = detail.household?.role === "child";
  return (
    <QueryStates query={participation} loading={t("loadingParticipation")} failure={t("participationFailure")}>
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
  const t = useTranslations("AdminPeople.churchLife");
  return (
    <Section id="person-pickup-title" title={t("pickupTitle")} description={t("pickupDescription", { name })}>
      {pickup === undefined ? (
        <NotShown what="pickup" permission="families:read" />
      ) : pickup === null ? (
        <p className="muted">{t("noPickup")}</p>
      ) : (
        <RowList label={t("pickupLabel", { name })}>
          {pickup.household_adults.map((adult) => (
            <Row key={adult.user_id} spread>
              <Link href={personHref(adult.user_id)}>{adult.name}</Link>
              {adult.authorized ? <span>{t("householdAdultMayCollect")}</span> : <span className="badge badge--cancelled">{t("mayNotCollect")}</span>}
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
                {person.kind === "authorized" ? <span>{t("mayCollect")}</span> : <span className="badge badge--cancelled">{t("mayNotCollect")}</span>}
              </Row>
            ))}
        </RowList>
      )}
    </Section>
  );
}

function SignUpsSection({ signUps }: { signUps: AdminUserParticipation["sign_ups"] }) {
  const t = useTranslations("AdminPeople.churchLife");
  return (
    <Section id="person-sign-ups-title" title={t("signUps")} description={signUps && signUps.length > 0 ? t("signUpsDescription") : undefined}>
      {signUps === undefined ? (
        <NotShown what="signUps" permission="events:read" />
      ) : signUps.length === 0 ? (
        <p className="muted">{t("noSignUps")}</p>
      ) : (
        <RowList label={t("signUpsLabel")}>
          {signUps.map((signUp) => (
            <Row key={signUp.id} spread>
              <span>
                <Link href={eventHref(signUp.event_id)}>{signUp.event_title}</Link>
                <Meta>
                  <LocalDateTime iso={signUp.event_start_at} />
                </Meta>
              </span>
              <span className={signUp.status === "cancelled" ? "badge badge--muted" : "badge"}>
                {signUp.status === "waitlisted" && signUp.waitlist_position ? t("waitlistedNumber", { position: signUp.waitlist_position }) : t("signUpStatus", { status: signUp.status })}
              </span>
            </Row>
          ))}
        </RowList>
      )}
    </Section>
  );
}

function CheckInsSection({ checkIns }: { checkIns: AdminUserParticipation["check_ins"] }) {
  const t = useTranslations("AdminPeople.churchLife");
  return (
    <Section id="person-check-ins-title" title={t("attendance")} description={checkIns && checkIns.length > 0 ? t("checkInsDescription") : undefined}>
      {checkIns === undefined ? (
        <NotShown what="checkIns" permission="attendance:read" />
      ) : checkIns.length === 0 ? (
        <p className="muted">{t("neverCheckedIn")}</p>
      ) : (
        <RowList label={t("checkInsLabel")}>
          {checkIns.map((checkIn) => (
            <Row key={checkIn.id} spread>
              <span>
                <Link href={`${eventHref(checkIn.event_id)}/attendance`}>{checkIn.event_title}</Link>
                <Meta>
                  {checkIn.checked_out_at
                    ? t.rich("checkedInOut", { start: () => <LocalDateTime iso={checkIn.checked_in_at} />, end: () => <LocalDateTime iso={checkIn.checked_out_at!} /> })
                    : t.rich("checkedIn", { start: () => <LocalDateTime iso={checkIn.checked_in_at} /> })}
                </Meta>
              </span>
              <span className={styles.breakAnywhere}>{checkIn.security_code ? t("label", { code: checkIn.security_code }) : ""}</span>
            </Row>
          ))}
        </RowList>
      )}
    </Section>
  );
}
