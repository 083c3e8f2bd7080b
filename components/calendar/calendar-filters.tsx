"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, useTransition, type FormEvent } from "react";
import type { EventType } from "@/lib/calendar/schemas";
import { CALENDAR_PAGE_PATH, FILTER_NAMES, filterSearchParams, hasFilters, withQuery, type CalendarFilters } from "@/lib/query/calendar";
import { SelectField } from "@/components/ui/select-field";
import { EVENT_TYPE_LABELS, audienceLabel } from "./labels";
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

/**
 * The calendar's filters. A plain GET form to /calendar with an "Apply filters" button, so it works without
 * JavaScript; with JavaScript a changed select updates the URL at once (router.replace, no scroll jump) and
 * the server renders the matching first page, which the feed takes as its initial data.
 */
export function CalendarFilters({ options, filters }: { options: FilterOptions; filters: CalendarFilters }) {
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

  function apply(next: CalendarFilters) {
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

  const fields: { name: FilterName; label: string; any: string; choices: Choice[]; unknown: string }[] = [
    {
      name: "type",
      label: "Type",
      any: "All types",
      // From the labels (not the zod schemas module) so zod stays out of the browser bundle.
      choices: (Object.keys(EVENT_TYPE_LABELS) as EventType[]).map((type) => ({ value: type, label: EVENT_TYPE_LABELS[type] })),
      unknown: "type",
    },
    {
      name: "campusId",
      label: "Campus",
      any: "All campuses",
      choices: options.campuses.map((campus) => ({ value: campus.id, label: campus.name })),
      unknown: "campus",
    },
    {
      name: "ministryId",
      label: "Ministry",
      any: "All ministries",
      choices: options.ministries.map((ministry) => ({ value: ministry.id, label: ministry.name })),
      unknown: "ministry",
    },
    {
      name: "audience",
      label: "Audience",
      any: "Everyone",
      choices: options.audiences.map((audience) => ({ value: audience, label: audienceLabel(audience) })),
      unknown: "audience",
    },
  ];

  return (
    <form
      method="get"
      action={CALENDAR_PAGE_PATH}
      className={styles.filters}
      aria-label="Filter events"
      onSubmit={onSubmit}
      data-pending={pending ? "" : undefined}
    >
      <div className={styles.fields}>
        {fields.map((field) => {
          const value = values[field.name] ?? "";
          const known = value === "" || field.choices.some((choice) => choice.value === value);
          return (
            <SelectField key={field.name} label={field.label} name={field.name} value={value} onChange={(event) => onChange(field.name, event.target.value)}>
              <option value="">{field.any}</option>
              {!known && <option value={value}>{`Unknown ${field.unknown} (${value})`}</option>}
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
          Apply filters
        </button>
        {hasFilters(filters) && (
          <Link href={CALENDAR_PAGE_PATH} scroll={false} className={styles.clear}>
            Clear filters
          </Link>
        )}
        <p className={styles.status} role="status">
          {pending ? "Updating events…" : ""}
        </p>
      </div>
    </form>
  );
}
