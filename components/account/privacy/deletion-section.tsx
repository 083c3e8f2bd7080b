"use client";

import { useLocale, useTranslations } from "next-intl";
import { useRef, useState, type ReactNode } from "react";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { QueryStates, Section } from "@/components/ui/section";
import type { DataRequest } from "@/lib/privacy/schemas";
import { useApiMessages } from "../api-messages";
import { LocalDateTime, localDateTimeWords } from "../local-time";
import { pendingDeletion } from "./data-request-words";
import { useCancelDeletion, useDataRequests, useRequestDeletion } from "./privacy-queries";
import styles from "./privacy.module.css";

/**
 * Deleting the account: asked for behind a confirmation that says what goes, carried out only when the
 * waiting period ends, and cancellable until then. While one is waiting, the section says when and
 * offers to cancel instead.
 */
export function DeletionSection() {
  const t = useTranslations("AccountPrivacy");
  const locale = useLocale();
  const api = useApiMessages();
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  const requests = useDataRequests();
  const requestDeletion = useRequestDeletion();
  const cancelDeletion = useCancelDeletion();
  const deletion = useConfirmation();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  // The button that opened the dialog goes away with the change: the heading takes focus instead, next
  // to what changed (the dialog hands focus back first, in its own effect).
  const focusAfterClose = useFocusAfterClose(deletion.open);

  function ask() {
    setFailure("");
    setAnnouncement("");
    requestDeletion.reset();
    deletion.ask();
  }

  function confirmDeletion() {
    if (requestDeletion.isPending) return;
    requestDeletion.mutate(undefined, {
      onSuccess: (request) => {
        focusAfterClose(() => sectionHeading.current);
        deletion.close();
        setAnnouncement(t("deletion.scheduled", { date: localDateTimeWords(request.due_at ?? request.created_at, locale) }));
      },
      onError: (error) => {
        deletion.close();
        setFailure(api.failed(t("deletion.scheduleFailed"), error));
      },
    });
  }

  function cancel(request: DataRequest) {
    if (cancelDeletion.isPending) return;
    setFailure("");
    setAnnouncement("");
    cancelDeletion.mutate(request, {
      onSuccess: () => {
        setAnnouncement(t("deletion.cancelled"));
        requestAnimationFrame(() => sectionHeading.current?.focus());
      },
      onError: (error) => setFailure(api.failed(t("deletion.cancelFailed"), error)),
    });
  }

  return (
    <Section id="deletion-title" title={t("deletion.title")} headingRef={sectionHeading} status={announcement} alert={failure}>
      <QueryStates query={requests} loading={t("deletion.loading")} failure={t("deletion.loadFailed")}>
        {(data) => {
          const pending = pendingDeletion(data.requests);
          return pending ? (
            <div className="notice notice--warning">
              <p>
                {pending.due_at
                  ? t.rich("deletion.pendingOn", { strong, date: () => <LocalDateTime iso={pending.due_at!} /> })
                  : t.rich("deletion.pendingEndOfWait", { strong })}
              </p>
              <button type="button" className="button" aria-disabled={cancelDeletion.isPending || undefined} onClick={() => cancel(pending)}>
                {cancelDeletion.isPending ? t("deletion.cancelling") : t("deletion.cancel")}
              </button>
            </div>
          ) : (
            <>
              <p>{t("deletion.explain")}</p>
              <button type="button" className="button button--danger-outline" onClick={ask}>
                {t("deletion.delete")}
              </button>
            </>
          );
        }}
      </QueryStates>
      <ConfirmDialog {...deletion.dialog} title={t("deletion.confirmTitle")} confirmLabel={t("deletion.delete")} busy={requestDeletion.isPending} onConfirm={confirmDeletion}>
        <p>{t("deletion.erasedIntro")}</p>
        <ul className={styles.erased}>
          <li>{t("deletion.erasedProfile")}</li>
          <li>{t("deletion.erasedTwoStep")}</li>
          <li>{t("deletion.erasedApps")}</li>
          <li>{t("deletion.erasedHistory")}</li>
        </ul>
        <p>{t.rich("deletion.cannotUndo", { strong })}</p>
      </ConfirmDialog>
    </Section>
  );
}
