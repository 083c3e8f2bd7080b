"use client";

import { useEffect, useRef, useState } from "react";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Actions, Card, CardList, Meta, QueryStates } from "@/components/ui/section";
import type { ListedConsent } from "@/lib/consents/schemas";
import type { Dependent } from "@/lib/guardians/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { failedMessage } from "../api-messages";
import { scopesInWords } from "../apps/scope-words";
import { LocalDate } from "../local-time";
import { useDependents, useRemoveDependentAccess } from "./dependents-queries";
import styles from "./dependents.module.css";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

/** Calendar dates (a birthday) are days, not instants: shown as they are, whatever the browser's time zone. */
const CALENDAR_DAY = new Intl.DateTimeFormat("en-US", { dateStyle: "long", timeZone: "UTC" });
function CalendarDate({ date }: { date: string }) {
  return <time dateTime={date}>{CALENDAR_DAY.format(new Date(`${date}T00:00:00Z`))}</time>;
}

const nameOf = (dependent: Dependent) => `${dependent.given_name} ${dependent.family_name}`;

/**
 * The members in the guardian's care, each with the apps that can access their account and a "Remove
 * access" that asks first. After a removal the app's button is gone, so focus moves to that dependant's
 * heading; the outcome is said in a polite live region, a failure as an alert.
 */
export function DependentsSection() {
  const dependents = useDependents();
  const removal = useRemoveDependentAccess();
  const removing = useConfirmation<{ dependent: Dependent; consent: ListedConsent }>();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const asked = removing.subject;
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const focusAfterRemoval = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === null || removing.open) return;
    const element = headings.current.get(target);
    if (element) {
      element.focus();
      focusAfterRemoval.current = null;
    }
  });

  function remove() {
    if (!removing.subject || removal.isPending) return;
    const { dependent, consent } = removing.subject;
    setAnnouncement("");
    setFailure("");
    removal.mutate(
      { dependent, consent },
      {
        onSuccess: () => {
          focusAfterRemoval.current = dependent.id;
          removing.close();
          setAnnouncement(`${consent.client_name} can no longer access ${dependent.given_name}’s account.`);
        },
        onError: (error) => {
          removing.close();
          setFailure(
            error instanceof PortalApiError && error.code === "not_found"
              ? `We couldn’t find ${consent.client_name} on ${dependent.given_name}’s account any more. Its access may have been removed already, or ${dependent.given_name} is no longer in your care.`
              : failedMessage(`remove access for ${consent.client_name}`, error),
          );
        },
      },
    );
  }

  return (
    <>
      <StatusMessage message={announcement} />
      <AlertMessage message={failure} />
      <QueryStates
        query={dependents}
        what="the people in your care"
        empty={(data) =>
          data.dependents.length === 0 && (
            <EmptyState title="No one is in your care here">
              <p>When the church records you as the parent or guardian of a child, they appear here with the apps that can access their account.</p>
            </EmptyState>
          )
        }
      >
        {(data) => (
          <CardList>
            {data.dependents.map((dependent) => (
              <li key={dependent.id}>
                <DependentCard
                  dependent={dependent}
                  headingRef={(element) => {
                    if (element) headings.current.set(dependent.id, element);
                    else headings.current.delete(dependent.id);
                  }}
                  onRemove={(consent) => {
                    setFailure("");
                    removing.ask({ dependent, consent });
                  }}
                />
              </li>
            ))}
          </CardList>
        )}
      </QueryStates>
      <ConfirmDialog
        {...removing.dialog}
        title={asked ? `Remove access for ${asked.consent.client_name} to ${asked.dependent.given_name}’s account?` : "Remove access?"}
        confirmLabel="Remove access"
        busy={removal.isPending}
        onConfirm={remove}
      >
        {asked ? (
          <p>
            {asked.consent.client_name} will be signed out of {asked.dependent.given_name}’s account and will no longer see their details. To use it
            again, it will have to ask {asked.dependent.given_name} for permission first.
          </p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}

function DependentCard({
  dependent,
  headingRef,
  onRemove,
}: {
  dependent: Dependent;
  headingRef: (element: HTMLHeadingElement | null) => void;
  onRemove: (consent: ListedConsent) => void;
}) {
  const granted = dependent.consents.filter((consent) => consent.status === "granted");
  const removed = dependent.consents.filter((consent) => consent.status === "revoked");
  return (
    <Card titleId={`dependent-${dependent.id}`} headingLevel={2} headingRef={headingRef} title={nameOf(dependent)}>
      <Meta>
        {dependent.birth_date ? (
          <>
            Born <CalendarDate date={dependent.birth_date} />
          </>
        ) : null}
        {dependent.birth_date && dependent.comes_of_age_on ? " · " : null}
        {dependent.comes_of_age_on ? (
          <>
            In your care until <CalendarDate date={dependent.comes_of_age_on} />, when their account becomes theirs alone
          </>
        ) : null}
      </Meta>
      <Meta>{dependent.has_sign_in ? "Signs in on their own." : "Does not sign in on their own."}</Meta>
      <h3 className={styles.appsTitle}>Apps with access</h3>
      {granted.length === 0 ? (
        <p className="muted">No apps can access {dependent.given_name}’s account.</p>
      ) : (
        <ul role="list" className={styles.apps}>
          {granted.map((consent) => (
            <li key={consent.id}>
              <Actions divided spread>
                <div className={styles.appText}>
                  <p className={styles.appName}>{consent.client_name}</p>
                  <p className={styles.appScopes}>It can: {scopesInWords(consent.scopes).map(({ words }) => words).join("; ")}.</p>
                  <Meta>
                    Allowed on <LocalDate iso={consent.granted_at} />
                  </Meta>
                </div>
                <button type="button" className="button button--danger-outline" onClick={() => onRemove(consent)}>
                  Remove access
                  <span className="visually-hidden">
                    {" "}
                    for {consent.client_name} to {dependent.given_name}’s account
                  </span>
                </button>
              </Actions>
            </li>
          ))}
        </ul>
      )}
      {removed.length > 0 ? <Meta>Access removed earlier: {removed.map((consent) => consent.client_name).join(", ")}.</Meta> : null}
    </Card>
  );
}
