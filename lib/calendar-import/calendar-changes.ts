import "server-only";
import type { EventStatus, EventType } from "../generated/prisma/enums.ts";
import { EVENT_TYPE_LABELS } from "../calendar/event-type-labels.ts";
import { EVENT_TYPES } from "../calendar/schemas.ts";
import { instantsOrThrow } from "../calendar/staff-event-fields.ts";
import type { Database } from "../db/database.ts";
import { foldName } from "../membership/fold-name.ts";
import { daysBetween, type RecurrenceRule } from "../series/recurrence.ts";
import type { CalendarFile, SourceEvent, SourceOccurrence } from "./read-calendar-file.ts";
import type { CalendarPreview } from "./schemas.ts";

/**
 * What bringing a calendar in would change (issue 40, part 2), worked out against what an earlier import of
 * it made: the preview shows these counts, and the import writes exactly these changes (apply-calendar-changes.ts),
 * so the two never disagree. An event is matched by its import and its source key (the UID; an occurrence of a
 * repeating event, UID|rule date), so importing again updates and never duplicates. Only what the source says
 * is compared and written (times, title, description, place, status, the import's choices): a field staff set
 * here that the source has no word for (capacity, sign-up, artwork) is kept.
 */

export interface ImportChoices {
  importId: string;
  eventType: EventType;
  campusId: string | null;
  ministryId: string | null;
  audience: string[];
  publish: boolean;
}

/** The columns of an event that the source decides. */
export interface SourceColumns {
  title: string;
  description: string;
  eventType: EventType;
  campusId: string | null;
  ministryId: string | null;
  audience: string[];
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timezone: string;
  locationName: string | null;
  status: EventStatus;
  recurrenceDate: string | null;
  seriesOverride: boolean;
}

export interface SeriesPlan {
  uid: string;
  title: string;
  rule: RecurrenceRule;
  startDate: string;
  startTime: string;
  endTime: string;
  endDayOffset: number;
  timezone: string;
  /** The series row an earlier import made, when there is one. */
  existingId: string | null;
}

export interface EventWrite {
  key: string;
  /** The source event's UID: occurrences of one series share it. */
  uid: string;
  columns: SourceColumns;
  /** Set: update this event; null: create one. */
  existingId: string | null;
  /** The series the event belongs to, by the source's UID (null: a single event). */
  seriesUid: string | null;
}

export interface CalendarChanges {
  series: SeriesPlan[];
  creates: EventWrite[];
  updates: EventWrite[];
  unchanged: number;
  /** Every event key and series UID of the source: the events and series already here become this import's. */
  keys: string[];
  uids: string[];
  /** Events this import made that the source no longer has: cancelled (published) or removed (drafts). */
  gone: { id: string; status: EventStatus }[];
  preview: CalendarPreview;
}

const MAX_PROBLEMS = 200;

/** A category of the source that names an event type, a campus or a ministry of ours chooses it, compared as the register folds names (case, accents and punctuation aside). */
interface CategoryNames {
  types: Map<string, EventType>;
  campuses: Map<string, string>;
  ministries: Map<string, string>;
}


async function categoryNames(database: Database): Promise<CategoryNames> {
  const [campuses, ministries] = await Promise.all([
    database.prisma.campus.findMany({ select: { id: true, name: true } }),
    database.prisma.ministry.findMany({ select: { id: true, name: true } }),
  ]);
  const types = new Map<string, EventType>();
  for (const type of EVENT_TYPES) {
    types.set(foldName(type), type);
    types.set(foldName(EVENT_TYPE_LABELS[type]), type);
  }
  return { types, campuses: new Map(campuses.map((row) => [foldName(row.name), row.id])), ministries: new Map(ministries.map((row) => [foldName(row.name), row.id])) };
}

function chosenFor(event: SourceEvent, choices: ImportChoices, names: CategoryNames) {
  let { eventType, campusId, ministryId } = choices;
  for (const category of event.categories.map(foldName)) {
    eventType = names.types.get(category) ?? eventType;
    campusId = names.campuses.get(category) ?? campusId;
    ministryId = names.ministries.get(category) ?? ministryId;
  }
  return { eventType, campusId, ministryId };
}

/** The series' own times: those of its occurrences that keep to the rule. Null when every one was moved. */
function seriesTimes(event: SourceEvent): { first: SourceOccurrence; template: SourceOccurrence } | null {
  const first = event.occurrences[0];
  const template = event.occurrences.find((occurrence) => !occurrence.changed);
  return first && template ? { first, template } : null;
}

function occurrenceKey(uid: string, occurrence: SourceOccurrence): string {
  return occurrence.recurrenceDate === null ? uid : `${uid}|${occurrence.recurrenceDate}`;
}

/** Whether the event already has every column the source decides as the source says it. */
const sameColumns = (wanted: SourceColumns, row: SourceColumns) => (Object.keys(wanted) as (keyof SourceColumns)[]).every((name) => JSON.stringify(wanted[name]) === JSON.stringify(row[name]));

const EXISTING_EVENT = {
  id: true,
  importId: true,
  importKey: true,
  endAt: true,
  series: { select: { importUid: true } },
  title: true,
  description: true,
  eventType: true,
  campusId: true,
  ministryId: true,
  audience: true,
  startDate: true,
  startTime: true,
  endDate: true,
  endTime: true,
  timezone: true,
  locationName: true,
  status: true,
  recurrenceDate: true,
  seriesOverride: true,
} as const;

/** What importing `file` with `choices` would change now. */
export async function calendarChanges(database: Database, file: CalendarFile, choices: ImportChoices): Promise<CalendarChanges> {
  const names = await categoryNames(database);
  const keys = file.events.flatMap((event) => event.occurrences.map((occurrence) => occurrenceKey(event.uid, occurrence)));
  const uids = file.events.map((event) => event.uid);
  // The same calendar imported before (an earlier upload of it, or its address) shares UIDs with this one: its
  // events are updated rather than doubled, and those the source no longer has are cancelled.
  const matched = await database.prisma.event.findMany({ where: { OR: [{ importId: choices.importId }, { importKey: { in: keys } }] }, select: EXISTING_EVENT });
  const related = [...new Set(matched.flatMap((row) => (row.importId && row.importId !== choices.importId ? [row.importId] : [])))];
  const relatedEvents = related.length === 0 ? [] : await database.prisma.event.findMany({ where: { importId: { in: related }, importKey: { notIn: keys } }, select: EXISTING_EVENT });
  const existingEvents = [...matched, ...relatedEvents];
  const existingSeries = await database.prisma.eventSeries.findMany({ where: { importUid: { in: uids } }, select: { id: true, importUid: true } });
  const eventsByKey = new Map(existingEvents.map((row) => [row.importKey ?? "", row]));
  const seriesByUid = new Map(existingSeries.map((row) => [row.importUid ?? "", row.id]));

  const series: SeriesPlan[] = [];
  const creates: EventWrite[] = [];
  const updates: EventWrite[] = [];
  const seen = new Set<string>();
  const problems = file.problems.slice(0, MAX_PROBLEMS).map((problem) => ({ uid: problem.uid, message: problem.message }));
  const split: CalendarPreview["split"] = [];
  let unchanged = 0;
  let occurrences = 0;

  for (const event of file.events) {
    const chosen = chosenFor(event, choices, names);
    const times = event.rule ? seriesTimes(event) : null;
    const seriesUid = event.rule && times ? event.uid : null;
    if (event.rule && times) {
      series.push({
        uid: event.uid,
        title: event.title,
        rule: event.rule,
        startDate: times.first.recurrenceDate ?? times.first.startDate,
        startTime: times.template.startTime,
        endTime: times.template.endTime,
        endDayOffset: daysBetween(times.template.startDate, times.template.endDate),
        timezone: event.timezone,
        existingId: seriesByUid.get(event.uid) ?? null,
      });
    } else if (event.splitReason) {
      split.push({ title: event.title, reason: event.splitReason, occurrences: event.occurrences.length });
    }
    for (const occurrence of event.occurrences) {
      const key = occurrenceKey(event.uid, occurrence);
      if (seen.has(key)) {
        if (problems.length < MAX_PROBLEMS) problems.push({ uid: event.uid, message: `“${event.title}” has two instances on ${occurrence.recurrenceDate ?? occurrence.startDate}; the second is left out.` });
        continue;
      }
      try {
        instantsOrThrow({ ...occurrence, timezone: event.timezone });
      } catch {
        if (problems.length < MAX_PROBLEMS) problems.push({ uid: event.uid, message: `“${event.title}” on ${occurrence.startDate} ends before it starts, or at a time its zone skips; left out.` });
        continue;
      }
      seen.add(key);
      occurrences += 1;
      const columns: SourceColumns = {
        title: occurrence.title,
        description: occurrence.description,
        ...chosen,
        audience: choices.audience,
        startDate: occurrence.startDate,
        startTime: occurrence.startTime,
        endDate: occurrence.endDate,
        endTime: occurrence.endTime,
        timezone: event.timezone,
        locationName: occurrence.location,
        status: occurrence.cancelled ? "CANCELLED" : choices.publish ? "SCHEDULED" : "DRAFT",
        recurrenceDate: seriesUid ? occurrence.recurrenceDate : null,
        seriesOverride: seriesUid !== null && occurrence.changed,
      };
      const existing = eventsByKey.get(key);
      if (!existing) {
        creates.push({ key, uid: event.uid, columns, existingId: null, seriesUid });
        continue;
      }
      // A draft the import made stays a draft until staff publish it; a published one is not unpublished.
      if (!occurrence.cancelled && existing.status !== "CANCELLED") columns.status = existing.status;
      const sameSeries = (existing.series?.importUid ?? null) === seriesUid;
      if (sameSeries && sameColumns(columns, existing)) unchanged += 1;
      else updates.push({ key, uid: event.uid, columns, existingId: existing.id, seriesUid });
    }
  }

  const now = Date.now();
  // Gone from the source: only what has not ended is touched (the window starts a day ago; older events stay as history).
  const gone = existingEvents.filter((row) => !seen.has(row.importKey ?? "") && row.endAt.getTime() >= now && row.status !== "CANCELLED").map((row) => ({ id: row.id, status: row.status }));
  return {
    series,
    creates,
    updates,
    unchanged,
    keys: [...seen],
    uids: series.map((plan) => plan.uid),
    gone,
    preview: {
      events: file.events.length,
      occurrences,
      series: series.length,
      created: creates.length,
      updated: updates.length,
      unchanged,
      cancelled: gone.length,
      split,
      problems,
    },
  };
}

/** The columns of a new or updated event from its source columns, its instants computed DST-correctly. */
export function eventColumns(columns: SourceColumns): SourceColumns & ReturnType<typeof instantsOrThrow> {
  return { ...columns, ...instantsOrThrow(columns) };
}
