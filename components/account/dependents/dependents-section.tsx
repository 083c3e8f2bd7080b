"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Actions, Card, CardList, Meta, QueryStates } from "@/components/ui/section";
import type { ListedConsent } from "@/lib/consents/schemas";
import type { Dependent } from "@/lib/guardians/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { useApiMessages } from "../api-messages";
import { useScopesInWords } from "../apps/scope-words";
import { LocalDate } from "../local-time";
import { useDependents, useRemoveDependentAccess } from "./dependents-queries";
import styles from "./dependents.module.css";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

/** Calendar dates (a birthday) are days, not instants: shown as they are, whatever the browser's time zone. */
function CalendarDate({ date }: { date: string }) {
  const locale = useLocale();
  return <time dateTime={date}>{new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(`${date}T00:00:00Z`))}</time>;
}

const nameOf = (dependent: Dependent) => `${dependent.given_name} ${dependent.family_name}`;

/**
 * The members in the guardian's care, each with the apps that can access their account and a "Remove
 * access" that asks first. After a removal the app's button is gone, so focus moves to that dependant's
 * heading; the outcome is said in a polite live region, a failure as an alert.
 */
export function DependentsSection() {
  const t = useTranslations("AccountDependents");
  const api = useApiMessages();
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
          setAnnouncement(t("removed", { app: consent.client_name, name: dependent.given_name }));
        },
        onError: (error) => {
          removing.close();
          setFailure(
            error instanceof PortalApiError && error.code === "not_found"
              ? t("notFound", { app: consent.client_name, name: dependent.given_name })
              : api.failed(t("removeFailed", { app: consent.client_name }), error),
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
        loading={t("loading")}
        failure={t("loadFailed")}
        empty={(data) =>
          data.dependents.length === 0 && (
            <EmptyState title={t("emptyTitle")}>
              <p>{t("emptyBody")}</p>
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
        title={asked ? t("confirmTitle", { app: asked.consent.client_name, name: asked.dependent.given_name }) : t("confirmTitleUnnamed")}
        confirmLabel={t("confirmLabel")}
        busy={removal.isPending}
        onConfirm={remove}
      >
        {asked ? <p>{t("confirmBody", { app: asked.consent.client_name, name: asked.dependent.given_name })}</p> : null}
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
  const t = useTranslations("AccountDependents");
  const scopesInWords = useScopesInWords();
  const hidden = (chunks: ReactNode) => <span className="visually-hidden">{chunks}</span>;
  const { birth_date: born, comes_of_age_on: ofAge } = dependent;
  const granted = dependent.consents.filter((consent) => consent.status === "granted");
  const removed = dependent.consents.filter((consent) => consent.status === "revoked");
  return (
    <Card titleId={`dependent-${dependent.id}`} headingLevel={2} headingRef={headingRef} title={nameOf(dependent)}>
      <Meta>
        {born ? t.rich("born", { date: () => <CalendarDate date={born} /> }) : null}
        {born && ofAge ? " · " : null}
        {ofAge ? t.rich("inCareUntil", { date: () => <CalendarDate date={ofAge} /> }) : null}
      </Meta>
      <Meta>{dependent.has_sign_in ? t("signsIn") : t("doesNotSignIn")}</Meta>
      <h3 className={styles.appsTitle}>{t("appsTitle")}</h3>
      {granted.length === 0 ? (
        <p className="muted">{t("noApps", { name: dependent.given_name })}</p>
      ) : (
        <ul role="list" className={styles.apps}>
          {granted.map((consent) => (
            <li key={consent.id}>
              <Actions divided spread>
                <div className={styles.appText}>
                  <p className={styles.appName}>{consent.client_name}</p>
                  <p className={styles.appScopes}>{t("itCan", { scopes: scopesInWords(consent.scopes).map(({ words }) => words).join("; ") })}</p>
                  <Meta>{t.rich("allowedOn", { date: () => <LocalDate iso={consent.granted_at} /> })}</Meta>
                </div>
                <button type="button" className="button button--danger-outline" onClick={() => onRemove(consent)}>
                  {t.rich("removeAccess", { app: consent.client_name, name: dependent.given_name, hidden })}
                </button>
              </Actions>
            </li>
          ))}
        </ul>
      )}
      {removed.length > 0 ? <Meta>{t("removedEarlier", { apps: removed.map((consent) => consent.client_name).join(", ") })}</Meta> : null}
    </Card>
  );
}
