"use client";

import { useRef, useState } from "react";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { QueryStates, Section } from "@/components/ui/section";
import type { DataRequest } from "@/lib/privacy/schemas";
import { failedMessage } from "../api-messages";
import { LocalDateTime } from "../local-time";
import { pendingDeletion } from "./data-request-words";
import { useCancelDeletion, useDataRequests, useRequestDeletion } from "./privacy-queries";
import styles from "./privacy.module.css";

const DATE_TIME = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/**
 * Deleting the account: asked for behind a confirmation that says what goes, carried out only when the
 * waiting period ends, and cancellable until then. While one is waiting, the section says when and
 * offers to cancel instead.
 */
export function DeletionSection() {
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
        setAnnouncement(`Your account will be deleted on ${DATE_TIME.format(new Date(request.due_at ?? request.created_at))}. You can cancel until then.`);
      },
      onError: (error) => {
        deletion.close();
        setFailure(failedMessage("schedule the deletion of your account", error));
      },
    });
  }

  function cancel(request: DataRequest) {
    if (cancelDeletion.isPending) return;
    setFailure("");
    setAnnouncement("");
    cancelDeletion.mutate(request, {
      onSuccess: () => {
        setAnnouncement("The deletion is cancelled. Your account stays as it is.");
        requestAnimationFrame(() => sectionHeading.current?.focus());
      },
      onError: (error) => setFailure(failedMessage("cancel the deletion", error)),
    });
  }

  return (
    <Section id="deletion-title" title="Delete your account" headingRef={sectionHeading} status={announcement} alert={failure}>
      <QueryStates query={requests} loading="Loading…" failure="We couldn’t check whether a deletion is scheduled">
        {(data) => {
          const pending = pendingDeletion(data.requests);
          return pending ? (
            <div className="notice notice--warning">
              <p>
                <strong>
                  Your account will be deleted on {pending.due_at ? <LocalDateTime iso={pending.due_at} /> : "the end of the waiting period"}.
                </strong>{" "}
                Until then everything works as usual, and you can change your mind.
              </p>
              <button type="button" className="button" aria-disabled={cancelDeletion.isPending || undefined} onClick={() => cancel(pending)}>
                {cancelDeletion.isPending ? "Cancelling…" : "Cancel the deletion"}
              </button>
            </div>
          ) : (
            <>
              <p>
                Your account is not deleted straight away: we wait a while first, so you can change your mind, and show you the date here. Download a
                copy of your data first if you want to keep it.
              </p>
              <button type="button" className="button button--danger-outline" onClick={ask}>
                Delete my account
              </button>
            </>
          );
        }}
      </QueryStates>
      <ConfirmDialog {...deletion.dialog} title="Delete your account?" confirmLabel="Delete my account" busy={requestDeletion.isPending} onConfirm={confirmDeletion}>
        <p>When the waiting period ends, we erase for good:</p>
        <ul className={styles.erased}>
          <li>your profile and sign-in details,</li>
          <li>two-step sign-in and your recovery codes,</li>
          <li>the apps you allowed, which stop working with this account,</li>
          <li>your security history and copies of your data.</li>
        </ul>
        <p>
          <strong>This cannot be undone once it is done.</strong> Until then you can cancel it on this page.
        </p>
      </ConfirmDialog>
    </Section>
  );
}
