"use client";

import { useRef, useState } from "react";
import { ConfirmDialog, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { PortalApiError } from "@/lib/portal-api/client";
import type { MemberSession } from "@/lib/sessions/schemas";
import { failedMessage } from "../api-messages";
import { LoadError } from "../load-error";
import { LocalDateTime } from "../local-time";
import { useSessions, useSignOutOtherSessions, useSignOutSession } from "./security-queries";
import styles from "./security.module.css";
import { AlertMessage, StatusMessage } from "@/components/ui/live-messages";

type Confirming = { kind: "one"; session: MemberSession } | { kind: "others" };

const nameOf = (session: MemberSession) => `${session.browser} on ${session.device}`;

/**
 * Where the member is signed in: each browser or device with its address and times, when it ends (unused for
 * a while, and at the latest), this one marked.
 * Signing out another session (or all of them) is confirmed first, and ends its tokens at once.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const [confirming, setConfirming] = useState<Confirming | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(dialogOpen);
  const busy = signOutOne.isPending || signOutOthers.isPending;

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);

  function ask(next: Confirming) {
    setFailure("");
    setConfirming(next);
    setDialogOpen(true);
  }

  function done(message: string) {
    // The button that opened the dialog goes with its session: the section's heading takes focus instead.
    focusAfterClose(() => sectionHeading.current);
    setDialogOpen(false);
    setAnnouncement(message);
  }

  function failed(what: string, error: Error) {
    setDialogOpen(false);
    setFailure(
      error instanceof PortalApiError && error.code === "not_found" ? "That session had already ended." : failedMessage(what, error),
    );
  }

  function signOut() {
    if (!confirming || busy) return;
    setAnnouncement("");
    if (confirming.kind === "one") {
      const name = nameOf(confirming.session);
      signOutOne.mutate(confirming.session, { onSuccess: () => done(`Signed out of ${name}.`), onError: (error) => failed(`sign out of ${name}`, error) });
    } else {
      signOutOthers.mutate(undefined, {
        onSuccess: ({ revoked }) => done(revoked === 1 ? "Signed out of 1 other session." : `Signed out of ${revoked} other sessions.`),
        onError: (error) => failed("sign out of your other sessions", error),
      });
    }
  }

  let body;
  if (sessions.isPending) {
    body = <p className="muted" aria-busy="true">Loading where you are signed in…</p>;
  } else if (!sessions.data) {
    body = (
      <LoadError
        headingLevel={3}
        title="We couldn’t load your sessions"
        message={sessions.error?.message ?? "Please try again in a moment."}
        retrying={sessions.isFetching}
        onRetry={() => void sessions.refetch()}
      />
    );
  } else {
    body = (
      <>
        <ul role="list" className={styles.cards}>
          {list.map((session) => (
            <li key={session.id}>
              <SessionCard session={session} onSignOut={() => ask({ kind: "one", session })} />
            </li>
          ))}
        </ul>
        {others.length > 0 ? (
          <button type="button" className="button button--danger" onClick={() => ask({ kind: "others" })}>
            Sign out everywhere else
          </button>
        ) : (
          <p className="muted">You are not signed in anywhere else.</p>
        )}
      </>
    );
  }

  return (
    <section className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title" ref={sectionHeading} tabIndex={-1} className={styles.sectionTitle}>
        Where you’re signed in
      </h2>
      <StatusMessage message={announcement} />
      <AlertMessage message={failure} />
      {body}
      <ConfirmDialog
        open={dialogOpen}
        title={confirming?.kind === "one" ? `Sign out of ${nameOf(confirming.session)}?` : "Sign out everywhere else?"}
        confirmLabel="Sign out"
        busy={busy}
        onConfirm={signOut}
        onCancel={() => setDialogOpen(false)}
      >
        <p>
          {confirming?.kind === "one"
            ? "That browser will have to sign in again, and apps signed in through it will stop working there."
            : "Every other browser and device will have to sign in again. You stay signed in here."}
        </p>
      </ConfirmDialog>
    </section>
  );
}

function SessionCard({ session, onSignOut }: { session: MemberSession; onSignOut: () => void }) {
  const name = nameOf(session);
  const titleId = `session-${session.id}`;
  return (
    <article className={styles.card} aria-labelledby={titleId}>
      <h3 id={titleId} className={styles.cardTitle}>
        {name} {session.current ? <span className="badge">This device</span> : null}
      </h3>
      <dl className={styles.facts}>
        <div>
          <dt>IP address</dt>
          <dd>{session.ip ?? "Unknown"}</dd>
        </div>
        <div>
          <dt>Signed in</dt>
          <dd>
            <LocalDateTime iso={session.created_at} />
          </dd>
        </div>
        <div>
          <dt>Last active</dt>
          <dd>
            <LocalDateTime iso={session.last_seen_at} />
          </dd>
        </div>
        <div>
          <dt>Ends if unused</dt>
          <dd>
            <LocalDateTime iso={session.idle_expires_at} />
          </dd>
        </div>
        <div>
          <dt>Ends at the latest</dt>
          <dd>
            <LocalDateTime iso={session.expires_at} />
          </dd>
        </div>
      </dl>
      {session.current ? null : (
        <button type="button" className="button button--danger-outline" onClick={onSignOut}>
          Sign out<span className="visually-hidden"> of {name}</span>
        </button>
      )}
    </article>
  );
}
