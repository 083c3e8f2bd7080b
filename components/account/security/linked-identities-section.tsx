"use client";

import { useEffect, useRef, useState } from "react";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import type { FederationProviderSummary, LinkedIdentity } from "@/lib/federation/schemas";
import { PortalApiError } from "@/lib/portal-api/client";
import { failedMessage } from "../api-messages";
import { LoadError } from "../load-error";
import { LocalDate, LocalDateTime } from "../local-time";
import { useLinkedIdentities, useRemoveLinkedIdentity } from "./linked-identities-queries";
import styles from "./security.module.css";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

export interface FederationNotice {
  tone: "success" | "error";
  text: string;
}

/**
 * Accounts at other providers (docs/decisions/0014) that can sign the member in with "Continue with":
 * each one with its masked email and dates, removable after a confirmation. "Link" is a plain form to
 * the authorization server, which sends the member to the provider and back to a confirmation page;
 * nothing is linked without that confirmation, and never by matching an email address.
 */
export function LinkedIdentitiesSection({
  providers,
  csrfToken,
  notice,
}: {
  providers: FederationProviderSummary[];
  csrfToken: string;
  /** What happened on the way back from a link attempt (the page reads it from the query). */
  notice: FederationNotice | null;
}) {
  const identities = useLinkedIdentities();
  const remove = useRemoveLinkedIdentity();
  const [removing, setRemoving] = useState<LinkedIdentity | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const focusHeadingOnClose = useRef(false);

  // Back from a link attempt: the outcome is what the member came to read, so it takes focus.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  // The removed identity's button goes with it: the section's heading takes focus instead.
  useEffect(() => {
    if (dialogOpen || !focusHeadingOnClose.current) return;
    focusHeadingOnClose.current = false;
    heading.current?.focus();
  });

  function confirmRemoval() {
    if (!removing || remove.isPending) return;
    const identity = removing;
    setAnnouncement("");
    setFailure("");
    remove.mutate(identity, {
      onSuccess: () => {
        focusHeadingOnClose.current = true;
        setDialogOpen(false);
        setAnnouncement(`Your ${identity.provider_name} account is no longer linked.`);
      },
      onError: (error) => {
        setDialogOpen(false);
        setFailure(
          error instanceof PortalApiError && error.code === "not_found"
            ? "That account had already been unlinked."
            : failedMessage(`unlink your ${identity.provider_name} account`, error),
        );
      },
    });
  }

  let body;
  if (identities.isPending) {
    body = (
      <p className="muted" aria-busy="true">
        Loading your linked accounts…
      </p>
    );
  } else if (!identities.data) {
    body = (
      <LoadError
        headingLevel={3}
        title="We couldn’t load your linked accounts"
        message={identities.error?.message ?? "Please try again in a moment."}
        retrying={identities.isFetching}
        onRetry={() => void identities.refetch()}
      />
    );
  } else if (identities.data.identities.length === 0) {
    body = <p className="muted">No accounts from other providers are linked.</p>;
  } else {
    body = (
      <ul role="list" className={styles.cards}>
        {identities.data.identities.map((identity) => (
          <li key={identity.id}>
            <IdentityCard
              identity={identity}
              onRemove={() => {
                setFailure("");
                setRemoving(identity);
                setDialogOpen(true);
              }}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="linked-identities-title">
      <h2 id="linked-identities-title" ref={heading} tabIndex={-1} className={styles.sectionTitle}>
        Linked accounts
      </h2>
      <p>
        Sign in with an account you already have elsewhere. An account is linked only when you ask for it here and confirm it, never because an
        email address matches.
      </p>
      {notice ? (
        <div ref={noticeRef} tabIndex={-1} role={notice.tone === "error" ? "alert" : "status"} className={notice.tone === "error" ? "notice notice--error" : "notice"}>
          <p>{notice.text}</p>
        </div>
      ) : null}
      <StatusMessage message={announcement} />
      <AlertMessage message={failure} />
      {body}
      {providers.length > 0 ? (
        <ul role="list" className={styles.linkProviders}>
          {providers.map((provider) => (
            <li key={provider.id}>
              <form method="post" action="/auth/federated/start">
                <input type="hidden" name="csrf_token" value={csrfToken} />
                <input type="hidden" name="intent" value="link" />
                <button type="submit" name="provider" value={provider.id} className="button">
                  Link your {provider.displayName} account
                </button>
              </form>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Signing in with another provider isn’t set up here.</p>
      )}
      <ConfirmDialog
        open={dialogOpen}
        title={removing ? `Unlink your ${removing.provider_name} account?` : "Unlink this account?"}
        confirmLabel="Remove"
        busy={remove.isPending}
        onConfirm={confirmRemoval}
        onCancel={() => setDialogOpen(false)}
      >
        <p>
          {removing
            ? `“Continue with ${removing.provider_name}” will no longer sign you in. Your password and the rest of your account stay as they are.`
            : null}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function IdentityCard({ identity, onRemove }: { identity: LinkedIdentity; onRemove: () => void }) {
  const titleId = `linked-identity-${identity.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {identity.provider_name}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>Email there</dt>
          <dd>{identity.email ?? "Not shared"}</dd>
        </div>
        <div>
          <dt>Linked</dt>
          <dd>
            <LocalDate iso={identity.linked_at} />
          </dd>
        </div>
        <div>
          <dt>Last used to sign in</dt>
          <dd>{identity.last_used_at ? <LocalDateTime iso={identity.last_used_at} /> : "Never"}</dd>
        </div>
      </dl>
      <button type="button" className="button button--danger-outline" onClick={onRemove}>
        Remove<span className="visually-hidden"> your {identity.provider_name} account</span>
      </button>
    </article>
  );
}
