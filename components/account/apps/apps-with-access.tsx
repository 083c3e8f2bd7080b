"use client";

import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { ConfirmDialog, useConfirmation } from "@/components/ui/confirm-dialog";
import { CardList, QueryStates } from "@/components/ui/section";
import type { ListedConsent } from "@/lib/consents/schemas";
import { AppCard } from "./app-card";
import { useConsents, useRemoveAccess } from "./apps-queries";
import { LoadError } from "@/components/ui/load-error";
import { AppsLoading, NoApps } from "./apps-states";
import styles from "./apps.module.css";
import { RemovedApps } from "./removed-apps";
import { removalFailedMessage, removedMessage } from "./removal-messages";
import { useApiMessages } from "../api-messages";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

/** Where focus goes once the last app is gone: the empty state's heading. */
const NO_APPS = Symbol("no apps");

/**
 * The apps that can access the member's account, each removable after a confirmation, and the apps
 * already removed. Outcomes are said in words: success in a polite live region, failure as an alert.
 *
 * After a removal the app's button is gone, so focus moves on to the next app's button (or the previous
 * one's), or to the empty state's heading when no app is left, instead of falling back to the page start.
 */
export function AppsWithAccess() {
  const t = useTranslations("AccountApps");
  const api = useApiMessages();
  const locale = useLocale();
  const consents = useConsents();
  const removal = useRemoveAccess();
  const removing = useConfirmation<ListedConsent>();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  const emptyHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterRemoval = useRef<string | typeof NO_APPS | null>(null);

  const all = consents.data?.consents ?? [];
  const granted = all.filter((consent) => consent.status === "granted");
  const revoked = all.filter((consent) => consent.status === "revoked");

  // The list may render without the removed app a moment after the dialog closes (the cache update and
  // the dialog's state are separate renders), so the request waits until its target exists.
  useEffect(() => {
    const target = focusAfterRemoval.current;
    if (target === null) return;
    const element = target === NO_APPS ? emptyHeading.current : removeButtons.current.get(target);
    if (element) {
      element.focus();
      focusAfterRemoval.current = null;
    }
  });

  function askToRemove(consent: ListedConsent) {
    setFailure("");
    removing.ask(consent);
  }

  function remove() {
    const consent = removing.subject;
    if (!consent || removal.isPending) return;
    const index = granted.findIndex((candidate) => candidate.id === consent.id);
    const neighbour = index >= 0 ? (granted[index + 1] ?? granted[index - 1]) : undefined;
    setAnnouncement("");
    setFailure("");
    removal.mutate(consent, {
      onSuccess: () => {
        focusAfterRemoval.current = neighbour?.id ?? NO_APPS;
        removing.close();
        setAnnouncement(removedMessage(t, consent.client_name));
      },
      onError: (error) => {
        // The dialog closing returns focus to this app's button, which is still there.
        removing.close();
        setFailure(removalFailedMessage(t, api, consent.client_name, error));
      },
    });
  }

  return (
    <>
      <StatusMessage message={announcement} className={styles.outcome} />
      <AlertMessage message={failure} className={styles.outcome} />
      <QueryStates query={consents} loading={<AppsLoading />} failure={t("list.loadFailed")} failureMessage={t("list.loadFailedReason")}>
        {() => (
          <>
            {consents.isRefetchError ? (
              <LoadError
                title={t("list.outOfDate")}
                // The API's words on an English page, as before; a sentence of the page's own in another language.
                message={locale === "en" ? consents.error.message : api.reason(consents.error)}
                retrying={consents.isFetching}
                onRetry={() => void consents.refetch()}
              />
            ) : null}
            {granted.length === 0 ? (
              <NoApps headingRef={emptyHeading} />
            ) : (
              <CardList>
                {granted.map((consent) => (
                  <li key={consent.id}>
                    <AppCard
                      consent={consent}
                      onRemove={askToRemove}
                      removeButtonRef={(element) => {
                        if (!element) return;
                        removeButtons.current.set(consent.id, element);
                        return () => {
                          removeButtons.current.delete(consent.id);
                        };
                      }}
                    />
                  </li>
                ))}
              </CardList>
            )}
            <RemovedApps consents={revoked} />
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        {...removing.dialog}
        title={removing.subject ? t("remove.title", { app: removing.subject.client_name }) : t("remove.titleAny")}
        confirmLabel={t("remove.confirm")}
        busy={removal.isPending}
        onConfirm={remove}
      >
        {removing.subject ? (
          <p>{t("remove.text", { app: removing.subject.client_name })}</p>
        ) : null}
      </ConfirmDialog>
    </>
  );
}
