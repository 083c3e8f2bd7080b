"use client";

import Link from "next/link";
import { useState } from "react";
import { Card, Fact, Facts, Meta, Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { RECORDS_PER_PAGE, useMembershipRecords, type LinkedFilter } from "./membership-records-queries";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";
import own from "./membership-records.module.css";

export const recordHref = (id: string) => `/admin/membership/records/${encodeURIComponent(id)}`;

/**
 * The church's membership register for the office: searched by name, email or phone on file, narrowed to
 * linked or unlinked records, paged; each record shows who it is linked to, and opens to be corrected or
 * unlinked.
 */
export function MembershipRecordsList() {
  const [query, setQuery] = useState<{ q: string; page: number; linked: LinkedFilter }>({ q: "", page: 1, linked: "" });
  const records = useMembershipRecords(query);

  return (
    <Section id="records-title" title="Register records">
      <div className={own.filters}>
        <StaffSearch name="Register records" label="Search by name, email or phone" onSearch={(q) => setQuery((current) => ({ ...current, q, page: 1 }))} />
        <SelectField
          label="Show"
          name="linked"
          value={query.linked}
          onChange={(event) => setQuery((current) => ({ ...current, linked: event.target.value as LinkedFilter, page: 1 }))}
        >
          <option value="">All records</option>
          <option value="true">Linked to an account</option>
          <option value="false">Not linked</option>
        </SelectField>
      </div>
      <StaffListResults
        query={records}
        page={query.page}
        perPage={RECORDS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={["record", "records"]}
        loading="Loading the register…"
        failure="We couldn’t load the register"
        empty={query.q || query.linked ? "No record matches this search." : "The register has no records yet."}
        pagerLabel="Pages of records"
        showCount
      >
        {(items) =>
          items.map((record) => {
            const name = `${record.given_name} ${record.family_name}`;
            return (
              <Card key={record.membership_id} as="li" title={<Link href={recordHref(record.membership_id)}>{name}</Link>}>
                <Meta>
                  <code className={own.id}>{record.membership_id}</code> · {record.campus?.name ?? "No campus"}
                </Meta>
                <Facts>
                  <Fact term="Born">{record.birth_date ?? "Not known"}</Fact>
                  <Fact term="Email on file">
                    <span className={own.anywhere}>{record.email ?? "None"}</span>
                  </Fact>
                  <Fact term="Phone on file">{record.phone ?? "None"}</Fact>
                  <Fact term="Linked account">
                    {record.linked_account ? (
                      <span className={own.account}>
                        <span>
                          {record.linked_account.given_name} {record.linked_account.family_name}
                        </span>
                        <span className={own.anywhere}>{record.linked_account.email ?? "No email address"}</span>
                      </span>
                    ) : (
                      "Not linked"
                    )}
                  </Fact>
                </Facts>
              </Card>
            );
          })
        }
      </StaffListResults>
    </Section>
  );
}
