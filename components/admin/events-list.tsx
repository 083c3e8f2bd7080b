"use client";

import Link from "next/link";
import { useRef, useState, type FormEvent } from "react";
import { asSentence, failedMessage } from "@/components/account/api-messages";
import { EventDateShort } from "@/components/calendar/event-date";
import { EVENT_TYPE_LABELS } from "@/components/calendar/labels";
import { ConfirmDialog, useFocusAfterClose } from "@/components/ui/confirm-dialog";
import { useTableSort } from "@/components/ui/use-table-sort";
import { DataTable, type TableColumn } from "@/components/ui/data-table";
import { sortParam } from "@/components/ui/data-table-logic";
import { RowMenu, type RowMenuItem } from "@/components/ui/row-menu";
import { Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import type { AdminEvent, EventStatusChange } from "@/lib/calendar/staff-schemas";
import { MAX_SEARCH_LENGTH } from "@/lib/staff-lists/schemas";
import { EVENT_STATUSES } from "@/lib/calendar/schemas";
import { EVENTS_PER_PAGE, useAdminEvents, useCampuses, useChangeEventStatus } from "./admin-queries";
import styles from "./admin.module.css";
import { CHANGE_WORDS, statusBadgeClass } from "./event-status-changes";
import { EVENT_STATUS_WORDS } from "./event-status-words";
import { StaffListResults } from "./staff-list-results";

type EventColumn = "title" | "when" | "status" | "type" | "campus" | "actions";

/** The API's sort field (EVENT_SORT_FIELDS) of the sorted column: the title, or else the start. */
const sortFieldOf = (column: EventColumn) => (column === "title" ? "title" : "startAt");

/**
 * The staff list of events as a table: search by title or address, filter by status, sort by title or by
 * when it starts, page through. Each row names the event (a link to edit it), when it is in its own time
 * zone, its status, type and campus, and a menu: edit, attendance, the calendar's page, and publishing a
 * draft (asked first). Postponing and cancelling are on the event's own page, not in the list. Outcomes are
 * announced in a live region; focus comes back to the row's menu button.
 */
export function EventsList({ notice = "" }: { notice?: string }) {
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState({ q: "", page: 1, status: "" });
  const sorting = useTableSort<EventColumn>({ column: "when", direction: "ascending" }, () => setQuery((current) => ({ ...current, page: 1 })));
  const { sort } = sorting;
  const events = useAdminEvents({ ...query, sort: sortParam(sortFieldOf(sort.column), sort.direction) });
  const campuses = useCampuses();
  const change = useChangeEventStatus();
  const [pending, setPending] = useState<{ event: AdminEvent; change: EventStatusChange } | null>(null);
  const [announcement, setAnnouncement] = useState(notice);
  const [problem, setProblem] = useState("");
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const focusAfterClose = useFocusAfterClose(pending !== null);
  const campusNames = new Map((campuses.data?.items ?? []).map((campus) => [campus.id, campus.name]));

  function search(event: FormEvent) {
    event.preventDefault();
    setQuery((current) => ({ ...current, q: draft.trim().slice(0, MAX_SEARCH_LENGTH), page: 1 }));
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
          // Focus returns to the row's menu button; a row that leaves the filtered list takes it away.
          if (query.status && query.status !== updated.status) focusAfterClose(() => resultsHeading.current);
          setPending(null);
        },
        onError: (error) => {
          setProblem(failedMessage(`${CHANGE_WORDS[verb].button.toLowerCase()} “${event.title}”`, error));
          setPending(null);
        },
      },
    );
  }

  function actionsOf(event: AdminEvent): RowMenuItem[] {
    const items: RowMenuItem[] = [{ label: "Edit", href: `/admin/events/${event.eventId}` }];
    if (event.status !== "DRAFT") items.push({ label: "Attendance", href: `/admin/events/${event.eventId}/attendance` });
    if (event.status !== "DRAFT" && event.visibility === "public") items.push({ label: "View on calendar", href: `/calendar/${event.slug}`, fullPage: true });
    if (event.status === "DRAFT") items.push({ label: CHANGE_WORDS.publish.button, onSelect: () => setPending({ event, change: "publish" }) });
    return items;
  }

  const columns: TableColumn<AdminEvent, EventColumn>[] = [
    {
      key: "title",
      label: "Title",
      rowHeader: true,
      sort: { ascending: "title, A to Z", descending: "title, Z to A" },
      cell: (event) => <Link href={`/admin/events/${event.eventId}`}>{event.title}</Link>,
    },
    {
      key: "when",
      label: "When",
      sort: { ascending: "date, earliest first", descending: "date, latest first" },
      cell: (event) => <EventDateShort event={event} />,
    },
    { key: "status", label: "Status", cell: (event) => <span className={statusBadgeClass(event.status)}>{EVENT_STATUS_WORDS[event.status]}</span> },
    { key: "type", label: "Type", cell: (event) => EVENT_TYPE_LABELS[event.eventType] },
    { key: "campus", label: "Campus", cell: (event) => (event.campusId ? (campusNames.get(event.campusId) ?? "") : "None") },
    { key: "actions", label: "Actions", actions: true, cell: (event) => <RowMenu name={event.title} items={actionsOf(event)} /> },
  ];

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
              {EVENT_STATUS_WORDS[status]}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button">
          Search
        </button>
      </form>
      <StaffListResults
        query={events}
        page={query.page}
        perPage={EVENTS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={["event", "events"]}
        loading="Loading events…"
        failure="We couldn’t load the events"
        empty={query.q || query.status ? "No events match this search." : "There are no events yet."}
        emptyAction={
          <Link href="/admin/events/new" className="button button--primary">
            Create an event
          </Link>
        }
        pagerLabel="Pages of events"
        headingRef={resultsHeading}
        layout="table"
      >
        {(items, { busy }) => (
          <DataTable
            caption="Events"
            columns={columns}
            rows={items}
            rowKey={(event) => event.eventId}
            {...sorting}
            busy={busy}
          />
        )}
      </StaffListResults>
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
