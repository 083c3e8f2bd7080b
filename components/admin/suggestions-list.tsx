"use client";

import { useRef, useState, type FormEvent } from "react";
import { asSentence, failedMessage } from "@/components/account/api-messages";
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
          setAnnouncement(
            decision === "approve"
              ? `Linked ${who}’s account to the record of ${person(suggestion.record.given_name, suggestion.record.family_name)}.`
              : `Turned down ${who}’s request. They can ask again.`,
          );
          focusAfterClose(() => heading.current);
          setPending(null);
        },
        onError: (error) => {
          setProblem(failedMessage(decision === "approve" ? `link ${who}’s record` : `turn down ${who}’s request`, error));
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
      title={`Waiting requests${data ? ` (${data.metadata.total})` : ""}`}
      headingRef={heading}
      status={announcement}
      alert={problem ? asSentence(problem) : ""}
    >
      <form className={styles.toolbar} role="search" aria-label="Membership requests" onSubmit={search}>
        <TextField label="Search by the member’s or the record’s name or email" name="q" type="search" value={draft} maxLength={MAX_SEARCH_LENGTH} onChange={(event) => setDraft(event.target.value)} />
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <QueryStates
        query={suggestions}
        loading="Loading requests…"
        failure="We couldn’t load the requests"
        empty={(list) =>
          list.items.length === 0 && (
            <EmptyState>
              <p>{q ? "No waiting request matches this search." : "No requests are waiting. New ones appear here when members ask."}</p>
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
                    <Meta>
                      Asked <LocalDate iso={suggestion.created_at} />
                    </Meta>
                    <dl className={styles.compare}>
                      <div>
                        <dt>Account</dt>
                        <dd>{who}</dd>
                        <dd>{suggestion.member.email ?? "No email address"}</dd>
                        <dd>Born {suggestion.member.birth_date ?? "(not given)"}</dd>
                      </div>
                      <div>
                        <dt>Register record {suggestion.record.membership_id}</dt>
                        <dd>{person(suggestion.record.given_name, suggestion.record.family_name)}</dd>
                        <dd>{suggestion.record.campus?.name ?? "No campus"}</dd>
                        <dd>Born {suggestion.record.birth_date ?? "(not known)"}</dd>
                      </div>
                    </dl>
                    {suggestion.record.linked ? <p className="notice notice--warning">This record is already linked to an account.</p> : null}
                    <Actions>
                      <button type="button" className="button button--primary" aria-label={`Approve and link ${who}’s request`} onClick={() => setPending({ suggestion, decision: "approve" })}>
                        Approve and link
                      </button>
                      <button type="button" className="button button--danger" aria-label={`Reject ${who}’s request`} onClick={() => setPending({ suggestion, decision: "reject" })}>
                        Reject
                      </button>
                    </Actions>
                  </Card>
                );
              })}
            </CardList>
            <Pager label="Pages of requests" page={page} lastPage={lastPage} onPage={setPage} />
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        open={pending !== null}
        title={pending?.decision === "approve" ? "Link this record to the account?" : "Reject this request?"}
        confirmLabel={pending?.decision === "approve" ? "Approve and link" : "Reject"}
        busy={decide.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          pending.decision === "approve" ? (
            <p>
              {person(pending.suggestion.member.given_name, pending.suggestion.member.family_name)}’s account will be linked to the register record of{" "}
              {person(pending.suggestion.record.given_name, pending.suggestion.record.family_name)}. Their other waiting requests close.
            </p>
          ) : (
            <p>The member is told nothing was linked and may ask again.</p>
          )
        ) : null}
      </ConfirmDialog>
    </Section>
  );
}
