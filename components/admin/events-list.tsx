"use client";

import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { asSentence, failedMessage } from "@/components/account/api-messages";
import { EVENT_TYPE_LABELS } from "@/components/calendar/labels";
import { ConfirmDialog, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Pager } from "@/components/ui/pager";
import { Actions, Card, CardList, Meta, QueryStates, Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { EVENT_STATUS_CHANGES, type AdminEvent, type EventStatusChange } from "@/lib/calendar/staff-schemas";
import { MAX_SEARCH_LENGTH } from "@/lib/staff-lists/schemas";
import { EVENT_STATUSES } from "@/lib/calendar/schemas";
import { EVENTS_PER_PAGE, useAdminEvents, useChangeEventStatus } from "./admin-queries";
import styles from "./admin.module.css";
import { EVENT_STATUS_WORDS } from "./event-status-words";

const STATUS_WORDS: Record<string, string> = EVENT_STATUS_WORDS;

const CHANGE_WORDS: Record<EventStatusChange, { button: string; title: string; body: string; done: string }> = {
  publish: {
    button: "Publish",
    title: "Publish this event?",
    body: "It appears on the public calendar, in embeds and in calendar subscriptions at once.",
    done: "is published on the calendar",
  },
  postpone: {
    button: "Postpone",
    title: "Postpone this event?",
    body: "It stays on the calendar marked “Postponed”. Edit its dates and publish it again when they are known.",
    done: "is marked postponed on the calendar",
  },
  cancel: {
    button: "Cancel event",
    title: "Cancel this event?",
    body: "It stays on the calendar marked “Cancelled”, so people who planned to come see the change.",
    done: "is marked cancelled on the calendar",
  },
};

/** Which status changes make sense from a status, in the order the buttons show. */
function changesFrom(status: string): EventStatusChange[] {
  return (Object.keys(EVENT_STATUS_CHANGES) as EventStatusChange[]).filter((change) => {
    const rule = EVENT_STATUS_CHANGES[change];
    return rule.to !== status && (rule.from as readonly string[]).includes(status);
  });
}

/**
 * The staff list of events: search by title or slug, filter by status, page through; each event opens
 * for editing, and publishing, postponing and cancelling each ask first. Outcomes are announced in a live
 * region, and focus goes to the changed event's title.
 */
export function EventsList({ notice = "" }: { notice?: string }) {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState({ q: "", page: 1, status: "" });
  const events = useAdminEvents(query);
  const change = useChangeEventStatus();
  const [pending, setPending] = useState<{ event: AdminEvent; change: EventStatusChange } | null>(null);
  const [announcement, setAnnouncement] = useState(notice);
  const [problem, setProblem] = useState("");
  const titles = useRef(new Map<string, HTMLHeadingElement>());
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(pending !== null);

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: draft.trim().slice(0, MAX_SEARCH_LENGTH), page: 1 }));
  }

  function goTo(page: number) {
    setQuery((current) => ({ ...current, page }));
    resultsHeading.current?.focus();
  }

  function confirm() {
    if (!pending) return;
    const { event, change: verb } = pending;
    setProblem("");
    change.mutate(
      { eventId: event.eventId, change: verb },
      {
        onSuccess: (updated) => {
          setAnnouncement(`“${updated.title}” ${CHANGE_WORDS[verb].done}.`);
          focusAfterClose(() => titles.current.get(updated.eventId));
          setPending(null);
        },
        onError: (error) => {
          setProblem(failedMessage(`${CHANGE_WORDS[verb].button.toLowerCase()} “${event.title}”`, error));
          focusAfterClose(() => titles.current.get(event.eventId));
          setPending(null);
        },
      },
    );
  }

  const data = events.data;
  const lastPage = data ? Math.max(1, Math.ceil(data.metadata.total / EVENTS_PER_PAGE)) : 1;

  return (
    <Section
      id="events-title"
      title="All events"
      action={
        <Link href="/admin/events/new" className="button button--primary">
          New event
        </Link>
      }
      status={announcement}
      alert={problem ? asSentence(problem) : ""}
    >
      <form className={styles.toolbar} role="search" aria-label="Events" onSubmit={search}>
        <TextField label="Search by title or address" name="q" type="search" value={draft} maxLength={MAX_SEARCH_LENGTH} onChange={(event) => setDraft(event.target.value)} />
        <SelectField label="Status" value={query.status} onChange={(event) => setQuery((current) => ({ ...current, status: event.target.value, page: 1 }))}>
          <option value="">Any status</option>
          {EVENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {STATUS_WORDS[status]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <h3 ref={resultsHeading} tabIndex={-1} className="visually-hidden">
        {data ? `${data.metadata.total} ${data.metadata.total === 1 ? "event" : "events"}` : "Events"}
      </h3>
      <QueryStates
        query={events}
        loading="Loading events…"
        failure="We couldn’t load the events"
        empty={(page) =>
          page.items.length === 0 && (
            <EmptyState>
              <p>{query.q || query.status ? "No events match this search." : "There are no events yet."}</p>
              <Link href="/admin/events/new" className="button button--primary">
                Create an event
              </Link>
            </EmptyState>
          )
        }
      >
        {(page) => (
          <>
            <CardList busy={events.isFetching}>
              {page.items.map((event) => (
                <Card
                  key={event.eventId}
                  as="li"
                  headingRef={(element) => {
                    if (element) titles.current.set(event.eventId, element);
                    else titles.current.delete(event.eventId);
                  }}
                  title={
                    <>
                      {event.title}
                      <span className={`badge ${event.status === "CANCELLED" ? "badge--cancelled" : event.status === "POSTPONED" ? "badge--postponed" : event.status === "DRAFT" ? "badge--muted" : ""}`}>
                        {STATUS_WORDS[event.status]}
                      </span>
                    </>
                  }
                >
                  <Meta>
                    {event.startDate} {event.startTime}–{event.endDate === event.startDate ? "" : `${event.endDate} `}
                    {event.endTime} ({event.timezone}) · {EVENT_TYPE_LABELS[event.eventType]} · {event.visibility}
                  </Meta>
                  <Meta>/calendar/{event.slug}</Meta>
                  <Actions>
                    <Link href={`/admin/events/${event.eventId}`} className="button" aria-label={`Edit “${event.title}”`}>
                      Edit
                    </Link>
                    {event.status === "DRAFT" ? null : (
                      <Link href={`/admin/events/${event.eventId}/attendance`} className="button" aria-label={`Attendance of “${event.title}”`}>
                        Attendance
                      </Link>
                    )}
                    {changesFrom(event.status).map((verb) => (
                      <button
                        key={verb}
                        type="button"
                        className={`button ${verb === "cancel" ? "button--danger" : verb === "publish" ? "button--primary" : ""}`}
                        aria-label={`${CHANGE_WORDS[verb].button} “${event.title}”`}
                        onClick={() => setPending({ event, change: verb })}
                      >
                        {CHANGE_WORDS[verb].button}
                      </button>
                    ))}
                    {event.status !== "DRAFT" && event.visibility === "public" ? (
                      <a href={`/calendar/${event.slug}`} className="button">
                        View on calendar
                      </a>
                    ) : null}
                  </Actions>
                </Card>
              ))}
            </CardList>
            <Pager label="Pages of events" page={query.page} lastPage={lastPage} onPage={goTo} />
          </>
        )}
      </QueryStates>
      <ConfirmDialog
        open={pending !== null}
        title={pending ? CHANGE_WORDS[pending.change].title : ""}
        confirmLabel={pending ? CHANGE_WORDS[pending.change].button : "Confirm"}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            <strong>{pending.event.title}</strong> — {CHANGE_WORDS[pending.change].body}
          </p>
        ) : null}
      </ConfirmDialog>
    </Section>
  );
}
