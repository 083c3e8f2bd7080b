"use client";

import Link from "next/link";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState, useTransition, type FormEvent } from "react";
import type { EventType } from "@/lib/calendar/schemas";
import { CALENDAR_PAGE_PATH, FILTER_NAMES, filterSearchParams, hasFilters, withQuery, type CalendarFilters } from "@/lib/query/calendar";
import { SelectField } from "@/components/ui/select-field";
import { EVENT_TYPE_LABELS, audienceLabel, eventTypeLabel } from "./labels";
import styles from "./calendar-filters.module.css";

export interface FilterOptions {
  campuses: { id: string; name: string }[];
  ministries: { id: string; name: string }[];
  audiences: string[];
}

interface Choice {
  value: string;
  label: string;
}

type FilterName = (typeof FILTER_NAMES)[number];

/** Where this browser keeps the campus its member last chose, so the calendar opens on it next time. */
const MY_CAMPUS_KEY = "calendar:campus";

function rememberCampus(campusId: string | undefined) {
  try {
    if (campusId) localStorage.setItem(MY_CAMPUS_KEY, campusId);
    else localStorage.removeItem(MY_CAMPUS_KEY);
  } catch {
    // Storage refused (private browsing, a full disk): the calendar simply does not remember.
  }
}

function rememberedCampus(): string | null {
  try {
    return localStorage.getItem(MY_CAMPUS_KEY);
  } catch {
    return null;
  }
}

/**
 * The calendar's filters. A plain GET form to /calendar with an "Apply filters" button, so it works without
 * JavaScript; with JavaScript a changed select updates the URL at once (router.replace, no scroll jump) and
 * the server renders the matching first page, which the feed takes as its initial data. On a phone the
 * selects fold away behind one "Filters" button (with JavaScript only), so the first events are in sight.
 * The campus chosen is remembered in this browser and chosen again when the calendar opens without filters.
 * Words: "Calendar.filters" and "Calendar.labels".
 */
export function CalendarFilters({ options, filters }: { options: FilterOptions; filters: CalendarFilters }) {
  const t = useTranslations("Calendar.filters");
  const labels = useTranslations("Calendar.labels");
  const router = useRouter();
  const [pending, startTransition] = useTransition();

  // The selects are controlled so that a navigation (Clear filters, back button) resets them without
  // remounting the select that has focus.
  const filtersKey = filterSearchParams(filters).toString();
  const [values, setValues] = useState<CalendarFilters>(filters);
  const [shownKey, setShownKey] = useState(filtersKey);
  if (shownKey !== filtersKey) {
    setShownKey(filtersKey);
    setValues(filters);
  }

  // Folding needs JavaScript to open again: the stylesheet folds only where scripting is on (`scripting`
  // media feature), so the server's page is already folded and nothing moves when it hydrates.
  const [open, setOpen] = useState(false);
  const panelId = useId();

  // Opened without filters: the campus this browser chose before, if the calendar still has it.
  useEffect(() => {
    if (hasFilters(filters)) return;
    const campusId = rememberedCampus();
    if (campusId && options.campuses.some((campus) => campus.id === campusId)) apply({ ...filters, campusId });
    // Only when the calendar is first opened: later changes are the member's own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function apply(next: CalendarFilters) {
    if (next.campusId !== values.campusId) rememberCampus(next.campusId);
    setValues(next);
    startTransition(() => {
      router.replace(withQuery(CALENDAR_PAGE_PATH, filterSearchParams(next)), { scroll: false });
    });
  }

  function onChange(name: FilterName, value: string) {
    apply({ ...values, [name]: value || undefined });
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    apply(values);
  }

  const fields: { name: FilterName; label: string; any: string; choices: Choice[]; unknown: (value: string) => string }[] = [
    {
      name: "type",
      label: t("type"),
      any: t("allTypes"),
      // In the order of the labels' table (not the zod schemas module), so zod stays out of the browser bundle.
      choices: (Object.keys(EVENT_TYPE_LABELS) as EventType[]).map((type) => ({ value: type, label: eventTypeLabel(labels, type) })),
      unknown: (value) => t("unknownType", { value }),
    },
    {
      name: "campusId",
      label: t("campus"),
      any: t("allCampuses"),
      choices: options.campuses.map((campus) => ({ value: campus.id, label: campus.name })),
      unknown: (value) => t("unknownCampus", { value }),
    },
    {
      name: "ministryId",
      label: t("ministry"),
      any: t("allMinistries"),
      choices: options.ministries.map((ministry) => ({ value: ministry.id, label: ministry.name })),
      unknown: (value) => t("unknownMinistry", { value }),
    },
    {
      name: "audience",
      label: t("audience"),
      any: t("everyone"),
      choices: options.audiences.map((audience) => ({ value: audience, label: audienceLabel(audience) })),
      unknown: (value) => t("unknownAudience", { value }),
    },
  ];

  const active = FILTER_NAMES.filter((name) => filters[name]).length;

  return (
    <form
      method="get"
      action={CALENDAR_PAGE_PATH}
      className={styles.filters}
      aria-label={t("label")}
      onSubmit={onSubmit}
      data-pending={pending ? "" : undefined}
      data-folded={open ? undefined : ""}
    >
      <button type="button" className={`button ${styles.toggle}`} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        {active > 0 ? t("toggleOn", { count: active }) : t("toggle")}
      </button>
      <div className={styles.fields} id={panelId}>
        {fields.map((field) => {
          const value = values[field.name] ?? "";
          const known = value === "" || field.choices.some((choice) => choice.value === value);
          return (
            <SelectField key={field.name} label={field.label} name={field.name} value={value} onChange={(event) => onChange(field.name, event.target.value)}>
              <option value="">{field.any}</option>
              {!known && <option value={value}>{field.unknown(value)}</option>}
              {field.choices.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </SelectField>
          );
        })}
      </div>
      <div className={styles.actions}>
        <button type="submit" className="button button--primary">
          {t("apply")}
        </button>
        {hasFilters(filters) && (
          <Link href={CALENDAR_PAGE_PATH} scroll={false} className={styles.clear} onClick={() => rememberCampus(undefined)}>
            {t("clear")}
          </Link>
        )}
        <p className={styles.status} role="status">
          {pending ? t("updating") : ""}
        </p>
      </div>
    </form>
  );
}
