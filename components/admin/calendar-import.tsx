"use client";

import Link from "next/link";
import { useState, type ChangeEvent, type FormEvent } from "react";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormProblem } from "@/components/ui/form-problem";
import { Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { EVENT_TYPE_LABELS } from "@/lib/calendar/event-type-labels";
import { EVENT_TYPES, type EventType } from "@/lib/calendar/schemas";
import { CALENDAR_MAX_BYTES } from "@/lib/calendar-import/calendar-import-rules";
import type { CalendarImportAnswer } from "@/lib/calendar-import/schemas";
import { useCampuses, useMinistries } from "./admin-queries";
import { useCalendarImport, useCalendarImports, useCalendarImportWrites } from "./calendar-import-queries";
import { base64Of } from "./file-base64";
import { splitRefusal } from "./household-refusal";
import countStyles from "./count-cards.module.css";
import ownStyles from "./calendar-import.module.css";
import styles from "./people-import.module.css";

const counted = (count: number, one: string, other: string) => `${count.toLocaleString()} ${count === 1 ? one : other}`;
const dateOf = (iso: string) => new Date(iso).toLocaleString(undefined, { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" });

const STATUS_WORDS: Record<CalendarImportAnswer["status"], string> = { ready: "Checked, not imported", done: "Imported", failed: "Could not be read" };

type Writes = ReturnType<typeof useCalendarImportWrites>;

/**
 * Staff › Import a calendar (issue 40): a Google, Outlook or Apple calendar, from its file or its address,
 * checked before anything changes (what would be added, updated or cancelled, which repeating events stay a
 * series), imported, and for an address kept in sync every hour.
 */
export function CalendarImport({ initialId }: { initialId: string | null }) {
  const [currentId, setCurrentId] = useState(initialId);
  const open = (id: string) => {
    setCurrentId(id);
    window.history.replaceState(null, "", `/admin/calendar-import?import=${encodeURIComponent(id)}`);
  };
  const writes = useCalendarImportWrites((found) => open(found.id));
  const current = useCalendarImport(currentId);
  return (
    <>
      <SourceSection writes={writes} />
      {current.data ? <ImportPanel key={current.data.id} found={current.data} writes={writes} /> : null}
      <PastImports currentId={currentId} onOpen={open} />
    </>
  );
}

function SourceSection({ writes }: { writes: Writes }) {
  const campuses = useCampuses();
  const ministries = useMinistries();
  const [from, setFrom] = useState<"address" | "file">("address");
  const [address, setAddress] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [eventType, setEventType] = useState<EventType>("SPECIAL_EVENT");
  const [campusId, setCampusId] = useState("");
  const [ministryId, setMinistryId] = useState("");
  const [publish, setPublish] = useState(true);
  const [keepInSync, setKeepInSync] = useState(true);
  const [complaint, setComplaint] = useState("");
  const refusal = splitRefusal(writes.read.error, ["address", "file", "content"] as const, "read the calendar");

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setComplaint("");
    if (chosen && chosen.size > CALENDAR_MAX_BYTES) {
      setComplaint(`This file is ${Math.ceil(chosen.size / 1024 / 1024)} MB; a calendar file can be at most ${CALENDAR_MAX_BYTES / 1024 / 1024} MB. Export a shorter range of dates.`);
      event.target.value = "";
      return;
    }
    setFile(chosen);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setComplaint("");
    const choices = { event_type: eventType, campus_id: campusId || null, ministry_id: ministryId || null, publish };
    if (from === "file") {
      if (!file) return setComplaint("Choose the calendar’s file first.");
      writes.read.mutate({ ...choices, file_name: file.name, content: base64Of(new Uint8Array(await file.arrayBuffer())), keep_in_sync: false });
    } else {
      if (!address.trim()) return setComplaint("Paste the calendar’s address first.");
      writes.read.mutate({ ...choices, address, keep_in_sync: keepInSync });
    }
  }

  return (
    <Section id="calendar-source-title" title="Where is your calendar?" description="Nothing changes until you have seen what the import will do.">
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={ownStyles.choice}>
          <legend>Read it from</legend>
          <label>
            <input type="radio" name="from" value="address" checked={from === "address"} onChange={() => setFrom("address")} /> Its address, so it can stay up to date
          </label>
          <label>
            <input type="radio" name="from" value="file" checked={from === "file"} onChange={() => setFrom("file")} /> A file you saved (.ics)
          </label>
        </fieldset>
        {from === "address" ? (
          <>
            <TextField
              label="The calendar’s address"
              name="address"
              type="url"
              inputMode="url"
              autoComplete="off"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              hint="In Google Calendar: Settings, then your calendar, then “Secret address in iCal format”. In Outlook: Settings, Calendar, Shared calendars, Publish a calendar, the ICS link."
              error={refusal.field === "address" ? refusal.message : undefined}
            />
            <CheckboxField label="Keep it up to date" hint="Read the calendar again every hour: new events appear here, changed ones change, deleted ones are cancelled." checked={keepInSync} onChange={(event) => setKeepInSync(event.target.checked)} />
          </>
        ) : (
          <div>
            <label className="button">
              {file ? `Chosen: ${file.name}` : "Choose the .ics file"}
              <input type="file" accept=".ics,text/calendar" className="visually-hidden" onChange={chooseFile} />
            </label>
          </div>
        )}
        <div className={styles.mapping}>
          <SelectField label="The events are" name="event_type" value={eventType} onChange={(event) => setEventType(event.target.value as EventType)} hint="Unless an event’s category in the calendar names another kind.">
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {EVENT_TYPE_LABELS[type]}
              </option>
            ))}
          </SelectField>
          <SelectField label="Campus" name="campus_id" value={campusId} onChange={(event) => setCampusId(event.target.value)}>
            <option value="">None</option>
            {(campuses.data?.items ?? []).map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
          </SelectField>
          <SelectField label="Ministry" name="ministry_id" value={ministryId} onChange={(event) => setMinistryId(event.target.value)}>
            <option value="">None</option>
            {(ministries.data?.items ?? []).map((ministry) => (
              <option key={ministry.id} value={ministry.id}>
                {ministry.name}
              </option>
            ))}
          </SelectField>
        </div>
        <CheckboxField label="Put the events on the calendar at once" hint="Otherwise they come in as drafts for you to publish." checked={publish} onChange={(event) => setPublish(event.target.checked)} />
        <FormProblem message={complaint || (refusal.field === "address" ? "" : refusal.message)} />
        <div>
          <button type="submit" className="button button--primary" disabled={writes.read.isPending}>
            {writes.read.isPending ? "Reading the calendar…" : "Check the calendar"}
          </button>
        </div>
      </form>
    </Section>
  );
}

function ImportPanel({ found, writes }: { found: CalendarImportAnswer; writes: Writes }) {
  return found.status === "ready" ? <Preview found={found} writes={writes} /> : <Outcome found={found} writes={writes} />;
}

function Preview({ found, writes }: { found: CalendarImportAnswer; writes: Writes }) {
  const { preview } = found;
  const refusal = splitRefusal(writes.start.error, [] as const, "import the calendar");
  return (
    <Section
      id="calendar-preview-title"
      title={
        <>
          Before you import <span className={styles.fileName}>{found.name}</span>
        </>
      }
      description={`${counted(preview.events, "event", "events")} from yesterday to a year ahead: ${counted(preview.occurrences, "date", "dates")} in all.`}
    >
      <Counts counts={preview} label="What the import will do" />
      <SeriesNotes found={found} />
      <FormProblem message={refusal.message} />
      <div className={styles.actions}>
        <button type="button" className="button button--primary" disabled={writes.start.isPending} onClick={() => writes.start.mutate(found.id)}>
          {writes.start.isPending ? "Importing…" : `Import ${counted(preview.created + preview.updated, "event", "events")}`}
        </button>
        <p className="muted">{found.publish ? "They go on the calendar at once." : "They come in as drafts."}</p>
      </div>
    </Section>
  );
}

function Counts({ counts, label }: { counts: { created: number; updated: number; unchanged: number; cancelled: number }; label: string }) {
  return (
    <ul className={countStyles.counts} aria-label={label}>
      <li>
        <strong>{counts.created.toLocaleString()}</strong> {counts.created === 1 ? "event added" : "events added"}
      </li>
      <li>
        <strong>{counts.updated.toLocaleString()}</strong> updated
      </li>
      <li>
        <strong>{counts.unchanged.toLocaleString()}</strong> already up to date
      </li>
      <li>
        <strong>{counts.cancelled.toLocaleString()}</strong> cancelled
      </li>
    </ul>
  );
}

/** The repeating events kept as a series, those brought in one by one and why, and the events left out. */
function SeriesNotes({ found }: { found: CalendarImportAnswer }) {
  const { preview } = found;
  return (
    <div className={styles.problems}>
      {preview.series > 0 ? <p>{counted(preview.series, "repeating event stays a series", "repeating events stay series")}: edit one date or all of them, as with the series you make here.</p> : null}
      {preview.split.length > 0 ? (
        <>
          <h3>Brought in as separate events</h3>
          <ul className={styles.problemList}>
            {preview.split.map((item, index) => (
              <li key={index}>
                <strong>{item.title}</strong> {item.reason}, which this calendar cannot repeat: its {counted(item.occurrences, "date comes", "dates come")} in as separate events.
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.problems.length > 0 ? (
        <>
          <h3>Left out</h3>
          <ul className={styles.problemList}>
            {preview.problems.map((problem, index) => (
              <li key={index}>{problem.message}</li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

function Outcome({ found, writes }: { found: CalendarImportAnswer; writes: Writes }) {
  const refusal = splitRefusal(writes.sync.error ?? writes.keepInSync.error, [] as const, "read the calendar again");
  const fromAddress = found.source === "address";
  return (
    <Section id="calendar-outcome-title" title={<span className={styles.fileName}>{found.name}</span>} description={found.synced_at ? `Last read ${dateOf(found.synced_at)}${fromAddress && found.address_host ? ` from ${found.address_host}` : ""}.` : undefined}>
      {found.status === "failed" ? (
        <p className="notice notice--warning" role="alert">
          The calendar could not be read the last time: {found.last_error ?? "no reason was given"}. Your events are as they were; it is tried again every hour.
        </p>
      ) : null}
      {found.result ? <Counts counts={found.result} label="What the last import did" /> : null}
      <SeriesNotes found={found} />
      {fromAddress ? (
        <>
          <CheckboxField label="Keep this calendar up to date" hint="Read it again every hour." checked={found.keep_in_sync} disabled={writes.keepInSync.isPending} onChange={(event) => writes.keepInSync.mutate({ id: found.id, keep: event.target.checked })} />
          <div className={styles.actions}>
            <button type="button" className="button" disabled={writes.sync.isPending} onClick={() => writes.sync.mutate(found.id)}>
              {writes.sync.isPending ? "Reading…" : "Read it again now"}
            </button>
            <Link href="/admin/events" className="button">
              See the events
            </Link>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Link href="/admin/events" className="button">
            See the events
          </Link>
          <p className="muted">To bring in a newer copy, save the calendar again and choose the new file: events already here are updated, not doubled.</p>
        </div>
      )}
      <FormProblem message={refusal.message} />
    </Section>
  );
}

function PastImports({ currentId, onOpen }: { currentId: string | null; onOpen: (id: string) => void }) {
  const imports = useCalendarImports();
  const items = imports.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Section id="calendar-history-title" title="Calendars brought in">
      <ul className={styles.history}>
        {items.map((item) => (
          <li key={item.id} aria-current={item.id === currentId ? "true" : undefined}>
            <button type="button" className={`button ${styles.fileName}`} onClick={() => onOpen(item.id)}>
              {item.name}
            </button>
            <span className="muted">
              {dateOf(item.created_at)} · {STATUS_WORDS[item.status]}
              {item.keep_in_sync ? " · kept up to date" : ""}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
