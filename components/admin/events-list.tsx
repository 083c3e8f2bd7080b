"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRef, useState, type FormEvent } from "react";
import { useApiMessages } from "@/components/account/api-messages";
import { EventDateShort } from "@/components/calendar/event-date";
import { eventTypeLabel } from "@/components/calendar/labels";
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
import { statusBadgeClass, useChangeWords } from "./event-status-changes";
import { useEventStatusWords } from "./event-status-words";
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
  const t = useTranslations("AdminEvents.list");
  const labels = useTranslations("Calendar.labels");
  const api = useApiMessages();
  const changeWords = useChangeWords();
  const statusWord = useEventStatusWords();
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
          setAnnouncement(changeWords(verb).done(updated.title));
          // Focus returns to the row's menu button; a row that leaves the filtered list takes it away.
          if (query.status && query.status !== updated.status) focusAfterClose(() => resultsHeading.current);
          setPending(null);
        },
        onError: (error) => {
          setProblem(api.failed(changeWords(verb).failed(event.title), error));
          setPending(null);
        },
      },
    );
  }

  function actionsOf(event: AdminEvent): RowMenuItem[] {
    const items: RowMenuItem[] = [{ label: t("edit"), href: `/admin/events/${event.eventId}` }];
    if (event.status !== "DRAFT") items.push({ label: t("attendance"), href: `/admin/events/${event.eventId}/attendance` });
    if (event.status !== "DRAFT" && event.visibility === "public") items.push({ label: t("viewOnCalendar"), href: `/calendar/${event.slug}`, fullPage: true });
    if (event.status === "DRAFT") items.push({ label: changeWords("publish").button, onSelect: () => setPending({ event, change: "publish" }) });
    return items;
  }

  const columns: TableColumn<AdminEvent, EventColumn>[] = [
    {
      key: "title",
      label: t("columnTitle"),
      rowHeader: true,
      sort: { ascending: t("sortTitleAscending"), descending: t("sortTitleDescending") },
      cell: (event) => <Link href={`/admin/events/${event.eventId}`}>{event.title}</Link>,
    },
    {
      key: "when",
      label: t("columnWhen"),
      sort: { ascending: t("sortDateAscending"), descending: t("sortDateDescending") },
      cell: (event) => <EventDateShort event={event} />,
    },
    { key: "status", label: t("columnStatus"), cell: (event) => <span className={statusBadgeClass(event.status)}>{statusWord(event.status)}</span> },
    { key: "type", label: t("columnType"), cell: (event) => eventTypeLabel(labels, event.eventType) },
    { key: "campus", label: t("columnCampus"), cell: (event) => (event.campusId ? (campusNames.get(event.campusId) ?? "") : t("noCampus")) },
    { key: "actions", label: t("columnActions"), actions: true, cell: (event) => <RowMenu name={event.title} items={actionsOf(event)} /> },
  ];

  return (
    <Section
      id="events-title"
      title={t("title")}
      action={
        <Link href="/admin/events/new" className="button button--primary">
          {t("newEvent")}
        </Link>
      }
      status={announcement}
      alert={problem}
    >
      <form className={styles.toolbar} role="search" aria-label={t("searchName")} onSubmit={search}>
        <TextField label={t("searchLabel")} name="q" type="search" value={draft} maxLength={MAX_SEARCH_LENGTH} onChange={(event) => setDraft(event.target.value)} />
        <SelectField label={t("statusFilter")} value={query.status} onChange={(event) => setQuery((current) => ({ ...current, status: event.target.value, page: 1 }))}>
          <option value="">{t("anyStatus")}</option>
          {EVENT_STATUSES.map((status) => (
            <option key={status} value={status}>
              {statusWord(status)}
            </option>
          ))}
        </SelectField>
        <button type="submit" className="button">
          {t("search")}
        </button>
      </form>
      <StaffListResults
        query={events}
        page={query.page}
        perPage={EVENTS_PER_PAGE}
        onPage={(next) => setQuery((current) => ({ ...current, page: next }))}
        count={(total) => (total === undefined ? t("countHeading") : t("count", { count: total }))}
        loading={t("loading")}
        failure={t("loadFailed")}
        empty={query.q || query.status ? t("noMatch") : t("none")}
        emptyAction={
          <Link href="/admin/events/new" className="button button--primary">
            {t("createEvent")}
          </Link>
        }
        pagerLabel={t("pagerLabel")}
        headingRef={resultsHeading}
        layout="table"
      >
        {(items, { busy }) => (
          <DataTable
            caption={t("caption")}
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
        title={pending ? changeWords(pending.change).title : ""}
        confirmLabel={pending ? changeWords(pending.change).button : t("confirm")}
        busy={change.isPending}
        onConfirm={confirm}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            {t.rich("confirmBody", { title: pending.event.title, strong: (chunks) => <strong>{chunks}</strong>, body: changeWords(pending.change).body })}
          </p>
        ) : null}
      </ConfirmDialog>
    </Section>
  );
}
