"use client";

import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { FormProblem } from "@/components/ui/form-problem";
import { Actions, Fact, Facts, Meta, Panel, QueryStates, Row, RowList, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { AdminFamily, AdminFamilyDetail } from "@/lib/families/staff-schemas";
import { MAX_SEARCH_LENGTH } from "@/lib/staff-lists/schemas";
import styles from "./admin.module.css";
import { fullName } from "./household-refusal";
import { useHousehold, useHouseholdGuardianships, useHouseholdSearch, useMergeHousehold } from "./households-queries";

const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;

/** What merging `other` into this household will move: its people (adults, children) and its waiting requests. */
function MergePreview({ household, other, onMerged, onCancel }: { household: AdminFamilyDetail; other: AdminFamily; onMerged: (words: string) => void; onCancel: () => void }) {
  const t = useTranslations("AdminHouseholds.merge");
  const api = useApiMessages();
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
        onMerged(t("merged", { from: other.name, into: household.name }));
      },
      onError: (error) => {
        confirmation.close();
        setFailure(api.failed(t("mergeFailed", { name: other.name }), error));
      },
    });
  }

  return (
    <Panel title={t("mergeTitle", { from: other.name, into: household.name })} headingRef={heading}>
      <FormProblem message={failure} />
      <QueryStates query={detail} loading={t("loadingHousehold", { name: other.name })} failure={t("householdFailure", { name: other.name })}>
        {(from) => {
          const adults = from.members.filter((member) => member.role === "adult").length;
          const children = from.members.length - adults;
          return (
            <>
              <Facts>
                <Fact term={t("adultsMoving")}>{adults}</Fact>
                <Fact term={t("childrenMoving")}>{children}</Fact>
                <Fact term={t("requestsMoving")}>{guardianships.data ? requests : "…"}</Fact>
              </Facts>
              {from.members.length > 0 ? (
                <RowList label={t("membersOf", { name: other.name })}>
                  {from.members.map((member) => (
                    <Row key={member.user_id}>
                      {fullName(member)} <span className={member.role === "adult" ? "badge" : "badge badge--muted"}>{t("role", { role: member.role })}</span>
                    </Row>
                  ))}
                </RowList>
              ) : (
                <p className="muted">{t("nobodyIn", { name: other.name })}</p>
              )}
              <Meta>{t("whatHappens", { from: other.name, into: household.name })}</Meta>
              <Actions>
                <button type="button" className="button button--danger" onClick={() => confirmation.ask()}>
                  {t("mergeInto", { name: household.name })}
                </button>
                <button type="button" className="button" onClick={onCancel}>
                  {t("chooseAnother")}
                </button>
              </Actions>
              <ConfirmDialog {...confirmation.dialog} title={t("confirmTitle", { from: other.name, into: household.name })} confirmLabel={t("confirmLabel")} busy={merge.isPending} onConfirm={confirm}>
                <p>
                  {t("confirmText", {
                    count: from.members.length,
                    into: household.name,
                    hasNames: from.members.length > 0 ? "yes" : "no",
                    names: from.members.map(fullName).join(", "),
                    requests,
                    from: other.name,
                  })}
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
  const t = useTranslations("AdminHouseholds.merge");
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
      setComplaint(t("findMissing"));
      input.current?.focus();
      return;
    }
    setComplaint("");
    setChosen(null);
    setQ(text);
  }

  return (
    <Section id="household-merge-title" title={t("title")} description={t("description", { name: household.name })}>
      <form className={styles.toolbar} role="search" aria-label={t("searchName")} onSubmit={search} noValidate>
        <TextField
          label={t("findLabel")}
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
          {t("find")}
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
          loading={t("looking")}
          failure={t("lookFailed")}
          empty={(page) => page.items.filter((item) => item.id !== household.id).length === 0 && t("noneFound")}
        >
          {(page) => (
            <RowList label={t("found")}>
              {page.items
                .filter((item) => item.id !== household.id)
                .map((item) => (
                  <Row key={item.id} spread>
                    <span className={styles.householdMember}>
                      <strong>{item.name}</strong>
                      <span className="muted">{t("memberCount", { count: item.member_count })}</span>
                    </span>
                    <button type="button" className="button" onClick={() => setChosen(item)}>
                      {t.rich("choose", { name: item.name, hidden })}
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
