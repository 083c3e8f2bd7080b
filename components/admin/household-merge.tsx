"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { failedMessage } from "@/components/account/api-messages";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Actions, Fact, Facts, Meta, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { AdminFamily, AdminFamilyDetail } from "@/lib/families/staff-schemas";
import { MAX_SEARCH_LENGTH } from "@/lib/staff-lists/schemas";
import styles from "./admin.module.css";
import { fullName } from "./household-refusal";
import { useHousehold, useHouseholdGuardianships, useHouseholdSearch, useMergeHousehold } from "./households-queries";

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What merging `other` into this household will move: its people (adults, children) and its waiting requests. */
function MergePreview({ household, other, onMerged, onCancel }: { household: AdminFamilyDetail; other: AdminFamily; onMerged: (words: string) => void; onCancel: () => void }) {
  const detail = useHousehold(other.id);
  const guardianships = useHouseholdGuardianships(other.id);
  const merge = useMergeHousehold(household.id);
  const confirmation = useConfirmation();
  const [failure, setFailure] = useState("");
  const requests = guardianships.data?.requests.length ?? 0;
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that chose it is gone: the keyboard goes on from the preview's heading.
  useEffect(() => heading.current?.focus(), []);

  function confirm() {
    if (merge.isPending) return;
    merge.mutate(other.id, {
      onSuccess: () => {
        confirmation.close();
        onMerged(`${other.name} was merged into ${household.name}.`);
      },
      onError: (error) => {
        confirmation.close();
        setFailure(failedMessage(`merge ${other.name}`, error));
      },
    });
  }

  return (
    <Panel title={`Merge ${other.name} into ${household.name}`} headingRef={heading}>
      <FormProblem message={failure} />
      <QueryStates query={detail} loading={`Loading ${other.name}…`} failure={`We couldn’t load ${other.name}`}>
        {(from) => {
          const adults = from.members.filter((member) => member.role === "adult").length;
          const children = from.members.length - adults;
          return (
            <>
              <Facts>
                <Fact term="Adults moving">{adults}</Fact>
                <Fact term="Children moving">{children}</Fact>
                <Fact term="Waiting guardianship requests">{guardianships.data ? requests : "…"}</Fact>
              </Facts>
              {from.members.length > 0 ? (
                <RowList label={`Members of ${other.name}`}>
                  {from.members.map((member) => (
                    <Row key={member.user_id}>
                      {fullName(member)} <span className={member.role === "adult" ? "badge" : "badge badge--muted"}>{member.role === "adult" ? "Adult" : "Child"}</span>
                    </Row>
                  ))}
                </RowList>
              ) : (
                <p className="muted">{other.name} has nobody in it: merging only deletes it.</p>
              )}
              <Meta>
                {household.name} keeps its name and family code. {other.name} is deleted. Children keep their notes and pickup lists; guardianships do not change.
              </Meta>
              <Actions>
                <button type="button" className="button button--danger" onClick={() => confirmation.ask()}>
                  Merge into {household.name}
                </button>
                <button type="button" className="button" onClick={onCancel}>
                  Choose another
                </button>
              </Actions>
              <ConfirmDialog {...confirmation.dialog} title={`Merge ${other.name} into ${household.name}?`} confirmLabel="Merge households" busy={merge.isPending} onConfirm={confirm}>
                <p>
                  {plural(from.members.length, "person moves", "people move")} into {household.name}
                  {from.members.length > 0 ? `: ${from.members.map(fullName).join(", ")}` : ""}
                  {requests > 0 ? `, with ${plural(requests, "waiting guardianship request", "waiting guardianship requests")}` : ""}. {other.name} is deleted. This cannot be undone.
                </p>
              </ConfirmDialog>
            </>
          );
        }}
      </QueryStates>
    </Panel>
  );
}

/**
 * Two households for one family (duplicates are the office's daily work): find the other by name, see what
 * would move, confirm, and everyone in it moves into this one, which keeps its name (families:write).
 */
export function HouseholdMerge({ household, onAnnounce }: { household: AdminFamilyDetail; onAnnounce: (words: string) => void }) {
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const [complaint, setComplaint] = useState("");
  const [chosen, setChosen] = useState<AdminFamily | null>(null);
  const found = useHouseholdSearch(q);
  const input = useRef<HTMLInputElement>(null);

  function search(event: FormEvent) {
    event.preventDefault();
    const text = draft.trim().slice(0, MAX_SEARCH_LENGTH);
    if (!text) {
      setComplaint("Enter part of the other household’s name.");
      input.current?.focus();
      return;
    }
    setComplaint("");
    setChosen(null);
    setQ(text);
  }

  return (
    <Section id="household-merge-title" title="Merge a duplicate" description={`Another household for the same family? Everyone in it moves into ${household.name}.`}>
      <form className={styles.toolbar} role="search" aria-label="Households to merge" onSubmit={search} noValidate>
        <TextField
          label="Find the other household by name"
          name="other"
          type="search"
          value={draft}
          maxLength={MAX_SEARCH_LENGTH}
          inputRef={input}
          error={complaint || undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setComplaint("");
          }}
        />
        <button type="submit" className="button">
          Find
        </button>
      </form>
      {chosen ? (
        <MergePreview
          key={chosen.id}
          household={household}
          other={chosen}
          onCancel={() => setChosen(null)}
          onMerged={(words) => {
            setChosen(null);
            setQ("");
            setDraft("");
            onAnnounce(words);
          }}
        />
      ) : q ? (
        <QueryStates
          query={found}
          loading="Looking for households…"
          failure="We couldn’t look for households"
          empty={(page) => page.items.filter((item) => item.id !== household.id).length === 0 && "No other household matches this search."}
        >
          {(page) => (
            <RowList label="Households found">
              {page.items
                .filter((item) => item.id !== household.id)
                .map((item) => (
                  <Row key={item.id} spread>
                    <span className={styles.householdMember}>
                      <strong>{item.name}</strong>
                      <span className="muted">{plural(item.member_count, "member", "members")}</span>
                    </span>
                    <button type="button" className="button" onClick={() => setChosen(item)}>
                      Choose<span className="visually-hidden"> {item.name}</span>
                    </button>
                  </Row>
                ))}
            </RowList>
          )}
        </QueryStates>
      ) : null}
    </Section>
  );
}
