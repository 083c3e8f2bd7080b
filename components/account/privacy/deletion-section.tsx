"use client";

import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { DataRequest } from "@/lib/privacy/schemas";
import { failedMessage } from "../api-messages";
import { LoadError } from "../load-error";
import { LocalDateTime } from "../local-time";
import { pendingDeletion } from "./data-request-words";
import { useCancelDeletion, useDataRequests, useRequestDeletion } from "./privacy-queries";
import styles from "./privacy.module.css";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

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
  const [dialogOpen, setDialogOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  const focusHeadingOnClose = useRef(false);

  // The button that opened the dialog goes away with the change: the heading takes focus instead, next
  // to what changed (the dialog hands focus back first, in its own effect).
  useEffect(() => {
    if (dialogOpen || !focusHeadingOnClose.current) return;
    focusHeadingOnClose.current = false;
    sectionHeading.current?.focus();
  });

  function ask() {
    setFailure("");
    setAnnouncement("");
    requestDeletion.reset();
    setDialogOpen(true);
  }

  function confirmDeletion() {
    if (requestDeletion.isPending) return;
    requestDeletion.mutate(undefined, {
      onSuccess: (request) => {
        focusHeadingOnClose.current = true;
        setDialogOpen(false);
        setAnnouncement(`Your account will be deleted on ${DATE_TIME.format(new Date(request.due_at ?? request.created_at))}. You can cancel until then.`);
      },
      onError: (error) => {
        setDialogOpen(false);
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

  let body;
  if (requests.isPending) {
    body = <p className="muted" aria-busy="true">Loading…</p>;
  } else if (!requests.data) {
    body = (
      <LoadError
        headingLevel={3}
        title="We couldn’t check whether a deletion is scheduled"
        message={requests.error?.message ?? "Please try again in a moment."}
        retrying={requests.isFetching}
        onRetry={() => void requests.refetch()}
      />
    );
  } else {
    const pending = pendingDeletion(requests.data.requests);
    body = pending ? (
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
  }

  return (
    <section className={styles.section} aria-labelledby="deletion-title">
      <h2 id="deletion-title" ref={sectionHeading} tabIndex={-1} className={styles.sectionTitle}>
        Delete your account
      </h2>
      <StatusMessage message={announcement} />
      <AlertMessage message={failure} />
      {body}
      <ConfirmDialog
        open={dialogOpen}
        title="Delete your account?"
        confirmLabel="Delete my account"
        busy={requestDeletion.isPending}
        onConfirm={confirmDeletion}
        onCancel={() => setDialogOpen(false)}
      >
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
    </section>
  );
}
