"use client";

import Link from "next/link";
import { useState } from "react";
import { useTableSort } from "@/components/ui/use-table-sort";
import { DataTable, EmailAddress, type TableColumn } from "@/components/ui/data-table";
import { sortParam } from "@/components/ui/data-table-logic";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import type { AdminMembershipRecord } from "@/lib/membership/staff-schemas";
import { RECORDS_PER_PAGE, useMembershipRecords, type LinkedFilter } from "./membership-records-queries";
import { InviteOutcomeNotice } from "./invite-outcome";
import { useInvitationWrites } from "./invitations-queries";
import { splitRefusal } from "./household-refusal";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";
import own from "./membership-records.module.css";

export const recordHref = (id: string) => `/admin/membership/records/${encodeURIComponent(id)}`;

type RecordColumn = "name" | "born" | "campus" | "email" | "phone" | "account";

const COLUMNS: TableColumn<AdminMembershipRecord, RecordColumn>[] = [
  {
    key: "name",
    label: "Name",
    rowHeader: true,
    sort: { ascending: "surname, A to Z", descending: "surname, Z to A" },
    cell: (record) => <Link href={recordHref(record.membership_id)}>{`${record.given_name} ${record.family_name}`}</Link>,
  },
  { key: "born", label: "Born", cell: (record) => <span className="nowrap">{record.birth_date ?? "Not known"}</span> },
  { key: "campus", label: "Campus", cell: (record) => record.campus?.name ?? "None" },
  { key: "email", label: "Email on file", cell: (record) => (record.email ? <EmailAddress address={record.email} /> : "None") },
  { key: "phone", label: "Phone on file", cell: (record) => <span className="nowrap">{record.phone ?? "None"}</span> },
  {
    key: "account",
    label: "Linked account",
    cell: (record) =>
      record.linked_account ? (
        <span className={own.account}>
          <span>
            {record.linked_account.given_name} {record.linked_account.family_name}
          </span>
          {record.linked_account.email ? <EmailAddress address={record.linked_account.email} /> : <span>No email address</span>}
        </span>
      ) : (
        "Not linked"
      ),
  },
];

/**
 * The church's membership register for the office, as a table: searched by name, email or phone on file,
 * narrowed to linked or unlinked records, sorted by surname either way, paged; each record shows its
 * campus, what is on file and who it is linked to, and opens to be corrected or unlinked.
 */
export function MembershipRecordsList({ canInvite }: { canInvite: boolean }) {
  const [query, setQuery] = useState<{ q: string; page: number; linked: LinkedFilter }>({ q: "", page: 1, linked: "" });
  const sorting = useTableSort<RecordColumn>({ column: "name", direction: "ascending" }, () => setQuery((current) => ({ ...current, page: 1 })));
  const { sort } = sorting;
  const records = useMembershipRecords({ ...query, sort: sortParam("familyName", sort.direction) });

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
      {canInvite ? <InviteFound q={query.q} /> : null}
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
        layout="table"
      >
        {(items, { busy }) => (
          <DataTable
            caption="Register records"
            columns={COLUMNS}
            rows={items}
            rowKey={(record) => record.membership_id}
            {...sorting}
            busy={busy}
          />
        )}
      </StaffListResults>
    </Section>
  );
}

/**
 * Everyone the search finds who has no account yet, invited at once (the whole register without a search):
 * each gets an email from the church with a link, their name filled in. Asked first, as it may be many emails.
 */
function InviteFound({ q }: { q: string }) {
  const [confirming, setConfirming] = useState(false);
  const { invite } = useInvitationWrites();
  const refusal = splitRefusal(invite.error, ["register"] as const, "send the invitations");
  const who = q ? `everyone this search finds` : "everyone in the register";
  return (
    <div className={own.invite}>
      <button type="button" className="button" onClick={() => setConfirming(true)} disabled={invite.isPending}>
        {invite.isPending ? "Sending…" : q ? "Invite the people found" : "Invite everyone"}
      </button>
      {invite.data ? <InviteOutcomeNotice outcome={invite.data} /> : null}
      <FormProblem message={refusal.message} />
      <ConfirmDialog
        open={confirming}
        title={q ? `Invite everyone found for “${q}”?` : "Invite everyone in the register?"}
        confirmLabel="Send the invitations"
        busy={invite.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          invite.reset();
          invite.mutate({ register: { q } });
        }}
      >
        <p>
          An email from the church goes to {who} who has an email address and no account yet, with a link to make their account that works for 14
          days. People already invited are not sent a second one.
        </p>
      </ConfirmDialog>
    </div>
  );
}
