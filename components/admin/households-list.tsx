"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
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

/** One household opened: its adults and children, and what the adults wrote for whoever looks after a child. */
function HouseholdMembers({ id, name }: { id: string; name: string }) {
  const household = useAdminHousehold(id);
  return (
    <QueryStates query={household} loading={`Loading ${name}…`} failure={`We couldn’t load ${name}`}>
      {(detail) => (
        <RowList label={`Members of ${name}`}>
          {detail.members.map((member) => (
            <Row key={member.user_id}>
              <div className={styles.householdMember}>
                <strong>
                  {member.given_name} {member.family_name}
                </strong>{" "}
                <span className={member.role === "adult" ? "badge" : "badge badge--muted"}>{member.role === "adult" ? "Adult" : "Child"}</span>
                {member.role === "child" ? (
                  <Facts>
                    <Fact term="Birth date">{member.birth_date ?? "Not known"}</Fact>
                    <Fact term="Signs in">{member.has_sign_in ? "Yes" : "No"}</Fact>
                    <Fact term="Notes from the household">{member.notes ?? "None"}</Fact>
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
      label: "Household",
      rowHeader: true,
      sort: { ascending: "name, A to Z", descending: "name, Z to A" },
      cell: (household) => <Link href={`/admin/households/${household.id}`}>{household.name}</Link>,
    },
    { key: "members", label: "Members", cell: (household) => household.member_count },
    {
      key: "actions",
      label: "Actions",
      actions: true,
      cell: (household) => (
        <button
          type="button"
          className="button"
          aria-expanded={open === household.id}
          aria-controls={open === household.id ? membersId(household.id) : undefined}
          onClick={() => setOpen((current) => (current === household.id ? null : household.id))}
        >
          {open === household.id ? "Hide members" : "Show members"}
          <span className="visually-hidden"> of {household.name}</span>
        </button>
      ),
    },
  ];

  return (
    <Section
      id="households-title"
      title="Households"
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
            Add a household
          </button>
        ) : undefined
      }
    >
      <StaffSearch name="Households" label="Search by household name" onSearch={(q) => setQuery({ q, page: 1 })} />
      {canWrite && adding ? (
        <Panel title="Add a household">
          <HouseholdNameForm
            initial=""
            label="Add a household"
            submitLabel="Add household"
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
        count={["household", "households"]}
        loading="Loading households…"
        failure="We couldn’t load the households"
        empty={query.q ? "No household matches this search." : "No households yet."}
        pagerLabel="Pages of households"
        layout="table"
      >
        {(items, { busy }) => (
          <DataTable
            caption="Households"
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
