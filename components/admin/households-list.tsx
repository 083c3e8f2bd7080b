"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { Actions, Card, CardList, Fact, Facts, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { HOUSEHOLDS_PER_PAGE, useAdminHousehold, useAdminHouseholds } from "./admin-queries";
import styles from "./admin.module.css";
import { HouseholdNameForm } from "./household-name-form";
import { useCreateHousehold } from "./households-queries";
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

/**
 * The church's households for the office (families:read): searched by name and paged; each shows its
 * members in place, with each child's birth date, whether they sign in, and the notes the household's
 * adults keep for whoever looks after them, and opens to its own page, where staff with families:write
 * change it. They also start a new one here. Never a household's join code: only its adults see that.
 */
export function HouseholdsList({ canWrite = false }: { canWrite?: boolean }) {
  const router = useRouter();
  const create = useCreateHousehold();
  const [adding, setAdding] = useState(false);
  const [query, setQuery] = useState({ q: "", page: 1 });
  const households = useAdminHouseholds(query);
  const [open, setOpen] = useState<string | null>(null);
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const data = households.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.metadata.total / HOUSEHOLDS_PER_PAGE)) : 1;

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
      <h3 ref={resultsHeading} tabIndex={-1} className="visually-hidden">
        {data ? `${data.metadata.total} ${data.metadata.total === 1 ? "household" : "households"}` : "Households"}
      </h3>
      <QueryStates
        query={households}
        loading="Loading households…"
        failure="We couldn’t load the households"
        empty={(page) =>
          page.items.length === 0 && (
            <EmptyState>
              <p>{query.q ? "No household matches this search." : "No households yet."}</p>
            </EmptyState>
          )
        }
      >
        {(page) => (
          <>
            <CardList busy={households.isFetching}>
              {page.items.map((household) => (
                <Card key={household.id} as="li" title={household.name}>
                  <Facts>
                    <Fact term="Members">{household.member_count}</Fact>
                  </Facts>
                  {open === household.id ? <HouseholdMembers id={household.id} name={household.name} /> : null}
                  <Actions>
                    <button type="button" className="button" aria-expanded={open === household.id} onClick={() => setOpen((current) => (current === household.id ? null : household.id))}>
                      {open === household.id ? "Hide members" : "Show members"}
                      <span className="visually-hidden"> of {household.name}</span>
                    </button>
                    <Link className="button" href={`/admin/households/${household.id}`}>
                      Open<span className="visually-hidden"> {household.name}</span>
                    </Link>
                  </Actions>
                </Card>
              ))}
            </CardList>
            <Pager
              label="Pages of households"
              page={query.page}
              lastPage={lastPage}
              onPage={(next) => {
                setQuery((current) => ({ ...current, page: next }));
                resultsHeading.current?.focus();
              }}
            />
          </>
        )}
      </QueryStates>
    </Section>
  );
}
