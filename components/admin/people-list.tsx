"use client";

import Link from "next/link";
import { useMemo, useState } from "react";
import { useTableSort } from "@/components/ui/use-table-sort";
import { DataTable, EmailAddress, type TableColumn } from "@/components/ui/data-table";
import { sortParam } from "@/components/ui/data-table-logic";
import { SelectField } from "@/components/ui/select-field";
import { Section } from "@/components/ui/section";
import { formatPhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import type { AdminUser } from "@/lib/users/staff-schemas";
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

type PeopleColumn = "name" | "email" | "phone" | "roles";
const SORT_FIELDS = { name: "familyName", email: "email" } as const;

/** The columns; a phone number as people in the church's country write it. */
function columnsFor(country: PhoneCountry): TableColumn<AdminUser, PeopleColumn>[] {
  return [
    {
      key: "name",
      label: "Name",
      rowHeader: true,
      sort: { ascending: "surname, A to Z", descending: "surname, Z to A" },
      cell: (person) => (
        <>
          <Link href={`/admin/people/${person.id}`}>{fullName(person)}</Link>
          <PersonBadges person={person} />
        </>
      ),
    },
    {
      key: "email",
      label: "Email",
      sort: { ascending: "email, A to Z", descending: "email, Z to A" },
      cell: (person) => (person.email ? <EmailAddress address={person.email} /> : "No sign-in of their own"),
    },
    { key: "phone", label: "Phone", cell: (person) => <span className="nowrap">{person.phone_number ? formatPhoneNumber(person.phone_number, country) : "None verified"}</span> },
    { key: "roles", label: "Roles", cell: (person) => (person.roles.length > 0 ? person.roles.join(", ") : "None") },
  ];
}

/**
 * The church's members for the office (users:read): found by name, email address or phone number (the
 * digits of the member's verified number, however they are typed), filtered by whether the account is
 * disabled, a page at a time, as a table sorted by surname or email; each opens to the member's page.
 */
export function PeopleList({ country }: { country: PhoneCountry }) {
  const [query, setQuery] = useState<{ q: string; page: number; status: PeopleStatus }>({ q: "", page: 1, status: "" });
  const sorting = useTableSort<PeopleColumn>({ column: "name", direction: "ascending" }, () => setQuery((current) => ({ ...current, page: 1 })));
  const { sort } = sorting;
  const sortField = sort.column === "email" ? SORT_FIELDS.email : SORT_FIELDS.name;
  const people = usePeople({ ...query, sort: sortParam(sortField, sort.direction) });
  const columns = useMemo(() => columnsFor(country), [country]);

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
        layout="table"
      >
        {(items, { busy }) => (
          <DataTable
            caption="Members"
            columns={columns}
            rows={items}
            rowKey={(person) => person.id}
            {...sorting}
            busy={busy}
          />
        )}
      </StaffListResults>
    </Section>
  );
}
