"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useId, useRef, useState, type FormEvent } from "react";
import { asSentence, failedMessage } from "@/components/account/api-messages";
import { LoadError } from "@/components/ui/load-error";
import { audienceLabel, EVENT_TYPE_LABELS } from "@/components/calendar/labels";
import { Field, fieldStyles } from "@/components/ui/field";
import { formClass } from "@/components/ui/form";
import { Actions, Meta } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { createEventBodySchema, updateEventBodySchema, type AdminEvent } from "@/lib/calendar/staff-schemas";
import { EVENT_TYPES, EVENT_VISIBILITIES, KNOWN_AUDIENCES, type EventStatus } from "@/lib/calendar/schemas";
import { createSeriesBodySchema, updateSeriesBodySchema } from "@/lib/series/schemas";
import { daysBetween } from "@/lib/series/recurrence";
import { useAdminEvent, useCampuses, useMinistries, useSaveEvent } from "./admin-queries";
import { DescriptionPreview } from "./description-preview";
import { dayAndDate, NO_REPEAT, RepeatFields, repeatBodyOf, type RepeatFieldsValue } from "./repeat-fields";
import { useCreateSeries, useSeries, useUpdateSeries } from "./series-queries";
import styles from "./admin.module.css";
import { EVENT_STATUS_WORDS } from "./event-status-words";
import { StatusMessage } from "@/components/ui/live-messages";

/** The form's fields as typed: text everywhere, turned into the API's body on submit. */
interface Fields {
  title: string;
  description: string;
  eventType: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timezone: string;
  campusId: string;
  ministryId: string;
  visibility: string;
  audience: string[];
  attendanceModes: string[];
  tags: string;
  capacity: string;
  locationName: string;
  locationAddress: string;
  registrationUrl: string;
}

const EMPTY: Fields = {
  title: "",
  description: "",
  eventType: "SPECIAL_EVENT",
  startDate: "",
  startTime: "",
  endDate: "",
  endTime: "",
  timezone: "America/New_York",
  campusId: "",
  ministryId: "",
  visibility: "public",
  audience: [],
  attendanceModes: [],
  tags: "",
  capacity: "",
  locationName: "",
  locationAddress: "",
  registrationUrl: "",
};

function fieldsOf(event: AdminEvent): Fields {
  return {
    title: event.title,
    description: event.description,
    eventType: event.eventType,
    startDate: event.startDate,
    startTime: event.startTime,
    endDate: event.endDate,
    endTime: event.endTime,
    timezone: event.timezone,
    campusId: event.campusId ?? "",
    ministryId: event.ministryId ?? "",
    visibility: event.visibility,
    audience: [...event.audience],
    attendanceModes: event.attendanceModes.filter((mode) => mode !== "NONE"),
    tags: event.tags.join(", "),
    capacity: event.capacity === undefined ? "" : String(event.capacity),
    locationName: event.location?.name ?? "",
    locationAddress: event.location?.address ?? "",
    registrationUrl: event.registrationUrl ?? "",
  };
}

const list = (text: string) =>
  text
    .split(",")
    .map((item) => item.trim())
    .filter(Boolean);

type ListFieldName = "audience" | "attendanceModes";
type TextFieldName = Exclude<keyof Fields, ListFieldName>;

/** The browser's zone names, offered while typing (the API checks the name). */
const TIME_ZONES = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];

/** The ways people may be checked in to the event (its attendance modes), as the office and volunteers know them. */
const CHECK_IN_WAYS = [
  { mode: "QR_CODE", label: "At the kiosk", hint: "Families check in at the lobby kiosk with their phone’s code, household card or a texted code." },
  { mode: "SELF_CHECK_IN", label: "On their own phone", hint: "Members check themselves in from their account, from an hour before." },
  { mode: "MANUAL", label: "By a volunteer or the office", hint: "Staff mark who is here on the event’s attendance page." },
] as const;

/** Field names as the form shows them, for messages that name the field. */
const FIELD_WORDS: Partial<Record<keyof Fields | "repeat", string>> = {
  title: "The title",
  description: "The description",
  startDate: "The start date",
  startTime: "The start time",
  endDate: "The end date",
  endTime: "The end time",
  timezone: "The time zone",
  capacity: "The number of places",
  locationName: "The venue name",
  locationAddress: "The venue address",
  registrationUrl: "The registration link",
  tags: "Each search word",
  audience: "Each audience",
  repeat: "The repeat rule",
};

/** A problem the API's schema found, said of the field by name ("Enter a title." for an empty one). */
function issueWords(field: string, message: string, fields: Fields): string {
  const value = (fields as unknown as Record<string, unknown>)[field];
  if (typeof value === "string" && value.trim() === "" && ["title", "startDate", "startTime", "endDate", "endTime", "timezone"].includes(field)) {
    return `Enter ${FIELD_WORDS[field as keyof Fields]!.replace(/^The /, "the ")}.`;
  }
  return asSentence(`${FIELD_WORDS[field as keyof Fields | "repeat"] ?? "It"} ${message}`);
}

/** The API body: empty optional fields are left out when creating and cleared (null) when editing. */
function bodyOf(fields: Fields, editing: boolean): Record<string, unknown> {
  const optional = (value: string, convert: (text: string) => unknown = (text) => text) => (value.trim() ? convert(value.trim()) : editing ? null : undefined);
  const location = fields.locationName.trim() || fields.locationAddress.trim() ? { name: fields.locationName.trim(), address: fields.locationAddress.trim() } : editing ? null : undefined;
  const body: Record<string, unknown> = {
    title: fields.title,
    description: fields.description,
    eventType: fields.eventType,
    startDate: fields.startDate,
    startTime: fields.startTime,
    endDate: fields.endDate,
    endTime: fields.endTime,
    timezone: fields.timezone.trim(),
    campusId: optional(fields.campusId),
    ministryId: optional(fields.ministryId),
    visibility: fields.visibility,
    audience: fields.audience,
    attendanceModes: fields.attendanceModes,
    tags: list(fields.tags),
    capacity: optional(fields.capacity, (text) => (/^\d+$/.test(text) ? Number(text) : text)),
    location,
    registrationUrl: optional(fields.registrationUrl),
  };
  for (const key of Object.keys(body)) if (body[key] === undefined) delete body[key];
  return body;
}

/** The API names a field first (`endDate: …`): that message belongs under that field. */
function splitApiError(message: string): { field: string | null; text: string } {
  const match = /^([a-zA-Z]+)(?:\.[\w.]+)?: (.*)$/.exec(message);
  return match ? { field: match[1]!, text: asSentence(match[2]!) } : { field: null, text: asSentence(message) };
}

/**
 * Create (no id) or edit (an id): the same form, checked with the API's own schema before it is sent. A new event
 * starts in the church's time zone, and takes its campus's once one is chosen.
 */
export function EventForm({ eventId, churchTimeZone }: { eventId: string | null; churchTimeZone?: string }) {
  const existing = useAdminEvent(eventId ?? "");
  if (!eventId) return <EventFormFields eventId={null} initial={{ ...EMPTY, timezone: churchTimeZone ?? EMPTY.timezone }} />;
  if (existing.isPending) {
    return (
      <p className="muted" aria-busy="true">
        Loading the event…
      </p>
    );
  }
  if (!existing.data) {
    return <LoadError title="We couldn’t load this event" message={existing.error?.message ?? "Please try again."} retrying={existing.isFetching} onRetry={() => void existing.refetch()} />;
  }
  return <EventFormFields eventId={eventId} initial={fieldsOf(existing.data)} status={existing.data.status} seriesId={existing.data.seriesId} />;
}

/** Fields "edit all" carries to a series' other dates (its dates are the rule's: never the start date). */
const SERIES_FIELDS = ["title", "description", "eventType", "visibility", "campusId", "ministryId", "timezone", "audience", "attendanceModes", "tags", "capacity", "location", "registrationUrl", "startTime", "endTime"] as const;

/** The "edit all" body: the fields changed in the form, and the length in days when the end date moved. */
function seriesBodyOf(fields: Fields, initial: Fields): Record<string, unknown> {
  const now = bodyOf(fields, true);
  const before = bodyOf(initial, true);
  const body: Record<string, unknown> = {};
  for (const key of SERIES_FIELDS) if (JSON.stringify(now[key]) !== JSON.stringify(before[key])) body[key] = now[key];
  if (fields.endDate !== initial.endDate && /^\d{4}-\d{2}-\d{2}$/.test(fields.endDate) && /^\d{4}-\d{2}-\d{2}$/.test(fields.startDate)) body.endDayOffset = daysBetween(fields.startDate, fields.endDate);
  return body;
}

function EventFormFields({ eventId, initial, status, seriesId }: { eventId: string | null; initial: Fields; status?: string; seriesId?: string }) {
  const router = useRouter();
  const save = useSaveEvent(eventId);
  const createSeries = useCreateSeries();
  const series = useSeries(seriesId ?? "");
  const updateSeries = useUpdateSeries(seriesId ?? "");
  const [repeat, setRepeat] = useState<RepeatFieldsValue>(NO_REPEAT);
  const [scope, setScope] = useState<"one" | "all">("one");
  // An occurrence of a series with a rule may be edited alone or with every date to come.
  const occurrence = series.data?.repeat ? series.data.occurrences.find((item) => item.eventId === eventId && item.recurrenceDate) : undefined;
  const pending = save.isPending || createSeries.isPending || updateSeries.isPending;
  const campuses = useCampuses();
  const ministries = useMinistries();
  const [fields, setFields] = useState<Fields>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof Fields | "form" | "repeat", string>>>({});
  const [announcement, setAnnouncement] = useState("");
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const zonesId = `${formId}-zones`;
  const editing = eventId !== null;

  const set = (name: TextFieldName) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setFields((current) => {
      const next = { ...current, [name]: value };
      // A campus brings its time zone; an end date follows a start date typed first.
      if (name === "campusId") {
        const campus = campuses.data?.items.find((item) => item.id === value);
        if (campus) next.timezone = campus.timezone;
      }
      if (name === "startDate" && (!current.endDate || current.endDate < value)) next.endDate = value;
      return next;
    });
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  /** A list field (audiences, check-in ways) with `value` added or taken out. */
  const toggle = (name: ListFieldName, value: string) => (event: { target: { checked: boolean } }) => {
    const { checked } = event.target;
    setFields((current) => ({ ...current, [name]: checked ? [...current[name].filter((item) => item !== value), value] : current[name].filter((item) => item !== value) }));
    if (errors[name]) setErrors((current) => ({ ...current, [name]: undefined }));
  };

  function focusFirstError(names: string[]) {
    requestAnimationFrame(() => {
      const target = names.map((name) => formRef.current?.querySelector<HTMLElement>(`[name="${name}"]`)).find(Boolean);
      target?.focus();
    });
  }

  function apiFailure(action: string) {
    return (error: Error) => {
      const { field, text } = splitApiError(error.message);
      const name = field === "slug" ? "title" : field;
      if (name === "repeat") {
        setErrors({ repeat: text });
        focusFirstError(["repeat"]);
      } else if (name && name in EMPTY) {
        setErrors({ [name]: text });
        focusFirstError([name]);
      } else {
        setErrors({ form: failedMessage(action, error) });
      }
    };
  }

  function showIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const found: Partial<Record<keyof Fields | "form" | "repeat", string>> = {};
    for (const issue of issues) {
      const name = String(issue.path[0] ?? "form");
      const field = (name === "location" ? (issue.path[1] === "address" ? "locationAddress" : "locationName") : name === "endDayOffset" ? "endDate" : name) as keyof Fields | "form" | "repeat";
      found[field] ??= issueWords(field, issue.message, fields);
    }
    setErrors(found);
    focusFirstError(Object.keys(found));
  }

  /** "Edit all": the changed fields go to every date to come of the series that was not edited on its own. */
  function submitAll() {
    if (fields.startDate !== initial.startDate) {
      setErrors({ startDate: "Every date of a series keeps its own day. To move this date, edit this occurrence only." });
      focusFirstError(["startDate"]);
      return;
    }
    const body = seriesBodyOf(fields, initial);
    if (Object.keys(body).length === 0) {
      setErrors({ form: "Nothing changed yet: change a field, then save it for every date." });
      return;
    }
    const parsed = updateSeriesBodySchema.safeParse(body);
    if (!parsed.success) return showIssues(parsed.error.issues);
    setErrors({});
    updateSeries.mutate(body, {
      onSuccess: (saved) => {
        const following = saved.occurrences.filter((item) => item.recurrenceDate && !item.override).length;
        setAnnouncement(`Saved for every date to come of “${saved.title}” that was not edited on its own (${following} in the series follow it).`);
      },
      onError: apiFailure("save the series"),
    });
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (pending) return;
    if (editing && occurrence && scope === "all") return submitAll();
    const repeatBody = editing ? null : repeatBodyOf(repeat, fields.startDate);
    if (repeatBody) {
      const seriesBody = { ...bodyOf(fields, false), repeat: repeatBody };
      const parsed = createSeriesBodySchema.safeParse(seriesBody);
      if (!parsed.success) return showIssues(parsed.error.issues);
      setErrors({});
      createSeries.mutate(seriesBody, {
        onSuccess: (saved) => router.push(`/admin/events?created=${encodeURIComponent(saved.occurrences[0]?.eventId ?? "")}`),
        onError: apiFailure("create the series"),
      });
      return;
    }
    const body = bodyOf(fields, editing);
    const parsed = (editing ? updateEventBodySchema : createEventBodySchema).safeParse(body);
    if (!parsed.success) return showIssues(parsed.error.issues);
    setErrors({});
    save.mutate(body, {
      onSuccess: (saved) => {
        if (editing) {
          const alone = occurrence ? " Only this date changed; the series’ other dates stay as they are." : "";
          setAnnouncement(`Saved “${saved.title}”.${alone}${saved.status === "DRAFT" ? " It is still a draft: publish it under “Status”, below." : " The calendar shows the change now."}`);
        } else {
          router.push(`/admin/events?created=${encodeURIComponent(saved.eventId)}`);
        }
      },
      onError: apiFailure(editing ? "save the event" : "create the event"),
    });
  }

  const select = (name: TextFieldName, label: string, options: { value: string; label: string }[]) => (
    <SelectField label={label} name={name} value={fields[name]} onChange={set(name)} error={errors[name]}>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </SelectField>
  );

  const text = (name: TextFieldName, label: string, props: Record<string, unknown> = {}) => (
    <TextField label={label} name={name} value={fields[name]} onChange={set(name)} error={errors[name]} {...props} />
  );

  return (
    <form ref={formRef} className={formClass} onSubmit={submit} noValidate aria-label={editing ? "Edit event" : "New event"}>
      {status ? (
        <Meta>
          {EVENT_STATUS_WORDS[status as EventStatus] ?? status}. Publish, postpone or cancel it under “Status”, below the form.
        </Meta>
      ) : null}
      {errors.form ? (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      {text("title", "Title", { maxLength: 200, required: true })}
      <Field label="Description" hint="Shown on the event page. Paragraphs, links and lists pasted from a web page are kept." error={errors.description}>
        {(wiring) => (
          <textarea
            className={`${fieldStyles.control} ${fieldStyles.textarea}`}
            name="description"
            value={fields.description}
            onChange={set("description")}
            maxLength={20000}
            {...wiring}
          />
        )}
      </Field>
      <DescriptionPreview description={fields.description} />
      <div className={styles.grid}>
        {select(
          "eventType",
          "Type",
          EVENT_TYPES.map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] })),
        )}
        {select(
          "visibility",
          "Who can see it",
          EVENT_VISIBILITIES.map((value) => ({ value, label: value === "public" ? "Everyone (public calendar)" : value === "members" ? "Members only" : "Private" })),
        )}
      </div>
      <fieldset className={`${styles.grid} ${styles.fieldset}`}>
        <legend className={fieldStyles.label}>When (local time at the event)</legend>
        {text("startDate", "Starts on", { type: "date", required: true })}
        {text("startTime", "Start time", { type: "time", required: true })}
        {text("endDate", "Ends on", { type: "date", required: true })}
        {text("endTime", "End time", { type: "time", required: true })}
      </fieldset>
      <div className={styles.grid}>
        {select("campusId", "Campus", [{ value: "", label: "No campus (online or elsewhere)" }, ...(campuses.data?.items ?? []).map((campus) => ({ value: campus.id, label: campus.name }))])}
        {text("timezone", "Time zone", { hint: "Where the times above are. Choosing a campus sets its own; type a city to pick another.", spellCheck: false, autoComplete: "off", list: zonesId })}
        <datalist id={zonesId}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {select("ministryId", "Ministry", [{ value: "", label: "No ministry" }, ...(ministries.data?.items ?? []).map((ministry) => ({ value: ministry.id, label: ministry.name }))])}
      </div>
      <div className={styles.grid}>
        {text("locationName", "Venue name", { maxLength: 200 })}
        {text("locationAddress", "Venue address", { maxLength: 300 })}
      </div>
      <fieldset className={styles.fieldset} aria-describedby={errors.audience ? `${formId}-audience-error` : undefined}>
        <legend className={fieldStyles.label}>Who it is for</legend>
        <div className={styles.choices}>
          {[...KNOWN_AUDIENCES, ...fields.audience.filter((value) => !(KNOWN_AUDIENCES as readonly string[]).includes(value))].map((value) => (
            <CheckboxField key={value} label={audienceLabel(value)} name="audience" value={value} checked={fields.audience.includes(value)} onChange={toggle("audience", value)} />
          ))}
        </div>
        {errors.audience ? (
          <p id={`${formId}-audience-error`} className={fieldStyles.error}>
            {errors.audience}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={fieldStyles.label}>Check-in</legend>
        <div className={styles.choices}>
          {CHECK_IN_WAYS.map(({ mode, label, hint }) => (
            <CheckboxField key={mode} label={label} hint={hint} name="attendanceModes" value={mode} checked={fields.attendanceModes.includes(mode)} onChange={toggle("attendanceModes", mode)} />
          ))}
        </div>
        {fields.attendanceModes.length === 0 ? <p className="muted">No check-in: the kiosk does not offer this event.</p> : null}
      </fieldset>
      <div className={styles.grid}>
        {text("capacity", "Places", { hint: "How many may sign up. Leave empty for no limit.", inputMode: "numeric" })}
        {text("tags", "Search words", { hint: "Separated by commas, e.g. carols, candles." })}
      </div>
      {text("registrationUrl", "Registration link", { type: "url", hint: "Only if people register elsewhere." })}
      {editing ? null : <RepeatFields value={repeat} onChange={setRepeat} startDate={fields.startDate} error={errors.repeat} />}
      {occurrence ? (
        <fieldset className={styles.scope}>
          <legend className={fieldStyles.label}>Save the changes for</legend>
          <label>
            <input type="radio" name="scope" value="one" checked={scope === "one"} onChange={() => setScope("one")} />
            <span>This date only ({dayAndDate(occurrence.recurrenceDate!)}){occurrence.override ? "" : "; the series will then leave it as you set it"}</span>
          </label>
          <label>
            <input type="radio" name="scope" value="all" checked={scope === "all"} onChange={() => setScope("all")} />
            <span>Every date to come in the series ({series.data?.summary}), except dates edited on their own</span>
          </label>
        </fieldset>
      ) : null}
      <Actions>
        <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
          {pending ? "Saving…" : editing ? (occurrence && scope === "all" ? "Save for every date" : "Save changes") : repeat.frequency ? "Create draft series" : "Create draft"}
        </button>
        <Link href="/admin/events" className="button">
          Back to events
        </Link>
      </Actions>
      <StatusMessage message={announcement} />
    </form>
  );
}
