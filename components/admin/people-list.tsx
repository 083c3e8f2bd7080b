"use client";

import Link from "next/link";
import { useState } from "react";
import { SelectField } from "@/components/ui/select-field";
import { Card, Fact, Facts, Section } from "@/components/ui/section";
import type { AdminUser } from "@/lib/users/staff-schemas";
import styles from "./admin.module.css";
import own from "./people.module.css";
import { PEOPLE_PER_PAGE, usePeople, type PeopleStatus } from "./people-queries";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";

export const fullName = (person: Pick<AdminUser, "given_name" | "family_name">) => `${person.given_name} ${person.family_name}`.trim() || "(no name)";

/** The badges after a member's name: disabled, two-step sign-in. */
export function PersonBadges({ person }: { person: Pick<AdminUser, "disabled_at" | "mfa_enabled"> }) {
  return (
    <>
      {person.disabled_at ? <span className="badge badge--cancelled">Disabled</span> : null}
      {person.mfa_enabled ? <span className="badge badge--muted">Two-step sign-in</span> : null}
    </>
  );
}

const STATUS_WORDS: Record<PeopleStatus, string> = { "": "people", active: "active accounts", disabled: "disabled accounts" };

/**
 * The church's members for the office (users:read): found by name, email address or phone number (the
 * digits of the member's verified number, however they are typed), filtered by whether the account is
 * disabled, a page at a time; each opens to the member's profile.
 */
export function PeopleList() {
  const [query, setQuery] = useState<{ q: string; page: number; status: PeopleStatus }>({ q: "", page: 1, status: "" });
  const people = usePeople(query);

  return (
    <Section id="people-title" title="Members">
      <StaffSearch name="People" label="Search by name, email or phone" onSearch={(q) => setQuery((current) => ({ ...current, q, page: 1 }))} />
      <div className={own.filters}>
        <SelectField label="Show" value={query.status} onChange={(event) => setQuery((current) => ({ ...current, status: event.target.value as PeopleStatus, page: 1 }))}>
          <option value="">Everyone</option>
          <option value="active">Active accounts</option>
          <option value="disabled">Disabled accounts</option>
        </SelectField>
      </div>
      <StaffListResults
        query={people}
        page={query.page}
        perPage={PEOPLE_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={["person", "people"]}
        loading="Loading people…"
        failure="We couldn’t load the people"
        empty={query.q ? `No one among the ${STATUS_WORDS[query.status]} matches this search.` : query.status === "disabled" ? "No account is disabled." : "No one has an account yet."}
        pagerLabel="Pages of people"
      >
        {(items) =>
          items.map((person) => (
            <Card
              key={person.id}
              as="li"
              title={
                <>
                  <Link href={`/admin/people/${person.id}`}>{fullName(person)}</Link>
                  <PersonBadges person={person} />
                </>
              }
            >
              <Facts>
                <Fact term="Email">
                  <span className={styles.breakAnywhere}>{person.email ?? "No sign-in of their own"}</span>
                </Fact>
                <Fact term="Phone">{person.phone_number ?? "None verified"}</Fact>
                <Fact term="Roles">{person.roles.length > 0 ? person.roles.join(", ") : "None"}</Fact>
              </Facts>
            </Card>
          ))
        }
      </StaffListResults>
    </Section>
  );
}
