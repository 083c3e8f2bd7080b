"use client";

import { useLocale, useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { ConfirmDialog, useConfirmation, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Actions, Card, CardList, Fact, Facts, QueryStates, Section } from "@/components/ui/section";
import { PortalApiError } from "@/lib/portal-api/client";
import type { MemberSession } from "@/lib/sessions/schemas";
import { useApiMessages } from "../api-messages";
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
  const t = useTranslations("AccountSecurity");
  const api = useApiMessages();
  const locale = useLocale();
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
  const signedIn = useMemo(() => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }), [locale]);
  const names = distinctSessionNames((key, values) => t(`sessions.${key}`, values), list, (date) => signedIn.format(date));
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

  function failed(sentence: string, error: Error) {
    confirmation.close();
    setFailure(error instanceof PortalApiError && error.code === "not_found" ? t("sessions.alreadyEnded") : api.failed(sentence, error));
  }

  function signOut() {
    const confirming = confirmation.subject;
    if (!confirming || busy) return;
    setAnnouncement("");
    if (confirming.kind === "one") {
      const name = nameOf(confirming.session);
      signOutOne.mutate(confirming.session, {
        onSuccess: () => done(t("sessions.signedOutOf", { name })),
        onError: (error) => failed(t("sessions.signOutOfFailed", { name }), error),
      });
    } else {
      signOutOthers.mutate(undefined, {
        onSuccess: ({ revoked }) => done(t("sessions.signedOutOthers", { revoked })),
        onError: (error) => failed(t("sessions.signOutOthersFailed"), error),
      });
    }
  }

  return (
    <Section id="sessions-title" title={t("sessions.title")} headingRef={sectionHeading} status={announcement} alert={failure}>
      <QueryStates query={sessions} loading={t("sessions.loading")} failure={t("sessions.loadFailed")}>
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
                {t("sessions.signOutOthers")}
              </button>
            ) : (
              <p className="muted">{t("sessions.nowhereElse")}</p>
            )}
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        {...confirmation.dialog}
        title={confirmation.subject?.kind === "one" ? t("sessions.confirmOne", { name: nameOf(confirmation.subject.session) }) : t("sessions.confirmOthers")}
        confirmLabel={t("sessions.signOut")}
        busy={busy}
        onConfirm={signOut}
      >
        <p>
          {confirmation.subject?.kind !== "one"
            ? t("sessions.confirmOthersText")
            : confirmation.subject.session.app
              ? t("sessions.confirmDeviceText")
              : t("sessions.confirmBrowserText")}
        </p>
      </ConfirmDialog>
    </Section>
  );
}

function SessionCard({ session, name, onSignOut }: { session: MemberSession; name: string; onSignOut: () => void }) {
  const t = useTranslations("AccountSecurity");
  return (
    <Card
      titleId={`session-${session.id}`}
      title={
        <>
          {name} {session.current ? <span className="badge">{t("sessions.thisDevice")}</span> : null}
          {session.app ? <span className="badge">{t("sessions.withCode")}</span> : null}
        </>
      }
    >
      <Facts>
        <Fact term={t("sessions.ipAddress")}>{session.ip ?? t("sessions.unknown")}</Fact>
        <Fact term={t("sessions.signedIn")}>
          <LocalDateTime iso={session.created_at} />
        </Fact>
        <Fact term={t("sessions.lastActive")}>
          <LocalDateTime iso={session.last_seen_at} />
        </Fact>
        <Fact term={t("sessions.endsIfUnused")}>
          <LocalDateTime iso={session.idle_expires_at} />
        </Fact>
        <Fact term={t("sessions.endsAtLatest")}>
          <LocalDateTime iso={session.expires_at} />
        </Fact>
      </Facts>
      {session.current ? null : (
        <Actions>
          <button type="button" className="button button--danger-outline" onClick={onSignOut}>
            {t.rich("sessions.signOutNamed", { name, hidden: (chunks) => <span className="visually-hidden">{chunks}</span> })}
          </button>
        </Actions>
      )}
    </Card>
  );
}
