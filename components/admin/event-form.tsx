"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useId, useRef, useState, type FormEvent } from "react";
import { asSentence, useApiMessages } from "@/components/account/api-messages";
import { LoadError } from "@/components/ui/load-error";
import { audienceLabel, eventTypeLabel } from "@/components/calendar/labels";
import { Field, fieldStyles } from "@/components/ui/field";
import { formClass } from "@/components/ui/form";
import { Actions, Meta } from "@/components/ui/section";
import { SelectField } from "@/components/ui/select-field";
import { TextField } from "@/components/ui/text-field";
import { CheckboxField } from "@/components/ui/checkbox-field";
import { createEventBodySchema, updateEventBodySchema, type AdminEvent } from "@/lib/calendar/staff-schemas";
import { EVENT_TYPES, EVENT_VISIBILITIES, KNOWN_AUDIENCES, type EventStatus } from "@/lib/calendar/schemas";
import { createSeriesBodySchema, updateSeriesBodySchema } from "@/lib/series/schemas";
import { daysBetween, describeRule, type RecurrenceRule } from "@/lib/series/recurrence";
import { useAdminEvent, useCampuses, useMinistries, useSaveEvent } from "./admin-queries";
import { DescriptionPreview } from "./description-preview";
import { NO_REPEAT, RepeatFields, repeatBodyOf, useDayAndDate, type RepeatFieldsValue } from "./repeat-fields";
import { useCreateSeries, useSeries, useUpdateSeries } from "./series-queries";
import styles from "./admin.module.css";
import { useEventStatusWords } from "./event-status-words";
import { StatusMessage } from "@/components/ui/live-messages";

// i18n-uses: AdminEvents.audiences.*

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

/** The ways people may be checked in to the event (its attendance modes), as the office and volunteers know them ("AdminEvents.form.checkInWays"). */
const CHECK_IN_WAYS = ["QR_CODE", "SELF_CHECK_IN", "MANUAL"] as const;

/**
 * Field names in English, for the API schema's own words about a field, which are English (the contract's):
 * an English page says them as they are ("The number of places must be …"); another language says which field to
 * check in its own words (checkField).
 */
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

type FormWords = ReturnType<typeof useTranslations<"AdminEvents.form">>;

/** The fields whose select branches the messages name (enter, checkField); any other is "other". */
const NAMED_FIELDS = new Set(Object.keys(FIELD_WORDS));
const fieldArgument = (field: string) => (NAMED_FIELDS.has(field) ? field : "other");

/** A problem the API's schema found, said of the field by name ("Enter the title." for an empty one). */
function issueWords(field: string, message: string, fields: Fields, t: FormWords, locale: string): string {
  const value = (fields as unknown as Record<string, unknown>)[field];
  if (typeof value === "string" && value.trim() === "" && ["title", "startDate", "startTime", "endDate", "endTime", "timezone"].includes(field)) {
    return t("enter", { field: fieldArgument(field) });
  }
  return locale === "en" ? asSentence(`${FIELD_WORDS[field as keyof Fields | "repeat"] ?? "It"} ${message}`) : t("checkField", { field: fieldArgument(field) });
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
  const t = useTranslations("AdminEvents.form");
  const existing = useAdminEvent(eventId ?? "");
  if (!eventId) return <EventFormFields eventId={null} initial={{ ...EMPTY, timezone: churchTimeZone ?? EMPTY.timezone }} />;
  if (existing.isPending) {
    return (
      <p className="muted" aria-busy="true">
        {t("loading")}
      </p>
    );
  }
  if (!existing.data) {
    return <LoadError title={t("loadFailed")} message={existing.error?.message ?? t("tryAgain")} retrying={existing.isFetching} onRetry={() => void existing.refetch()} />;
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
  const t = useTranslations("AdminEvents.form");
  const labels = useTranslations("Calendar.labels");
  const audiences = useTranslations("AdminEvents.audiences");
  const recurrence = useTranslations("Recurrence");
  const locale = useLocale();
  const api = useApiMessages();
  const statusWord = useEventStatusWords();
  const dayAndDate = useDayAndDate();
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

  /** The API's refusal: under the field it names (its English words on an English page), else above the form after `failed` ("We couldn’t save the event."). */
  function apiFailure(failed: string) {
    return (error: Error) => {
      const { field, text } = splitApiError(error.message);
      const name = field === "slug" ? "title" : field;
      const words = locale === "en" ? text : t("checkField", { field: fieldArgument(name ?? "") });
      if (name === "repeat") {
        setErrors({ repeat: words });
        focusFirstError(["repeat"]);
      } else if (name && name in EMPTY) {
        setErrors({ [name]: words });
        focusFirstError([name]);
      } else {
        setErrors({ form: api.failed(failed, error) });
      }
    };
  }

  function showIssues(issues: readonly { path: readonly PropertyKey[]; message: string }[]) {
    const found: Partial<Record<keyof Fields | "form" | "repeat", string>> = {};
    for (const issue of issues) {
      const name = String(issue.path[0] ?? "form");
      const field = (name === "location" ? (issue.path[1] === "address" ? "locationAddress" : "locationName") : name === "endDayOffset" ? "endDate" : name) as keyof Fields | "form" | "repeat";
      found[field] ??= issueWords(field, issue.message, fields, t, locale);
    }
    setErrors(found);
    focusFirstError(Object.keys(found));
  }

  /** "Edit all": the changed fields go to every date to come of the series that was not edited on its own. */
  function submitAll() {
    if (fields.startDate !== initial.startDate) {
      setErrors({ startDate: t("seriesKeepsDay") });
      focusFirstError(["startDate"]);
      return;
    }
    const body = seriesBodyOf(fields, initial);
    if (Object.keys(body).length === 0) {
      setErrors({ form: t("nothingChanged") });
      return;
    }
    const parsed = updateSeriesBodySchema.safeParse(body);
    if (!parsed.success) return showIssues(parsed.error.issues);
    setErrors({});
    updateSeries.mutate(body, {
      onSuccess: (saved) => {
        const following = saved.occurrences.filter((item) => item.recurrenceDate && !item.override).length;
        setAnnouncement(t("savedForEveryDate", { title: saved.title, following }));
      },
      onError: apiFailure(t("saveSeriesFailed")),
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
        onError: apiFailure(t("createSeriesFailed")),
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
          setAnnouncement(t("saved", { title: saved.title, alone: occurrence ? "yes" : "no", draft: saved.status === "DRAFT" ? "yes" : "no" }));
        } else {
          router.push(`/admin/events?created=${encodeURIComponent(saved.eventId)}`);
        }
      },
      onError: apiFailure(editing ? t("saveFailed") : t("createFailed")),
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
    <form ref={formRef} className={formClass} onSubmit={submit} noValidate aria-label={editing ? t("editLabel") : t("newLabel")}>
      {status ? <Meta>{t("statusNote", { status: statusWord(status as EventStatus) })}</Meta> : null}
      {errors.form ? (
        <p className="notice notice--error" role="alert">
          {errors.form}
        </p>
      ) : null}
      {text("title", t("title"), { maxLength: 200, required: true })}
      <Field label={t("description")} hint={t("descriptionHint")} error={errors.description}>
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
          t("type"),
          EVENT_TYPES.map((type) => ({ value: type, label: eventTypeLabel(labels, type) })),
        )}
        {select(
          "visibility",
          t("visibility"),
          EVENT_VISIBILITIES.map((value) => ({ value, label: t(`visibilities.${value}`) })),
        )}
      </div>
      <fieldset className={`${styles.grid} ${styles.fieldset}`}>
        <legend className={fieldStyles.label}>{t("when")}</legend>
        {text("startDate", t("startDate"), { type: "date", required: true })}
        {text("startTime", t("startTime"), { type: "time", required: true })}
        {text("endDate", t("endDate"), { type: "date", required: true })}
        {text("endTime", t("endTime"), { type: "time", required: true })}
      </fieldset>
      <div className={styles.grid}>
        {select("campusId", t("campus"), [{ value: "", label: t("noCampus") }, ...(campuses.data?.items ?? []).map((campus) => ({ value: campus.id, label: campus.name }))])}
        {text("timezone", t("timezone"), { hint: t("timezoneHint"), spellCheck: false, autoComplete: "off", list: zonesId })}
        <datalist id={zonesId}>
          {TIME_ZONES.map((zone) => (
            <option key={zone} value={zone} />
          ))}
        </datalist>
        {select("ministryId", t("ministry"), [{ value: "", label: t("noMinistry") }, ...(ministries.data?.items ?? []).map((ministry) => ({ value: ministry.id, label: ministry.name }))])}
      </div>
      <div className={styles.grid}>
        {text("locationName", t("venueName"), { maxLength: 200 })}
        {text("locationAddress", t("venueAddress"), { maxLength: 300 })}
      </div>
      <fieldset className={styles.fieldset} aria-describedby={errors.audience ? `${formId}-audience-error` : undefined}>
        <legend className={fieldStyles.label}>{t("audience")}</legend>
        <div className={styles.choices}>
          {[...KNOWN_AUDIENCES, ...fields.audience.filter((value) => !(KNOWN_AUDIENCES as readonly string[]).includes(value))].map((value) => (
            <CheckboxField key={value} label={(KNOWN_AUDIENCES as readonly string[]).includes(value) ? audiences(value as (typeof KNOWN_AUDIENCES)[number]) : audienceLabel(value)} name="audience" value={value} checked={fields.audience.includes(value)} onChange={toggle("audience", value)} />
          ))}
        </div>
        {errors.audience ? (
          <p id={`${formId}-audience-error`} className={fieldStyles.error}>
            {errors.audience}
          </p>
        ) : null}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend className={fieldStyles.label}>{t("checkIn")}</legend>
        <div className={styles.choices}>
          {CHECK_IN_WAYS.map((mode) => (
            <CheckboxField key={mode} label={t(`checkInWays.${mode}.label`)} hint={t(`checkInWays.${mode}.hint`)} name="attendanceModes" value={mode} checked={fields.attendanceModes.includes(mode)} onChange={toggle("attendanceModes", mode)} />
          ))}
        </div>
        {fields.attendanceModes.length === 0 ? <p className="muted">{t("noCheckIn")}</p> : null}
      </fieldset>
      <div className={styles.grid}>
        {text("capacity", t("capacity"), { hint: t("capacityHint"), inputMode: "numeric" })}
        {text("tags", t("tags"), { hint: t("tagsHint") })}
      </div>
      {text("registrationUrl", t("registrationUrl"), { type: "url", hint: t("registrationUrlHint") })}
      {editing ? null : <RepeatFields value={repeat} onChange={setRepeat} startDate={fields.startDate} error={errors.repeat} />}
      {occurrence ? (
        <fieldset className={styles.scope}>
          <legend className={fieldStyles.label}>{t("scope")}</legend>
          <label>
            <input type="radio" name="scope" value="one" checked={scope === "one"} onChange={() => setScope("one")} />
            <span>{t("scopeOne", { date: dayAndDate(occurrence.recurrenceDate!), edited: occurrence.override ? "yes" : "no" })}</span>
          </label>
          <label>
            <input type="radio" name="scope" value="all" checked={scope === "all"} onChange={() => setScope("all")} />
            <span>{t("scopeAll", { rule: series.data?.repeat ? describeRule(series.data.repeat as RecurrenceRule, { locale, t: recurrence }) : "" })}</span>
          </label>
        </fieldset>
      ) : null}
      <Actions>
        <button type="submit" className="button button--primary" aria-disabled={pending || undefined}>
          {pending ? t("saving") : editing ? (occurrence && scope === "all" ? t("saveEveryDate") : t("saveChanges")) : repeat.frequency ? t("createSeries") : t("createDraft")}
        </button>
        <Link href="/admin/events" className="button">
          {t("back")}
        </Link>
      </Actions>
      <StatusMessage message={announcement} />
    </form>
  );
}
