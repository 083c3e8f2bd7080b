"use client";

import { useRef, useState } from "react";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Actions, Card, CardList, Fact, Facts, QueryStates, Section } from "@/components/ui/section";
import { PortalApiError } from "@/lib/portal-api/client";
import type { MemberSession } from "@/lib/sessions/schemas";
import { failedMessage } from "../api-messages";
import { LocalDateTime } from "../local-time";
import { useSessions, useSignOutOtherSessions, useSignOutSession } from "./security-queries";
import { distinctSessionNames } from "./session-names";

type Confirming = { kind: "one"; session: MemberSession } | { kind: "others" };


/**
 * Where the member is signed in: each browser or device with its address and times, when it ends (unused for
 * a while, and at the latest), this one marked.
 * Signing out another session (or all of them) is confirmed first, and ends its tokens at once.
 */
export function SessionsSection() {
  const sessions = useSessions();
  const signOutOne = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const confirmation = useConfirmation<Confirming>();
  const [announcement, setAnnouncement] = useState("");
  const [failure, setFailure] = useState("");
  const sectionHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(confirmation.open);
  const busy = signOutOne.isPending || signOutOthers.isPending;

  const list = sessions.data?.sessions ?? [];
  const others = list.filter((session) => !session.current);
  const names = distinctSessionNames(list);
  const nameOf = (session: MemberSession) => names.get(session.id) ?? "";

  function ask(next: Confirming) {
    setFailure("");
    confirmation.ask(next);
  }

  function done(message: string) {
    // The button that opened the dialog goes with its session: the section's heading takes focus instead.
    focusAfterClose(() => sectionHeading.current);
    confirmation.close();
    setAnnouncement(message);
  }

  function failed(what: string, error: Error) {
    confirmation.close();
    setFailure(
      error instanceof PortalApiError && error.code === "not_found" ? "That session had already ended." : failedMessage(what, error),
    );
  }

  function signOut() {
    const confirming = confirmation.subject;
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

  return (
    <Section id="sessions-title" title="Where you’re signed in" headingRef={sectionHeading} status={announcement} alert={failure}>
      <QueryStates query={sessions} loading="Loading where you are signed in…" failure="We couldn’t load your sessions">
        {() => (
          <>
            <CardList>
              {list.map((session) => (
                <li key={session.id}>
                  <SessionCard session={session} name={nameOf(session)} onSignOut={() => ask({ kind: "one", session })} />
                </li>
              ))}
            </CardList>
            {others.length > 0 ? (
              <button type="button" className="button button--danger" onClick={() => ask({ kind: "others" })}>
                Sign out everywhere else
              </button>
            ) : (
              <p className="muted">You are not signed in anywhere else.</p>
            )}
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        {...confirmation.dialog}
        title={confirmation.subject?.kind === "one" ? `Sign out of ${nameOf(confirmation.subject.session)}?` : "Sign out everywhere else?"}
        confirmLabel="Sign out"
        busy={busy}
        onConfirm={signOut}
      >
        <p>
          {confirmation.subject?.kind !== "one"
            ? "Every other browser and device will have to sign in again. You stay signed in here."
            : confirmation.subject.session.app
              ? "The device stops working as you at once. To use it again, sign it in with a new code."
              : "That browser will have to sign in again, and apps signed in through it will stop working there."}
        </p>
      </ConfirmDialog>
    </Section>
  );
}

function SessionCard({ session, name, onSignOut }: { session: MemberSession; name: string; onSignOut: () => void }) {
  return (
    <Card
      titleId={`session-${session.id}`}
      title={
        <>
          {name} {session.current ? <span className="badge">This device</span> : null}
          {session.app ? <span className="badge">Signed in with a code</span> : null}
        </>
      }
    >
      <Facts>
        <Fact term="IP address">{session.ip ?? "Unknown"}</Fact>
        <Fact term="Signed in">
          <LocalDateTime iso={session.created_at} />
        </Fact>
        <Fact term="Last active">
          <LocalDateTime iso={session.last_seen_at} />
        </Fact>
        <Fact term="Ends if unused">
          <LocalDateTime iso={session.idle_expires_at} />
        </Fact>
        <Fact term="Ends at the latest">
          <LocalDateTime iso={session.expires_at} />
        </Fact>
      </Facts>
      {session.current ? null : (
        <Actions>
          <button type="button" className="button button--danger-outline" onClick={onSignOut}>
            Sign out<span className="visually-hidden"> of {name}</span>
          </button>
        </Actions>
      )}
    </Card>
  );
}
