"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
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
import { useSplitRefusal } from "./household-refusal";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";
import own from "./membership-records.module.css";

export const recordHref = (id: string) => `/admin/membership/records/${encodeURIComponent(id)}`;

type RecordColumn = "name" | "born" | "campus" | "email" | "phone" | "account";

/** The register's columns, in the page's language. */
function useColumns(): TableColumn<AdminMembershipRecord, RecordColumn>[] {
  const t = useTranslations("AdminMembership.register");
  return useMemo(
    () => [
      {
        key: "name",
        label: t("name"),
        rowHeader: true,
        sort: { ascending: t("surnameAscending"), descending: t("surnameDescending") },
        cell: (record) => <Link href={recordHref(record.membership_id)}>{`${record.given_name} ${record.family_name}`}</Link>,
      },
      { key: "born", label: t("born"), cell: (record) => <span className="nowrap">{record.birth_date ?? t("notKnown")}</span> },
      { key: "campus", label: t("campus"), cell: (record) => record.campus?.name ?? t("none") },
      { key: "email", label: t("email"), cell: (record) => (record.email ? <EmailAddress address={record.email} /> : t("none")) },
      { key: "phone", label: t("phone"), cell: (record) => <span className="nowrap">{record.phone ?? t("none")}</span> },
      {
        key: "account",
        label: t("linkedAccount"),
        cell: (record) =>
          record.linked_account ? (
            <span className={own.account}>
              <span>
                {record.linked_account.given_name} {record.linked_account.family_name}
              </span>
              {record.linked_account.email ? <EmailAddress address={record.linked_account.email} /> : <span>{t("noEmail")}</span>}
            </span>
          ) : (
            t("notLinked")
          ),
      },
    ],
    [t],
  );
}

/**
 * The church's membership register for the office, as a table: searched by name, email or phone on file,
 * narrowed to linked or unlinked records, sorted by surname either way, paged; each record shows its
 * campus, what is on file and who it is linked to, and opens to be corrected or unlinked.
 */
export function MembershipRecordsList({ canInvite }: { canInvite: boolean }) {
  const t = useTranslations("AdminMembership.register");
  const columns = useColumns();
  const [query, setQuery] = useState<{ q: string; page: number; linked: LinkedFilter }>({ q: "", page: 1, linked: "" });
  const sorting = useTableSort<RecordColumn>({ column: "name", direction: "ascending" }, () => setQuery((current) => ({ ...current, page: 1 })));
  const { sort } = sorting;
  const records = useMembershipRecords({ ...query, sort: sortParam("familyName", sort.direction) });

  return (
    <Section id="records-title" title={t("title")}>
      <div className={own.filters}>
        <StaffSearch name={t("title")} label={t("searchLabel")} onSearch={(q) => setQuery((current) => ({ ...current, q, page: 1 }))} />
        <SelectField
          label={t("show")}
          name="linked"
          value={query.linked}
          onChange={(event) => setQuery((current) => ({ ...current, linked: event.target.value as LinkedFilter, page: 1 }))}
        >
          <option value="">{t("allRecords")}</option>
          <option value="true">{t("linkedRecords")}</option>
          <option value="false">{t("notLinked")}</option>
        </SelectField>
      </div>
      {canInvite ? <InviteFound q={query.q} /> : null}
      <StaffListResults
        query={records}
        page={query.page}
        perPage={RECORDS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={(total) => (total === undefined ? t("countTitle") : t("count", { count: total }))}
        loading={t("loading")}
        failure={t("failure")}
        empty={query.q || query.linked ? t("emptySearch") : t("empty")}
        pagerLabel={t("pager")}
        showCount
        layout="table"
      >
        {(items, { busy }) => (
          <DataTable
            caption={t("title")}
            columns={columns}
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
  const t = useTranslations("AdminMembership.register");
  const splitRefusal = useSplitRefusal();
  const [confirming, setConfirming] = useState(false);
  const { invite } = useInvitationWrites();
  const refusal = splitRefusal(invite.error, ["register"] as const, t("inviteFailed"));
  return (
    <div className={own.invite}>
      <button type="button" className="button" onClick={() => setConfirming(true)} disabled={invite.isPending}>
        {invite.isPending ? t("sending") : q ? t("inviteFound") : t("inviteEveryone")}
      </button>
      {invite.data ? <InviteOutcomeNotice outcome={invite.data} /> : null}
      <FormProblem message={refusal.message} />
      <ConfirmDialog
        open={confirming}
        title={q ? t("inviteFoundTitle", { q }) : t("inviteEveryoneTitle")}
        confirmLabel={t("inviteConfirm")}
        busy={invite.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => {
          setConfirming(false);
          invite.reset();
          invite.mutate({ register: { q } });
        }}
      >
        <p>{t("inviteText", { scope: q ? "search" : "register" })}</p>
      </ConfirmDialog>
    </div>
  );
}
