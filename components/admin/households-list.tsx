"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState, type ReactNode } from "react";
import { useTableSort } from "@/components/ui/use-table-sort";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { sortParam } from "@/components/ui/data-table-logic";
import { Fact, Facts, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import type { AdminFamily } from "@/lib/families/staff-schemas";
import { HOUSEHOLDS_PER_PAGE, useAdminHousehold, useAdminHouseholds } from "./admin-queries";
import styles from "./admin.module.css";
import { HouseholdNameForm } from "./household-name-form";
import { useCreateHousehold } from "./households-queries";
import { StaffListResults } from "./staff-list-results";
import { StaffSearch } from "./staff-search";

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/** One household opened: its adults and children, and what the adults wrote for whoever looks after a child. */
function HouseholdMembers({ id, name }: { id: string; name: string }) {
  const t = useTranslations("AdminHouseholds.list");
  const household = useAdminHousehold(id);
  return (
    <QueryStates query={household} loading={t("loadingHousehold", { name })} failure={t("householdFailure", { name })}>
      {(detail) => (
        <RowList label={t("membersOf", { name })}>
          {detail.members.map((member) => (
            <Row key={member.user_id}>
              <div className={styles.householdMember}>
                <strong>
                  {member.given_name} {member.family_name}
                </strong>{" "}
                <span className={member.role === "adult" ? "badge" : "badge badge--muted"}>{t("role", { role: member.role })}</span>
                {member.role === "child" ? (
                  <Facts>
                    <Fact term={t("birthDate")}>{member.birth_date ?? t("notKnown")}</Fact>
                    <Fact term={t("signsIn")}>{member.has_sign_in ? t("yes") : t("no")}</Fact>
                    <Fact term={t("notes")}>{member.notes ?? t("none")}</Fact>
                  </Facts>
                ) : null}
              </div>
            </Row>
          ))}
        </RowList>
      )}
    </QueryStates>
  );
}

type HouseholdColumn = "name" | "members" | "actions";

/**
 * The church's households for the office (families:read), as a table: searched by name, sorted by name
 * either way, paged; each row says how many members it has and shows them in place (under it), with each
 * child's birth date, whether they sign in, and the notes the household's adults keep for whoever looks
 * after them; its name opens its own page, where staff with families:write change it. They also start a
 * new one here. Never a household's join code: only its adults see that.
 */
export function HouseholdsList({ canWrite = false }: { canWrite?: boolean }) {
  const t = useTranslations("AdminHouseholds.list");
  const router = useRouter();
  const create = useCreateHousehold();
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState({ q: "", page: 1 });
  const sorting = useTableSort<HouseholdColumn>({ column: "name", direction: "ascending" }, () => setQuery((current) => ({ ...current, page: 1 })));
  const { sort } = sorting;
  const households = useAdminHouseholds({ ...query, sort: sortParam("name", sort.direction) });
  const [open, setOpen] = useState<string | null>(null);
  const membersId = (id: string) => `household-members-${id}`;

  const columns: TableColumn<AdminFamily, HouseholdColumn>[] = [
    {
      key: "name",
      label: t("household"),
      rowHeader: true,
      sort: { ascending: t("nameAscending"), descending: t("nameDescending") },
      cell: (household) => <Link href={`/admin/households/${household.id}`}>{household.name}</Link>,
    },
    { key: "members", label: t("members"), cell: (household) => household.member_count },
    {
      key: "actions",
      label: t("actions"),
      actions: true,
      cell: (household) => (
        <button
          type="button"
          className="button"
          aria-expanded={open === household.id}
          aria-controls={open === household.id ? membersId(household.id) : undefined}
          onClick={() => setOpen((current) => (current === household.id ? null : household.id))}
        >
          {open === household.id ? t.rich("hideMembers", { name: household.name, hidden }) : t.rich("showMembers", { name: household.name, hidden })}
        </button>
      ),
    },
  ];

  return (
    <Section
      id="households-title"
      title={t("title")}
      action={
        canWrite && !adding ? (
          <button
            type="button"
            className="button"
            onClick={() => {
              create.reset();
              setAdding(true);
            }}
          >
            {t("add")}
          </button>
        ) : undefined
      }
    >
      <StaffSearch name={t("title")} label={t("searchLabel")} onSearch={(q) => setQuery({ q, page: 1 })} />
      {canWrite && adding ? (
        <Panel title={t("add")}>
          <HouseholdNameForm
            initial=""
            label={t("add")}
            submitLabel={t("addSubmit")}
            pending={create.isPending}
            error={create.error}
            onCancel={() => setAdding(false)}
            onSubmit={(name) => create.mutate(name, { onSuccess: (created) => router.push(`/admin/households/${created.id}`) })}
          />
        </Panel>
      ) : null}
      <StaffListResults
        query={households}
        page={query.page}
        perPage={HOUSEHOLDS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={(total) => (total === undefined ? t("title") : t("count", { count: total }))}
        loading={t("loading")}
        failure={t("failure")}
        empty={query.q ? t("emptySearch") : t("empty")}
        pagerLabel={t("pager")}
        layout="table"
      >
        {(items, { busy }) => (
          <DataTable
            caption={t("title")}
            columns={columns}
            rows={items}
            rowKey={(household) => household.id}
            {...sorting}
            busy={busy}
            details={(household) =>
              open === household.id ? (
                <div id={membersId(household.id)}>
                  <HouseholdMembers id={household.id} name={household.name} />
                </div>
              ) : null
            }
          />
        )}
      </StaffListResults>
    </Section>
  );
}
