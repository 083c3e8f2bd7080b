"use client";

import { useTranslations } from "next-intl";
import { useRef, useState } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { ConfirmDialog, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Actions, Section } from "@/components/ui/section";
import type { EventStatusChange } from "@/lib/calendar/staff-schemas";
import { useAdminEvent, useChangeEventStatus } from "./admin-queries";
import styles from "./admin.module.css";
import { changesFrom, statusBadgeClass, useChangeWords } from "./event-status-changes";
import { useEventStatusWords } from "./event-status-words";

const BUTTON_CLASS: Record<EventStatusChange, string> = { publish: "button button--primary", postpone: "button", cancel: "button button--danger" };

/**
 * Staff: on an event's own page, after its form, its status in words and the changes that make sense from
 * it (publish, postpone, cancel: the API's own rule), each asked first. The only place an event is
 * cancelled or postponed, so the red button lives here and not in the list. The outcome is said in a live
 * region and focus goes to this section's heading, since the button pressed may be gone.
 */
export function EventStatusPanel({ eventId }: { eventId: string }) {
  const t = useTranslations("AdminEvents.status");
  const api = useApiMessages();
  const changeWords = useChangeWords();
  const statusWord = useEventStatusWords();
  const event = useAdminEvent(eventId);
  const change = useChangeEventStatus();
  const [pending, setPending] = useState<EventStatusChange | null>(null);
  const [status, setStatus] = useState("");
  const [problem, setProblem] = useState("");
  const heading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(pending !== null);
  const data = event.data;

  function confirm() {
    if (!pending) return;
    const verb = pending;
    setProblem("");
    setStatus("");
    change.mutate(
      { eventId, change: verb },
      {
        onSuccess: (updated) => {
          setStatus(changeWords(verb).done(updated.title));
          focusAfterClose(() => heading.current);
          setPending(null);
        },
        onError: (error) => {
          setProblem(api.failed(changeWords(verb).failed(data?.title ?? ""), error));
          setPending(null);
        },
      },
    );
  }

  // The form above says the event is loading, or why it could not be read.
  if (!data) return null;
  const changes = changesFrom(data.status);

  return (
    <div className={styles.afterForm}>
      <Section id="event-status-title" title={t("title")} headingRef={heading} status={status} alert={problem}>
        <p>
          <span className={statusBadgeClass(data.status)}>{statusWord(data.status)}</span> {t(`meaning.${data.status}`)}
        </p>
        {changes.length > 0 ? (
          <Actions>
            {changes.map((verb) => (
              <button key={verb} type="button" className={BUTTON_CLASS[verb]} onClick={() => setPending(verb)}>
                {changeWords(verb).button}
              </button>
            ))}
          </Actions>
        ) : null}
        <ConfirmDialog
          open={pending !== null}
          title={pending ? changeWords(pending).title : ""}
          confirmLabel={pending ? changeWords(pending).button : t("confirm")}
          busy={change.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          {pending ? (
            <p>
              {t.rich("confirmBody", { title: data.title, strong: (chunks) => <strong>{chunks}</strong>, body: changeWords(pending).body })}
            </p>
          ) : null}
        </ConfirmDialog>
      </Section>
    </div>
  );
}
