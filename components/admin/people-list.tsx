"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useCallback, useMemo, useState } from "react";
import { useTableSort } from "@/components/ui/use-table-sort";
import { DataTable, EmailAddress, type TableColumn } from "@/components/ui/data-table";
import { sortParam } from "@/components/ui/data-table-logic";
import { SelectField } from "@/components/ui/select-field";
import { Section } from "@/components/ui/section";
import { formatPhoneNumber, type PhoneCountry } from "@/lib/contacts/phone-number";
import type { BuiltInRoleName } from "@/lib/identity/built-in-roles";
import type { AdminUser } from "@/lib/users/staff-schemas";
import own from "./people.module.css";
import { PEOPLE_PER_PAGE, usePeople, type PeopleStatus } from "./people-queries";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";

/**
 * A member's name as the office shows it ("(no name)" for an account without one). The words shared by the
 * list and the profile are AdminPeople.shared: a page showing these names carries that namespace.
 */
export function useFullName(): (person: Pick<AdminUser, "given_name" | "family_name">) => string {
  const shared = useTranslations("AdminPeople.shared");
  return useCallback((person) => `${person.given_name} ${person.family_name}`.trim() || shared("noName"), [shared]);
}

const BUILT_IN_ROLE_NAMES: readonly BuiltInRoleName[] = ["member", "guardian", "staff", "admin", "kiosk"];
const isBuiltIn = (role: string): role is BuiltInRoleName => (BUILT_IN_ROLE_NAMES as readonly string[]).includes(role);

/**
 * Roles in the page's language: the built-in ones (lib/identity/built-in-roles.ts) by their messages, in
 * English their own names and descriptions; a church's own role as the API names and describes it.
 */
export function useRoleWords(): { name: (role: string) => string; description: (role: { name: string; description: string }) => string } {
  const shared = useTranslations("AdminPeople.shared");
  return useMemo(
    () => ({
      name: (role) => (isBuiltIn(role) ? shared(`roles.${role}`) : role),
      description: (role) => (isBuiltIn(role.name) ? shared(`roleDescriptions.${role.name}`) : role.description),
    }),
    [shared],
  );
}

/** The badges after a member's name: disabled, two-step sign-in. */
export function PersonBadges({ person }: { person: Pick<AdminUser, "disabled_at" | "mfa_enabled"> }) {
  const shared = useTranslations("AdminPeople.shared");
  return (
    <>
      {person.disabled_at ? <span className="badge badge--cancelled">{shared("disabled")}</span> : null}
      {person.mfa_enabled ? <span className="badge badge--muted">{shared("twoStep")}</span> : null}
    </>
  );
}

type PeopleColumn = "name" | "email" | "phone" | "roles";
const SORT_FIELDS = { name: "familyName", email: "email" } as const;

/**
 * The church's members for the office (users:read): found by name, email address or phone number (the
 * digits of the member's verified number, however they are typed), filtered by whether the account is
 * disabled, a page at a time, as a table sorted by surname or email; each opens to the member's page.
 * A phone number is written as people in the church's country write it.
 */
export function PeopleList({ country }: { country: PhoneCountry }) {
  const t = useTranslations("AdminPeople.list");
  const shared = useTranslations("AdminPeople.shared");
  const fullName = useFullName();
  const roleWords = useRoleWords();
  const [query, setQuery] = useState<{ q: string; page: number; status: PeopleStatus }>({ q: "", page: 1, status: "" });
  const sorting = useTableSort<PeopleColumn>({ column: "name", direction: "ascending" }, () => setQuery((current) => ({ ...current, page: 1 })));
  const { sort } = sorting;
  const sortField = sort.column === "email" ? SORT_FIELDS.email : SORT_FIELDS.name;
  const people = usePeople({ ...query, sort: sortParam(sortField, sort.direction) });
  const columns = useMemo<TableColumn<AdminUser, PeopleColumn>[]>(
    () => [
      {
        key: "name",
        label: t("name"),
        rowHeader: true,
        sort: { ascending: t("surnameAscending"), descending: t("surnameDescending") },
        cell: (person) => (
          <>
            <Link href={`/admin/people/${person.id}`}>{fullName(person)}</Link>
            <PersonBadges person={person} />
          </>
        ),
      },
      {
        key: "email",
        label: t("email"),
        sort: { ascending: t("emailAscending"), descending: t("emailDescending") },
        cell: (person) => (person.email ? <EmailAddress address={person.email} /> : shared("noOwnSignIn")),
      },
      { key: "phone", label: t("phone"), cell: (person) => <span className="nowrap">{person.phone_number ? formatPhoneNumber(person.phone_number, country) : shared("noneVerified")}</span> },
      { key: "roles", label: t("roles"), cell: (person) => (person.roles.length > 0 ? person.roles.map(roleWords.name).join(", ") : t("noRoles")) },
    ],
    [country, t, shared, fullName, roleWords],
  );

  return (
    <Section id="people-title" title={t("title")}>
      <StaffSearch name={t("searchName")} label={t("searchLabel")} onSearch={(q) => setQuery((current) => ({ ...current, q, page: 1 }))} />
      <div className={own.filters}>
        <SelectField label={t("show")} value={query.status} onChange={(event) => setQuery((current) => ({ ...current, status: event.target.value as PeopleStatus, page: 1 }))}>
          <option value="">{t("everyone")}</option>
          <option value="active">{t("active")}</option>
          <option value="disabled">{t("disabled")}</option>
        </SelectField>
      </div>
      <StaffListResults
        query={people}
        page={query.page}
        perPage={PEOPLE_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={(total) => (total === undefined ? t("countTitle") : t("count", { count: total }))}
        loading={t("loading")}
        failure={t("failure")}
        empty={query.q ? t("emptySearch", { status: query.status || "all" }) : query.status === "disabled" ? t("emptyDisabled") : t("empty")}
        pagerLabel={t("pager")}
        layout="table"
      >
        {(items, { busy }) => <DataTable caption={t("title")} columns={columns} rows={items} rowKey={(person) => person.id} {...sorting} busy={busy} />}
      </StaffListResults>
    </Section>
  );
}
