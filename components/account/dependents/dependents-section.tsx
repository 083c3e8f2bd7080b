"use client";

import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import type { ListedConsent } from "@/lib/consents/schemas";
import type { Dependent } from "@/lib/guardians/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { failedMessage } from "../api-messages";
import { scopesInWords } from "../apps/scope-words";
import { LoadError } from "../load-error";
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
  const [dialog, setDialog] = useState<{ dependent: Dependent; consent: ListedConsent; open: boolean } | null>(null);
  const closeDialog = () => setDialog((current) => current && { ...current, open: false });
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const headings = useRef(new Map<string, HTMLHeadingElement>());
  const focusAfterRemoval = useRef<string | null>(null);

  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === null || dialog?.open) return;
    const element = headings.current.get(target);
    if (element) {
      element.focus();
      focusAfterRemoval.current = null;
    }
  });

  function remove() {
    if (!dialog || removal.isPending) return;
    const { dependent, consent } = dialog;
    setAnnouncement("");
    setFailure("");
    removal.mutate(
      { dependent, consent },
      {
        onSuccess: () => {
          focusAfterRemoval.current = dependent.id;
          closeDialog();
          setAnnouncement(`${consent.client_name} can no longer access ${dependent.given_name}’s account.`);
        },
        onError: (error) => {
          closeDialog();
          setFailure(
            error instanceof PortalApiError && error.code === "not_found"
              ? `We couldn’t find ${consent.client_name} on ${dependent.given_name}’s account any more. Its access may have been removed already, or ${dependent.given_name} is no longer in your care.`
              : failedMessage(`remove access for ${consent.client_name}`, error),
          );
        },
      },
    );
  }

  let body;
  if (dependents.isPending) {
    body = (
      <p className="muted" aria-busy="true">
        Loading the people in your care…
      </p>
    );
  } else if (!dependents.data) {
    body = (
      <LoadError
        title="We couldn’t load the people in your care"
        message={dependents.error?.message ?? "Please try again in a moment."}
        retrying={dependents.isFetching}
        onRetry={() => void dependents.refetch()}
      />
    );
  } else if (dependents.data.dependents.length === 0) {
    body = (
      <EmptyState title="No one is in your care here">
        <p>When the church records you as the parent or guardian of a child, they appear here with the apps that can access their account.</p>
      </EmptyState>
    );
  } else {
    body = (
      <ul role="list" className={styles.dependents}>
        {dependents.data.dependents.map((dependent) => (
          <li key={dependent.id}>
            <DependentCard
              dependent={dependent}
              headingRef={(element) => {
                if (element) headings.current.set(dependent.id, element);
                else headings.current.delete(dependent.id);
              }}
              onRemove={(consent) => {
                setFailure("");
                setDialog({ dependent, consent, open: true });
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <StatusMessage message={announcement} />
      <AlertMessage message={failure} />
      {body}
      <ConfirmDialog
        open={dialog?.open ?? false}
        title={dialog ? `Remove access for ${dialog.consent.client_name} to ${dialog.dependent.given_name}’s account?` : "Remove access?"}
        confirmLabel="Remove access"
        busy={removal.isPending}
        onConfirm={remove}
        onCancel={closeDialog}
      >
        {dialog ? (
          <p>
            {dialog.consent.client_name} will be signed out of {dialog.dependent.given_name}’s account and will no longer see their details. To use
            it again, it will have to ask {dialog.dependent.given_name} for permission first.
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
  const titleId = `dependent-${dependent.id}`;
  const granted = dependent.consents.filter((consent) => consent.status === "granted");
  const removed = dependent.consents.filter((consent) => consent.status === "revoked");
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h2 id={titleId} ref={headingRef} tabIndex={-1} className={styles.name}>
        {nameOf(dependent)}
      </h2>
      <p className={styles.meta}>
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
      </p>
      <p className={styles.meta}>{dependent.has_sign_in ? "Signs in on their own." : "Does not sign in on their own."}</p>
      <h3 className={styles.appsTitle}>Apps with access</h3>
      {granted.length === 0 ? (
        <p className="muted">No apps can access {dependent.given_name}’s account.</p>
      ) : (
        <ul role="list" className={styles.apps}>
          {granted.map((consent) => (
            <li key={consent.id} className={styles.app}>
              <div className={styles.appText}>
                <p className={styles.appName}>{consent.client_name}</p>
                <p className={styles.appScopes}>It can: {scopesInWords(consent.scopes).map(({ words }) => words).join("; ")}.</p>
                <p className={styles.meta}>
                  Allowed on <LocalDate iso={consent.granted_at} />
                </p>
              </div>
              <button type="button" className="button button--danger-outline" onClick={() => onRemove(consent)}>
                Remove access
                <span className="visually-hidden">
                  {" "}
                  for {consent.client_name} to {dependent.given_name}’s account
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {removed.length > 0 ? (
        <p className={styles.meta}>
          Access removed earlier: {removed.map((consent) => consent.client_name).join(", ")}.
        </p>
      ) : null}
    </article>
  );
}
