"use client";

import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { LocalDate } from "@/components/account/local-time";
import { ConfirmDialog, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { Actions, Card, CardList, Meta, QueryStates, Section } from "@/components/ui/section";
import { TextField } from "@/components/ui/text-field";
import type { AdminMembershipSuggestion } from "@/lib/membership/staff-schemas";
import { MAX_SEARCH_LENGTH } from "@/lib/staff-lists/schemas";
import { useDecideSuggestion, usePendingSuggestions } from "./admin-queries";
import styles from "./admin.module.css";

const person = (given: string, family: string) => `${given} ${family}`;

/**
 * Members' requests to link a register record, oldest first: the member and the record side by side, so
 * staff can check them; approving links the record (the member sees it on /account/membership at once),
 * rejecting lets the member ask again. Both ask first; the outcome is announced and focus moves to the
 * list's heading, since the decided request leaves the list.
 */
export function SuggestionsList() {
  const t = useTranslations("AdminMembership.requests");
  const admin = useTranslations("Admin");
  const api = useApiMessages();
  const [page, setPage] = useState(1);
  const [draft, setDraft] = useState("");
  const [q, setQ] = useState("");
  const suggestions = usePendingSuggestions(page, q);
  const decide = useDecideSuggestion();
  const [pending, setPending] = useState<{ suggestion: AdminMembershipSuggestion; decision: "approve" | "reject" } | null>(null);
  const [announcement, setAnnouncement] = useState("");
  const [problem, setProblem] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(pending !== null);

  function confirm() {
    if (!pending) return;
    const { suggestion, decision } = pending;
    const who = person(suggestion.member.given_name, suggestion.member.family_name);
    setProblem("");
    decide.mutate(
      { id: suggestion.id, decision },
      {
        onSuccess: () => {
          setAnnouncement(decision === "approve" ? t("linked", { who, record: person(suggestion.record.given_name, suggestion.record.family_name) }) : t("turnedDown", { who }));
          focusAfterClose(() => heading.current);
          setPending(null);
        },
        onError: (error) => {
          setProblem(api.failed(decision === "approve" ? t("linkFailed", { who }) : t("turnDownFailed", { who }), error));
          focusAfterClose(() => heading.current);
          setPending(null);
        },
      },
    );
  }

  function search(event: FormEvent) {
    event.preventDefault();
    setQ(draft.trim().slice(0, MAX_SEARCH_LENGTH));
    setPage(1);
  }

  const data = suggestions.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.metadata.total / data.metadata.per)) : 1;
  return (
    <Section
      id="suggestions-title"
      title={data ? t("titleCount", { count: data.metadata.total }) : t("title")}
      headingRef={heading}
      status={announcement}
      alert={problem}
    >
      <form className={styles.toolbar} role="search" aria-label={t("searchName")} onSubmit={search}>
        <TextField label={t("searchLabel")} name="q" type="search" value={draft} maxLength={MAX_SEARCH_LENGTH} onChange={(event) => setDraft(event.target.value)} />
        <button type="submit" className="button">
          {admin("search")}
        </button>
      </form>
      <QueryStates
        query={suggestions}
        loading={t("loading")}
        failure={t("failure")}
        empty={(list) =>
          list.items.length === 0 && (
            <EmptyState>
              <p>{q ? t("emptySearch") : t("empty")}</p>
            </EmptyState>
          )
        }
      >
        {(list) => (
          <>
            <CardList busy={suggestions.isFetching}>
              {list.items.map((suggestion) => {
                const who = person(suggestion.member.given_name, suggestion.member.family_name);
                return (
                  <Card key={suggestion.id} as="li" title={who}>
                    <Meta>{t.rich("asked", { date: () => <LocalDate iso={suggestion.created_at} /> })}</Meta>
                    <dl className={styles.compare}>
                      <div>
                        <dt>{t("account")}</dt>
                        <dd>{who}</dd>
                        <dd>{suggestion.member.email ?? t("noEmail")}</dd>
                        <dd>{suggestion.member.birth_date ? t("born", { date: suggestion.member.birth_date }) : t("bornNotGiven")}</dd>
                      </div>
                      <div>
                        <dt>{t("registerRecord", { id: suggestion.record.membership_id })}</dt>
                        <dd>{person(suggestion.record.given_name, suggestion.record.family_name)}</dd>
                        <dd>{suggestion.record.campus?.name ?? t("noCampus")}</dd>
                        <dd>{suggestion.record.birth_date ? t("born", { date: suggestion.record.birth_date }) : t("bornNotKnown")}</dd>
                      </div>
                    </dl>
                    {suggestion.record.linked ? <p className="notice notice--warning">{t("alreadyLinked")}</p> : null}
                    <Actions>
                      <button type="button" className="button button--primary" aria-label={t("approveLabel", { who })} onClick={() => setPending({ suggestion, decision: "approve" })}>
                        {t("approve")}
                      </button>
                      <button type="button" className="button button--danger" aria-label={t("rejectLabel", { who })} onClick={() => setPending({ suggestion, decision: "reject" })}>
                        {t("reject")}
                      </button>
                    </Actions>
                  </Card>
                );
              })}
            </CardList>
            <Pager label={t("pager")} page={page} lastPage={lastPage} onPage={setPage} />
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.decision === "approve" ? t("approveTitle") : t("rejectTitle")}
        confirmLabel={pending?.decision === "approve" ? t("approve") : t("reject")}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          pending.decision === "approve" ? (
            <p>
              {t("approveText", {
                who: person(pending.suggestion.member.given_name, pending.suggestion.member.family_name),
                record: person(pending.suggestion.record.given_name, pending.suggestion.record.family_name),
              })}
            </p>
          ) : (
            <p>{t("rejectText")}</p>
          )
        ) : null}
      </ConfirmDialog>
    </Section>
  );
}
