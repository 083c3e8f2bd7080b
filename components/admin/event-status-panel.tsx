"use client";

import { useRef, useState } from "react";
import { asSentence, failedMessage } from "@/components/account/api-messages";
import { ConfirmDialog, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { Actions, Section } from "@/components/ui/section";
import type { EventStatus } from "@/lib/calendar/schemas";
import type { EventStatusChange } from "@/lib/calendar/staff-schemas";
import { useAdminEvent, useChangeEventStatus } from "./admin-queries";
import styles from "./admin.module.css";
import { CHANGE_WORDS, changesFrom, statusBadgeClass } from "./event-status-changes";
import { EVENT_STATUS_WORDS } from "./event-status-words";

/** What each status means for the people who read the calendar, after its badge. */
const STATUS_SENTENCES: Record<EventStatus, string> = {
  DRAFT: "Not on the calendar: only staff see it until it is published.",
  SCHEDULED: "On the calendar for everyone to see.",
  ACTIVE: "On the calendar, and taking place now.",
  COMPLETED: "It has ended. It stays on the calendar among past events.",
  CANCELLED: "It stays on the calendar marked cancelled. Publish it again if it takes place after all.",
  POSTPONED: "It stays on the calendar marked postponed. Change its dates above, then publish it again.",
};

const BUTTON_CLASS: Record<EventStatusChange, string> = { publish: "button button--primary", postpone: "button", cancel: "button button--danger" };

/**
 * Staff: on an event's own page, after its form, its status in words and the changes that make sense from
 * it (publish, postpone, cancel: the API's own rule), each asked first. The only place an event is
 * cancelled or postponed, so the red button lives here and not in the list. The outcome is said in a live
 * region and focus goes to this section's heading, since the button pressed may be gone.
 */
export function EventStatusPanel({ eventId }: { eventId: string }) {
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
          setStatus(`“${updated.title}” ${CHANGE_WORDS[verb].done}.`);
          focusAfterClose(() => heading.current);
          setPending(null);
        },
        onError: (error) => {
          setProblem(asSentence(failedMessage(`${CHANGE_WORDS[verb].button.toLowerCase()} “${data?.title ?? "the event"}”`, error)));
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
      <Section id="event-status-title" title="Status" headingRef={heading} status={status} alert={problem}>
        <p>
          <span className={statusBadgeClass(data.status)}>{EVENT_STATUS_WORDS[data.status]}</span> {STATUS_SENTENCES[data.status]}
        </p>
        {changes.length > 0 ? (
          <Actions>
            {changes.map((verb) => (
              <button key={verb} type="button" className={BUTTON_CLASS[verb]} onClick={() => setPending(verb)}>
                {CHANGE_WORDS[verb].button}
              </button>
            ))}
          </Actions>
        ) : null}
        <ConfirmDialog
          open={pending !== null}
          title={pending ? CHANGE_WORDS[pending].title : ""}
          confirmLabel={pending ? CHANGE_WORDS[pending].button : "Confirm"}
          busy={change.isPending}
          onConfirm={confirm}
          onCancel={() => setPending(null)}
        >
          {pending ? (
            <p>
              <strong>{data.title}</strong> — {CHANGE_WORDS[pending].body}
            </p>
          ) : null}
        </ConfirmDialog>
      </Section>
    </div>
  );
}
