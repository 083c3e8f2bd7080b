"use client";

import { type SplitRefusal, useSplitRefusal } from "./household-refusal";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { eventTypeLabel } from "@/components/calendar/labels";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { FormProblem } from "@/components/ui/form-problem";
import { Section } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { EVENT_TYPES, type EventType } from "@/lib/calendar/schemas";
import { CALENDAR_MAX_BYTES } from "@/lib/calendar-import/calendar-import-rules";
import type { CalendarImportAnswer } from "@/lib/calendar-import/schemas";
import { useCampuses, useMinistries } from "./admin-queries";
import { useCalendarImport, useCalendarImports, useCalendarImportWrites } from "./calendar-import-queries";
import { base64Of } from "./file-base64";
import countStyles from "./count-cards.module.css";
import ownStyles from "./calendar-import.module.css";
import styles from "./people-import.module.css";

// i18n-uses: AdminImports.calendar.historyLine
// i18n-uses: AdminImports.calendar.historyLineKept

/** "12 March 2027 at 9:30 AM" in the page's language and the browser's own zone. */
function useDateOf(): (iso: string) => string {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { day: "numeric", month: "long", year: "numeric", hour: "numeric", minute: "2-digit" });
    return (iso: string) => format.format(new Date(iso));
  }, [locale]);
}

type Writes = ReturnType<typeof useCalendarImportWrites>;
type Field = "address" | "file" | "content";

/**
 * A refusal split the way the form shows it: one that names a field of the form (`address: the calendar could
 * not be read: …`) goes under that field, anything else above it after `failed` ("We couldn’t read the
 * calendar."). An English page says the API's own words; another language says what to check in its own.
 */
function useRefusal(error: Error | null, fields: readonly Field[], failed: string): SplitRefusal<Field> {
  const t = useTranslations("AdminImports.calendar");
  const split = useSplitRefusal();
  return split(error, fields, failed, (field, words) =>
    field === "address" ? (words.startsWith("the calendar could not be read") ? t("addressUnreadable") : t("checkAddress")) : t("checkFile"),
  );
}


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
  const t = useTranslations("AdminImports.calendar");
  const labels = useTranslations("Calendar.labels");
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
  const refusal = useRefusal(writes.read.error, ["address", "file", "content"], t("readFailed"));

  function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setComplaint("");
    if (chosen && chosen.size > CALENDAR_MAX_BYTES) {
      setComplaint(t("fileTooBig", { size: Math.ceil(chosen.size / 1024 / 1024), max: CALENDAR_MAX_BYTES / 1024 / 1024 }));
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
      if (!file) return setComplaint(t("chooseFileFirst"));
      writes.read.mutate({ ...choices, file_name: file.name, content: base64Of(new Uint8Array(await file.arrayBuffer())), keep_in_sync: false });
    } else {
      if (!address.trim()) return setComplaint(t("pasteAddressFirst"));
      writes.read.mutate({ ...choices, address, keep_in_sync: keepInSync });
    }
  }

  return (
    <Section id="calendar-source-title" title={t("sourceTitle")} description={t("sourceDescription")}>
      <form className="form" onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={ownStyles.choice}>
          <legend>{t("readFrom")}</legend>
          <label>
            <input type="radio" name="from" value="address" checked={from === "address"} onChange={() => setFrom("address")} /> {t("fromAddress")}
          </label>
          <label>
            <input type="radio" name="from" value="file" checked={from === "file"} onChange={() => setFrom("file")} /> {t("fromFile")}
          </label>
        </fieldset>
        {from === "address" ? (
          <>
            <TextField
              label={t("address")}
              name="address"
              type="url"
              inputMode="url"
              autoComplete="off"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              hint={t("addressHint")}
              error={refusal.field === "address" ? refusal.message : undefined}
            />
            <CheckboxField label={t("keepInSync")} hint={t("keepInSyncHint")} checked={keepInSync} onChange={(event) => setKeepInSync(event.target.checked)} />
          </>
        ) : (
          <div>
            <label className="button">
              {file ? t("chosen", { name: file.name }) : t("chooseFile")}
              <input type="file" accept=".ics,text/calendar" className="visually-hidden" onChange={chooseFile} />
            </label>
          </div>
        )}
        <div className={styles.mapping}>
          <SelectField label={t("eventType")} name="event_type" value={eventType} onChange={(event) => setEventType(event.target.value as EventType)} hint={t("eventTypeHint")}>
            {EVENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {eventTypeLabel(labels, type)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("campus")} name="campus_id" value={campusId} onChange={(event) => setCampusId(event.target.value)}>
            <option value="">{t("none")}</option>
            {(campuses.data?.items ?? []).map((campus) => (
              <option key={campus.id} value={campus.id}>
                {campus.name}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("ministry")} name="ministry_id" value={ministryId} onChange={(event) => setMinistryId(event.target.value)}>
            <option value="">{t("none")}</option>
            {(ministries.data?.items ?? []).map((ministry) => (
              <option key={ministry.id} value={ministry.id}>
                {ministry.name}
              </option>
            ))}
          </SelectField>
        </div>
        <CheckboxField label={t("publish")} hint={t("publishHint")} checked={publish} onChange={(event) => setPublish(event.target.checked)} />
        <FormProblem message={complaint || (refusal.field === "address" ? "" : refusal.message)} />
        <div>
          <button type="submit" className="button button--primary" disabled={writes.read.isPending}>
            {writes.read.isPending ? t("reading") : t("check")}
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
  const t = useTranslations("AdminImports.calendar");
  const { preview } = found;
  const refusal = useRefusal(writes.start.error, [], t("importFailed"));
  return (
    <Section
      id="calendar-preview-title"
      title={t.rich("previewTitle", { name: found.name, file: (chunks) => <span className={styles.fileName}>{chunks}</span> })}
      description={t("previewDescription", { events: preview.events, dates: preview.occurrences })}
    >
      <Counts counts={preview} label={t("willDo")} />
      <SeriesNotes found={found} />
      <FormProblem message={refusal.message} />
      <div className={styles.actions}>
        <button type="button" className="button button--primary" disabled={writes.start.isPending} onClick={() => writes.start.mutate(found.id)}>
          {writes.start.isPending ? t("importing") : t("import", { count: preview.created + preview.updated })}
        </button>
        <p className="muted">{found.publish ? t("goOnCalendar") : t("comeAsDrafts")}</p>
      </div>
    </Section>
  );
}

function Counts({ counts, label }: { counts: { created: number; updated: number; unchanged: number; cancelled: number }; label: string }) {
  const t = useTranslations("AdminImports.calendar");
  const strong = (chunks: ReactNode) => <strong>{chunks}</strong>;
  return (
    <ul className={countStyles.counts} aria-label={label}>
      <li>{t.rich("countAdded", { count: counts.created, strong })}</li>
      <li>{t.rich("countUpdated", { count: counts.updated, strong })}</li>
      <li>{t.rich("countUnchanged", { count: counts.unchanged, strong })}</li>
      <li>{t.rich("countCancelled", { count: counts.cancelled, strong })}</li>
    </ul>
  );
}

/** The repeating events kept as a series, those brought in one by one and why, and the events left out. */
function SeriesNotes({ found }: { found: CalendarImportAnswer }) {
  const t = useTranslations("AdminImports.calendar");
  const { preview } = found;
  return (
    <div className={styles.problems}>
      {preview.series > 0 ? <p>{t("seriesKept", { count: preview.series })}</p> : null}
      {preview.split.length > 0 ? (
        <>
          <h3>{t("splitTitle")}</h3>
          <ul className={styles.problemList}>
            {/* Why it is not a series is the API's own English (lib/calendar-import), in every language. */}
            {preview.split.map((item, index) => (
              <li key={index}>{t.rich("split", { title: item.title, reason: item.reason, count: item.occurrences, strong: (chunks) => <strong>{chunks}</strong> })}</li>
            ))}
          </ul>
        </>
      ) : null}
      {preview.problems.length > 0 ? (
        <>
          <h3>{t("leftOut")}</h3>
          {/* Each problem is the API's own English sentence (lib/calendar-import): it has no code to say it otherwise. */}
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
  const t = useTranslations("AdminImports.calendar");
  const dateOf = useDateOf();
  const refusal = useRefusal(writes.sync.error ?? writes.keepInSync.error, [], t("readAgainFailed"));
  const fromAddress = found.source === "address";
  const lastRead = found.synced_at
    ? fromAddress && found.address_host
      ? t("lastReadFrom", { date: dateOf(found.synced_at), host: found.address_host })
      : t("lastRead", { date: dateOf(found.synced_at) })
    : undefined;
  return (
    <Section id="calendar-outcome-title" title={<span className={styles.fileName}>{found.name}</span>} description={lastRead}>
      {found.status === "failed" ? (
        <p className="notice notice--warning" role="alert">
          {/* The reason is the API's own English (lib/calendar-import). */}
          {found.last_error ? t("failedLastTime", { reason: found.last_error }) : t("failedLastTimeNoReason")}
        </p>
      ) : null}
      {found.result ? <Counts counts={found.result} label={t("lastDid")} /> : null}
      <SeriesNotes found={found} />
      {fromAddress ? (
        <>
          <CheckboxField label={t("keepThisInSync")} hint={t("keepThisInSyncHint")} checked={found.keep_in_sync} disabled={writes.keepInSync.isPending} onChange={(event) => writes.keepInSync.mutate({ id: found.id, keep: event.target.checked })} />
          <div className={styles.actions}>
            <button type="button" className="button" disabled={writes.sync.isPending} onClick={() => writes.sync.mutate(found.id)}>
              {writes.sync.isPending ? t("readingAgain") : t("readAgain")}
            </button>
            <Link href="/admin/events" className="button">
              {t("seeEvents")}
            </Link>
          </div>
        </>
      ) : (
        <div className={styles.actions}>
          <Link href="/admin/events" className="button">
            {t("seeEvents")}
          </Link>
          <p className="muted">{t("newerCopy")}</p>
        </div>
      )}
      <FormProblem message={refusal.message} />
    </Section>
  );
}

function PastImports({ currentId, onOpen }: { currentId: string | null; onOpen: (id: string) => void }) {
  const t = useTranslations("AdminImports.calendar");
  const dateOf = useDateOf();
  const imports = useCalendarImports();
  const items = imports.data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <Section id="calendar-history-title" title={t("historyTitle")}>
      <ul className={styles.history}>
        {items.map((item) => (
          <li key={item.id} aria-current={item.id === currentId ? "true" : undefined}>
            <button type="button" className={`button ${styles.fileName}`} onClick={() => onOpen(item.id)}>
              {item.name}
            </button>
            <span className="muted">
              {t(item.keep_in_sync ? "historyLineKept" : "historyLine", { date: dateOf(item.created_at), status: item.status })}
            </span>
          </li>
        ))}
      </ul>
    </Section>
  );
}
