/**
 * Reads a church's calendar file (a Google, Outlook or Apple export, or a fetched iCal address) into a plain
 * plan of what each source event is, in our model's terms, for the importer that writes it (matching by UID).
 * Pure and synchronous: it never reads the clock (the window comes in), and Mozilla's ical.js parses and
 * expands; nothing here reads iCalendar text by hand.
 *
 * A recurring event is kept as a series only when our rule subset (lib/series/recurrence.ts, docs/decisions/0026)
 * gives exactly the dates ical.js gives, checked date by date: our feed re-exports a series as RRULE + EXDATE +
 * overrides, and every calendar app must read back the instances the source had. Anything else is kept as its
 * occurrences, with a reason in plain words.
 */
import ICAL from "ical.js";

import { isValidTimeZone } from "../calendar/event-time.ts";
import { localAt, localDateAt, wallToInstant } from "./zone-clock.ts";
import { daysBetween, expandRule, longDate, MAX_OCCURRENCES, MONTH_WEEKS, type MonthWeek, type RecurrenceRule, WEEKDAYS, type Weekday, weekdayOf } from "../series/recurrence.ts";

export interface ReadCalendarOptions {
  /** IANA zone used for floating times (no TZID, no Z) and for zones we cannot name in IANA terms. The church's zone. */
  fallbackZone: string;
  /** Occurrences are kept only when they END at or after `from` and START before `until` (instants). */
  from: Date;
  until: Date;
}

export interface SourceOccurrence {
  /** The local date (YYYY-MM-DD, in the event's zone) of the rule date this instance stands for (its RECURRENCE-ID's local date); null for a single, non-recurring event. */
  recurrenceDate: string | null;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  title: string;
  description: string;
  location: string | null;
  /** STATUS:CANCELLED on the master or on this instance's RECURRENCE-ID override. */
  cancelled: boolean;
  /** This instance differs from the rule (a RECURRENCE-ID override moved or retitled it). */
  changed: boolean;
}

export interface SourceEvent {
  uid: string;
  title: string;
  description: string;
  location: string | null;
  url: string | null;
  categories: string[];
  /** IANA zone the local dates/times are in: the DTSTART's TZID when ICU knows it, else fallbackZone (times converted from the instant). */
  timezone: string;
  allDay: boolean;
  /** Our series rule when it gives exactly the source's dates (before EXDATE) within the window, else null. */
  rule: RecurrenceRule | null;
  /** Plain-language reason the recurring event was not kept as a series, null otherwise. */
  splitReason: string | null;
  /** Expanded instances inside the window, in start order; EXDATE'd dates are left out; cancelled overrides are included with cancelled=true. */
  occurrences: SourceOccurrence[];
}

export interface CalendarFileProblem {
  uid: string | null;
  message: string;
}

export interface CalendarFile {
  /** X-WR-CALNAME */
  name: string | null;
  events: SourceEvent[];
  problems: CalendarFileProblem[];
}

/** The file as a whole cannot be imported; the message is for a person. */
export class CalendarFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "CalendarFileError";
  }
}

const NOT_A_CALENDAR = "This file is not a calendar (.ics) file.";
const MAX_EVENTS = 5_000;
const TOO_MANY_EVENTS = "This calendar has more than 5,000 events; import a shorter range.";
const MAX_FILE_OCCURRENCES = 20_000;
const TOO_MANY_OCCURRENCES = "This calendar has more than 20,000 dates in this range; import a shorter range.";
const MAX_TITLE_LENGTH = 200;
const MAX_DESCRIPTION_LENGTH = 20_000;
/**
 * ical.js steps one event's rule may take to reach the window's end. Every step is taken from the series'
 * first date (a rule cannot be entered midway without changing its INTERVAL and COUNT), and a daily event
 * since 1900 needs ~47,000; an hourly one since years ago is refused rather than walked.
 */
const MAX_RULE_STEPS = 100_000;
const CANNOT_SHOW = "repeats in a way this calendar cannot show as a series";
const UNTITLED = "Untitled event";
const DAY_MS = 86_400_000;

type Component = InstanceType<typeof ICAL.Component>;
type Property = InstanceType<typeof ICAL.Property>;
type IcalEvent = InstanceType<typeof ICAL.Event>;
type Time = InstanceType<typeof ICAL.Time>;
type Timezone = InstanceType<typeof ICAL.Timezone>;
type Recur = InstanceType<typeof ICAL.Recur>;

/** One read's shared state: the window, the problems found so far, the occurrences kept so far. */
interface Reading {
  options: ReadCalendarOptions;
  fromMs: number;
  untilMs: number;
  problems: CalendarFileProblem[];
  occurrenceCount: number;
}

/** An event read, with its first start kept for the final order. */
interface ReadEvent {
  event: SourceEvent;
  firstStartMs: number;
}

interface Instance {
  occurrence: SourceOccurrence;
  startMs: number;
}

/** Thrown inside one event's reading: the event is skipped and the message becomes its problem. */
class SkippedEvent extends Error {}

export function readCalendarFile(text: string, options: ReadCalendarOptions): CalendarFile {
  const reading = startReading(options);
  const calendars = parseCalendars(text);
  const components = calendars.flatMap((calendar) => calendar.getAllSubcomponents("vevent"));
  if (components.length > MAX_EVENTS) throw new CalendarFileError(TOO_MANY_EVENTS);
  const events = withFileTimeZones(calendars, reading, () => readEvents(components, reading));
  events.sort((a, b) => a.firstStartMs - b.firstStartMs || compareText(a.event.uid, b.event.uid));
  return { name: calendarName(calendars), events: events.map((read) => read.event), problems: reading.problems };
}

function startReading(options: ReadCalendarOptions): Reading {
  if (!isValidTimeZone(options.fallbackZone)) throw new RangeError(`unknown time zone ${options.fallbackZone}`);
  const fromMs = options.from.getTime();
  const untilMs = options.until.getTime();
  if (!(fromMs < untilMs)) throw new RangeError("the window must end after it starts");
  return { options, fromMs, untilMs, problems: [], occurrenceCount: 0 };
}

// ---------------------------------------------------------------------------------------------------------
// The file

function parseCalendars(text: string): Component[] {
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text.replace(/^\uFEFF/, ""));
  } catch {
    throw new CalendarFileError(NOT_A_CALENDAR);
  }
  // ical.js answers one root as its jCal array, several as an array of them.
  const roots: unknown[] = isJcalComponent(parsed) ? [parsed] : Array.isArray(parsed) ? parsed : [];
  const calendars = roots.filter((root) => isJcalComponent(root) && root[0] === "vcalendar").map((root) => new ICAL.Component(root as unknown[]));
  if (calendars.length === 0) throw new CalendarFileError(NOT_A_CALENDAR);
  return calendars;
}

function isJcalComponent(value: unknown): value is [string, ...unknown[]] {
  return Array.isArray(value) && typeof value[0] === "string";
}

function calendarName(calendars: Component[]): string | null {
  for (const calendar of calendars) {
    const name = oneLine(textValue(calendar.getFirstPropertyValue("x-wr-calname")));
    if (name) return name;
  }
  return null;
}

const BUILT_IN_ZONES = new Set(["Z", "UTC", "GMT"]);

/**
 * Runs `read` with the file's VTIMEZONEs registered in ical.js's TimezoneService, and every other zone the
 * file names taken out of it, then puts the service back as it was. The service is global: a zone left by
 * an earlier file (or by other code) would otherwise decide the times of a later file that names the zone
 * without defining it. (ical.js 2.x resolves a TZID through the file's own VTIMEZONEs first; the service is
 * its fallback.) Synchronous, so nothing else runs while the service holds this file's zones.
 */
function withFileTimeZones<T>(calendars: Component[], reading: Reading, read: () => T): T {
  const service = ICAL.TimezoneService;
  const saved = new Map<string, Timezone | null>();
  const save = (tzid: string) => {
    if (!saved.has(tzid)) saved.set(tzid, service.has(tzid) ? service.get(tzid) : null);
  };
  try {
    for (const tzid of namedZones(calendars)) {
      if (BUILT_IN_ZONES.has(tzid)) continue;
      save(tzid);
      service.remove(tzid);
    }
    for (const component of calendars.flatMap((calendar) => calendar.getAllSubcomponents("vtimezone"))) {
      try {
        const zone = new ICAL.Timezone(component);
        if (!zone.tzid || BUILT_IN_ZONES.has(zone.tzid)) continue;
        save(zone.tzid);
        service.register(zone);
      } catch {
        reading.problems.push({ uid: null, message: "A time zone in the file could not be read; events using it were read in the church's time zone." });
      }
    }
    return read();
  } finally {
    for (const [tzid, zone] of saved) {
      if (zone) service.register(zone, tzid);
      else service.remove(tzid);
    }
  }
}

function namedZones(calendars: Component[]): Set<string> {
  const names = new Set<string>();
  for (const event of calendars.flatMap((calendar) => calendar.getAllSubcomponents("vevent"))) {
    for (const property of event.getAllProperties()) {
      const tzid = tzidOf(property);
      if (tzid) names.add(tzid);
    }
  }
  return names;
}

// ---------------------------------------------------------------------------------------------------------
// Events

function readEvents(components: Component[], reading: Reading): ReadEvent[] {
  const { masters, overrides } = groupByUid(components, reading);
  const events: ReadEvent[] = [];
  for (const [uid, master] of masters) {
    const read = skipOnFailure(uid, master, reading, () => readSeries(uid, master, overrides.get(uid) ?? [], reading));
    if (read) events.push(read);
  }
  for (const [uid, detached] of overrides) {
    if (masters.has(uid)) continue;
    const read = skipOnFailure(uid, detached[0]!, reading, () => readDetachedOverrides(uid, detached, reading));
    if (read) events.push(read);
  }
  return events;
}

/**
 * Masters by UID, and each UID's RECURRENCE-ID overrides. Overrides belong to the master of their own UID
 * only (RFC 5545 3.8.4.4): ical.js would otherwise relate every override in the calendar to any master, keyed
 * by local time (see lib/calendar/ics-expand.testing.ts).
 */
function groupByUid(components: Component[], reading: Reading) {
  const masters = new Map<string, Component>();
  const overrides = new Map<string, Component[]>();
  for (const component of components) {
    const uid = oneLine(textValue(component.getFirstPropertyValue("uid")));
    if (!uid) {
      reading.problems.push({ uid: null, message: `${labelOf(component)} has no UID; it was skipped.` });
      continue;
    }
    const problem = timingProblem(component, reading);
    if (problem) {
      reading.problems.push({ uid, message: `${labelOf(component)} ${problem}; it was skipped.` });
      continue;
    }
    if (component.hasProperty("recurrence-id")) {
      overrides.set(uid, [...(overrides.get(uid) ?? []), component]);
    } else if (masters.has(uid)) {
      reading.problems.push({ uid, message: `${labelOf(component)} appears twice in the file; the first copy was kept.` });
    } else {
      masters.set(uid, component);
    }
  }
  return { masters, overrides };
}

/** Why a VEVENT's times cannot be used, or null. */
function timingProblem(component: Component, reading: Reading): string | null {
  if (!component.hasProperty("dtstart")) return "has no start date";
  try {
    const event = new ICAL.Event(component);
    const zones = zonesOf(component, reading.options.fallbackZone);
    if (component.hasProperty("recurrence-id")) localOf(event.recurrenceId, zones);
    if (localOf(event.endDate, zones).ms < localOf(event.startDate, zones).ms) return "ends before it starts";
    return null;
  } catch {
    return "could not be read";
  }
}

/** Runs one event's reading; a failure skips that event with a problem, except the file-wide limits. */
function skipOnFailure(uid: string, component: Component, reading: Reading, read: () => ReadEvent): ReadEvent | null {
  const before = reading.occurrenceCount;
  try {
    return read();
  } catch (error) {
    if (error instanceof CalendarFileError) throw error;
    reading.occurrenceCount = before;
    const message = error instanceof SkippedEvent ? error.message : `${labelOf(component)} could not be read; it was skipped.`;
    reading.problems.push({ uid, message });
    return null;
  }
}

/** A master VEVENT (single or recurring) with its overrides. */
function readSeries(uid: string, component: Component, overrideComponents: Component[], reading: Reading): ReadEvent {
  const zones = zonesOf(component, reading.options.fallbackZone);
  noteUnknownZone(uid, component, zones, reading);
  const event = new ICAL.Event(component, { strictExceptions: true, exceptions: [] });
  for (const override of overrideComponents) event.relateException(new ICAL.Event(override));
  refuseEndlessRules(component);
  const notes = new Set<string>();
  const texts = textsOf(component, notes);
  const expansion = expandEvent(event, zones, texts, notes, reading);
  noteUnusedOverrides(uid, event, expansion.matched, zones, reading);
  // ical.js (like most apps today) ignores EXRULE, a rule RFC 5545 dropped; its dates are kept.
  if (component.hasProperty("exrule")) reading.problems.push({ uid, message: `${quoted(texts.title)} skips dates by a pattern this import cannot read; those dates were kept.` });
  const fit = fitRule(event, expansion.instances, zones, texts.title, uid, reading);
  noteCuts(uid, texts.title, notes, reading);
  return finish(
    {
      uid,
      ...texts,
      url: oneLine(textValue(component.getFirstPropertyValue("url"))) || null,
      categories: categoriesOf(component),
      timezone: zones.timezone,
      allDay: event.startDate.isDate,
      rule: fit.rule,
      splitReason: fit.splitReason,
    },
    fit.instances,
    reading,
  );
}

/**
 * Overrides whose master is not in the file: Google exports those for the instances of a series shared
 * from another calendar. Each is one date of that series, read as it stands.
 */
function readDetachedOverrides(uid: string, components: Component[], reading: Reading): ReadEvent {
  const fallbackZone = reading.options.fallbackZone;
  const events = components.map((component) => new ICAL.Event(component));
  events.sort((a, b) => localOf(a.recurrenceId, zonesOf(a.component, fallbackZone)).ms - localOf(b.recurrenceId, zonesOf(b.component, fallbackZone)).ms);
  const first = events[0]!;
  const zones = zonesOf(first.component, fallbackZone);
  noteUnknownZone(uid, first.component, zones, reading);
  const notes = new Set<string>();
  const texts = textsOf(first.component, notes);
  const instances: Instance[] = [];
  for (const event of events) {
    const ownZones = { ...zones, wallZone: zonesOf(event.component, fallbackZone).wallZone };
    const recurrence = localOf(event.recurrenceId, ownZones);
    const start = localOf(event.startDate, ownZones);
    const end = localOf(event.endDate, ownZones);
    if (!inWindow(start.ms, end.ms, reading)) continue;
    instances.push({
      startMs: start.ms,
      occurrence: { recurrenceDate: recurrence.date, ...scheduleOf(start, end), ...textsOf(event.component, notes), cancelled: isCancelled(event.component), changed: start.ms !== recurrence.ms },
    });
  }
  noteCuts(uid, texts.title, notes, reading);
  return finish(
    {
      uid,
      ...texts,
      url: oneLine(textValue(first.component.getFirstPropertyValue("url"))) || null,
      categories: categoriesOf(first.component),
      timezone: zones.timezone,
      allDay: first.startDate.isDate,
      rule: null,
      splitReason: events.length > 1 ? "only some of its dates were in the file" : null,
    },
    instances,
    reading,
  );
}

/** The event with its occurrences in start order, counted against the file's limit. */
function finish(event: Omit<SourceEvent, "occurrences">, instances: Instance[], reading: Reading): ReadEvent {
  reading.occurrenceCount += instances.length;
  if (reading.occurrenceCount > MAX_FILE_OCCURRENCES) throw new CalendarFileError(TOO_MANY_OCCURRENCES);
  const sorted = [...instances].sort((a, b) => a.startMs - b.startMs || compareText(a.occurrence.recurrenceDate ?? "", b.occurrence.recurrenceDate ?? ""));
  return { event: { ...event, occurrences: sorted.map((instance) => instance.occurrence) }, firstStartMs: sorted[0]?.startMs ?? Number.POSITIVE_INFINITY };
}

// ---------------------------------------------------------------------------------------------------------
// Expansion

/**
 * Every instance ical.js gives (RRULE, RDATE, less EXDATE, with overrides) whose rule time is before the
 * window's end, kept when it overlaps the window. Iteration stops at the window's end (rules may repeat
 * forever), and after MAX_RULE_STEPS.
 */
function expandEvent(event: IcalEvent, zones: Zones, masterTexts: Texts, notes: Set<string>, reading: Reading) {
  const instances: Instance[] = [];
  const matched = new Set<IcalEvent>();
  const recurring = event.isRecurring();
  const masterCancelled = isCancelled(event.component);
  const duration = event.duration;
  const durationMs = duration.toSeconds() * 1000;
  const hasOverrides = Object.keys(event.exceptions).length > 0;
  const iterator = event.iterator();
  for (let steps = 1; ; steps += 1) {
    const next = iterator.next() as Time | undefined;
    if (!next) break;
    if (steps > MAX_RULE_STEPS) throw new SkippedEvent(`${quoted(masterTexts.title)} repeats too often to read; it was skipped.`);
    const ruleStart = localOf(next, zones);
    if (ruleStart.ms >= reading.untilMs) break;
    const details = hasOverrides ? event.getOccurrenceDetails(next) : null;
    const override = details && details.item !== event ? details.item : null;
    if (override) matched.add(override);
    // A rule date that ends before the window (a day's margin for a DST change) is passed over unread: a
    // series begun years ago has most of its dates there.
    if (!override && ruleStart.ms + durationMs + DAY_MS < reading.fromMs) continue;
    const plainEnd = next.clone();
    plainEnd.addDuration(duration);
    const plain = scheduleOf(ruleStart, localOf(plainEnd, zones));
    const ownZones = override ? { ...zones, wallZone: zonesOf(override.component, reading.options.fallbackZone).wallZone } : zones;
    const start = override ? localOf(details!.startDate, ownZones) : ruleStart;
    const end = override ? localOf(details!.endDate, ownZones) : localOf(plainEnd, zones);
    if (!inWindow(start.ms, end.ms, reading)) continue;
    const schedule = override ? scheduleOf(start, end) : plain;
    const texts = override ? textsOf(override.component, notes) : masterTexts;
    instances.push({
      startMs: start.ms,
      occurrence: {
        recurrenceDate: recurring ? ruleStart.date : null,
        ...schedule,
        ...texts,
        cancelled: masterCancelled || (override !== null && isCancelled(override.component)),
        changed: override !== null && (!sameSchedule(plain, schedule) || !sameTexts(masterTexts, texts)),
      },
    });
    if (reading.occurrenceCount + instances.length > MAX_FILE_OCCURRENCES) throw new CalendarFileError(TOO_MANY_OCCURRENCES);
  }
  return { instances, matched };
}

function inWindow(startMs: number, endMs: number, reading: Reading): boolean {
  return endMs >= reading.fromMs && startMs < reading.untilMs;
}

/**
 * Overrides for a date the rule never gives are left out, as ical.js and node-ical leave them out, so the
 * import matches what those apps show; a person is told about the ones inside the window.
 */
function noteUnusedOverrides(uid: string, event: IcalEvent, matched: Set<IcalEvent>, zones: Zones, reading: Reading) {
  for (const override of Object.values(event.exceptions)) {
    if (matched.has(override) || isCancelled(override.component)) continue;
    const recurrence = localOf(override.recurrenceId, { ...zones, wallZone: zonesOf(override.component, reading.options.fallbackZone).wallZone });
    if (recurrence.ms < reading.fromMs || recurrence.ms >= reading.untilMs) continue;
    reading.problems.push({ uid, message: `A changed date of ${quoted(textsOf(event.component, new Set()).title)} (${longDate(recurrence.date)}) is not one of its repeating dates; it was left out.` });
  }
}

/**
 * ical.js's RecurIterator.next() loops without end, inside one call, when a rule finer than monthly has
 * conditions no date meets (DAILY;BYMONTH=2;BYMONTHDAY=30, DAILY;BYDAY=1MO, BYWEEKNO with BYMONTH). No step
 * guard can stop that, so such rules are refused before ical.js iterates them. Monthly and yearly rules
 * are bounded inside ical.js.
 */
function refuseEndlessRules(component: Component) {
  for (const property of component.getAllProperties("rrule")) {
    const recur = property.getFirstValue() as Recur;
    if (!["SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY"].includes(recur.freq)) continue;
    const parts = recur.parts;
    const numberedDay = (parts.BYDAY ?? []).some((day) => !isWeekday(day));
    const weekOrYearDay = (parts.BYWEEKNO?.length ?? 0) > 0 || (parts.BYYEARDAY?.length ?? 0) > 0;
    if (numberedDay || weekOrYearDay || !someMonthHasDay(parts.BYMONTH, parts.BYMONTHDAY)) {
      throw new SkippedEvent(`${labelOf(component)} repeats in a way that cannot be read; it was skipped.`);
    }
  }
}

const MONTH_LENGTHS = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Whether some listed month (any, when none is listed) has some listed day of the month (Feb: 29 days in leap years). */
function someMonthHasDay(months: number[] | undefined, days: number[] | undefined): boolean {
  if (!days?.length) return true;
  const lengths = months?.length ? months.map((month) => MONTH_LENGTHS[Number(month) - 1] ?? 0) : MONTH_LENGTHS;
  return lengths.some((length) => days.some((day) => Math.abs(Number(day)) <= length));
}

// ---------------------------------------------------------------------------------------------------------
// The rule

interface Fit {
  rule: RecurrenceRule | null;
  splitReason: string | null;
  instances: Instance[];
}

/** The shape of an expressible RRULE: our rule without its end. */
type RuleShape = Pick<RecurrenceRule, "frequency" | "interval" | "weekdays" | "monthWeek">;

/**
 * Our rule for a recurring event, starting at its first kept occurrence, ending where the source or the window
 * ends, and at most MAX_OCCURRENCES dates; accepted only when expandRule gives exactly the RRULE's dates and
 * each of them is a kept occurrence or an EXDATE.
 */
function fitRule(event: IcalEvent, instances: Instance[], zones: Zones, title: string, uid: string, reading: Reading): Fit {
  if (!event.isRecurring()) return { rule: null, splitReason: null, instances };
  const shape = ruleShape(event.component, event.startDate, zones);
  if (typeof shape === "string") return { rule: null, splitReason: shape, instances };
  // Nothing in the window: no series to keep, and nothing to explain.
  if (instances.length === 0) return { rule: null, splitReason: null, instances };
  const firstDate = instances.map((instance) => instance.occurrence.recurrenceDate!).reduce((a, b) => (b < a ? b : a));
  const recur = event.component.getFirstPropertyValue("rrule") as Recur;
  const listing = listRuleDates(recur, event.startDate, zones, firstDate, title, reading);
  const capped = listing.dates.length > MAX_OCCURRENCES;
  const dates = listing.dates.slice(0, MAX_OCCURRENCES);
  const lastDate = dates.at(-1);
  if (!lastDate) return { rule: null, splitReason: CANNOT_SHOW, instances };
  const kept = capped ? instances.filter((instance) => instance.occurrence.recurrenceDate! <= lastDate) : instances;
  const exdates = new Set(exdateDates(event.component, zones));
  for (const end of ruleEnds(recur, listing.complete, dates, capped, zones, reading)) {
    const rule: RecurrenceRule = { ...shape, ...end };
    if (!givesExactly(rule, firstDate, dates, kept, exdates)) continue;
    if (capped) reading.problems.push({ uid, message: `${quoted(title)} repeats more than ${MAX_OCCURRENCES} times in this range; only its dates up to ${longDate(lastDate)} were read.` });
    return { rule, splitReason: null, instances: kept };
  }
  return { rule: null, splitReason: CANNOT_SHOW, instances };
}

/**
 * The ends to try, best first. The source's own end when it falls inside the window (its COUNT as the
 * count left from the first kept date, or its UNTIL's local date); else the window's last local date, as a
 * series repeating forever is cut at the window. The last date itself comes second: a local until date can
 * take in one more date than the source (a rule date later that day, after the UNTIL or the window's end).
 */
function ruleEnds(recur: Recur, complete: boolean, dates: string[], capped: boolean, zones: Zones, reading: Reading): Pick<RecurrenceRule, "until" | "count">[] {
  const last = { until: dates.at(-1)!, count: null };
  if (capped) return [last];
  if (complete && recur.count) return [{ until: null, count: dates.length }];
  const until = complete && recur.until ? localOf(recur.until, zones).date : localDateAt(reading.untilMs, zones.timezone);
  return [{ until, count: null }, last];
}

function givesExactly(rule: RecurrenceRule, firstDate: string, dates: string[], kept: Instance[], exdates: Set<string>): boolean {
  let expanded: string[];
  try {
    expanded = expandRule(rule, firstDate);
  } catch {
    return false; // more than MAX_OCCURRENCES dates
  }
  if (expanded.length !== dates.length || expanded.some((date, index) => date !== dates[index])) return false;
  const keptDates = kept.map((instance) => instance.occurrence.recurrenceDate!);
  const keptSet = new Set(keptDates);
  const ruleSet = new Set(dates);
  return keptSet.size === keptDates.length && keptDates.every((date) => ruleSet.has(date)) && dates.every((date) => keptSet.has(date) || exdates.has(date));
}

/**
 * The RRULE's own dates (before EXDATE), local, from `firstDate` on, for rule times before the window's end;
 * `complete` when the rule ended before the window did. Stops one past MAX_OCCURRENCES: enough to know.
 */
function listRuleDates(recur: Recur, dtstart: Time, zones: Zones, firstDate: string, title: string, reading: Reading) {
  const iterator = recur.iterator(dtstart);
  const dates: string[] = [];
  for (let steps = 1; ; steps += 1) {
    const next = iterator.next() as Time | null;
    if (!next) return { dates, complete: true };
    if (steps > MAX_RULE_STEPS) throw new SkippedEvent(`${quoted(title)} repeats too often to read; it was skipped.`);
    const local = localOf(next, zones);
    if (local.ms >= reading.untilMs) return { dates, complete: false };
    if (local.date >= firstDate) dates.push(local.date);
    if (dates.length > MAX_OCCURRENCES) return { dates, complete: false };
  }
}

function exdateDates(component: Component, zones: Zones): string[] {
  return component
    .getAllProperties("exdate")
    .flatMap((property) => property.getValues())
    .filter((value): value is Time => value instanceof ICAL.Time)
    .map((time) => localOf(time, zones).date);
}

/**
 * Our rule's shape for the event's RRULE, or the reason there is none. Weekdays are the local weekdays in
 * `zones.timezone`: when that is not the source's zone (Outlook's "Eastern Standard Time" read in the
 * church's zone), a Sunday 01:00 there can be a Saturday here, so the days move with the first date.
 */
function ruleShape(component: Component, dtstart: Time, zones: Zones): RuleShape | string {
  if (component.hasProperty("rdate")) return "has extra dates added outside its repeating pattern";
  if (component.hasProperty("exrule")) return "skips dates by a pattern";
  const rules = component.getAllProperties("rrule");
  if (rules.length !== 1) return "repeats in more than one pattern";
  const recur = rules[0]!.getFirstValue() as Recur;
  const interval = recur.interval || 1;
  const shift = daysBetween(dateOf(dtstart), localOf(dtstart, zones).date);
  switch (recur.freq) {
    case "WEEKLY":
      return weeklyShape(recur, interval, dateOf(dtstart), shift);
    case "MONTHLY":
      return monthlyShape(recur, interval, dtstart.day, shift);
    case "DAILY":
      if (recur.parts.BYDAY?.length) return "repeats daily on some weekdays";
      return interval === 1 ? "repeats daily" : `repeats every ${interval} days`;
    case "YEARLY":
      return interval === 1 ? "repeats yearly" : `repeats every ${interval} years`;
    default:
      return "repeats several times a day";
  }
}

function weeklyShape(recur: Recur, interval: number, startDate: string, shift: number): RuleShape | string {
  const other = otherPartsReason(recur, ["BYDAY"]);
  if (other) return other;
  const codes = recur.parts.BYDAY?.length ? recur.parts.BYDAY : [weekdayOf(startDate)];
  if (!codes.every(isWeekday)) return CANNOT_SHOW;
  if (interval > 52) return `repeats only every ${interval} weeks`;
  const days = [...new Set(codes as Weekday[])];
  // Our weeks start on Monday. Another week start changes which weeks count only when the days straddle it.
  const weekStart = (recur.wkst + 5) % 7; // ical.js: 1 = Sunday ... 7 = Saturday
  const indexes = days.map((day) => WEEKDAYS.indexOf(day));
  const sameWeeks = interval === 1 || days.length === 1 || weekStart === 0 || indexes.every((index) => index >= weekStart) || indexes.every((index) => index < weekStart);
  if (!sameWeeks) return `repeats every ${interval} weeks, counting weeks from ${WEEKDAY_NAMES[WEEKDAYS[weekStart]!]}`;
  const weekdays = WEEKDAYS.filter((code) => days.some((day) => shiftWeekday(day, shift) === code));
  return { frequency: "WEEKLY", interval, weekdays, monthWeek: null };
}

function monthlyShape(recur: Recur, interval: number, startDay: number, shift: number): RuleShape | string {
  const parts = recur.parts;
  if (parts.BYMONTHDAY?.length) return monthDayReason(parts.BYMONTHDAY.map(Number));
  const other = otherPartsReason(recur, ["BYDAY", "BYSETPOS"]);
  if (other) return other;
  if (!parts.BYDAY?.length) return monthDayReason([startDay]);
  if (parts.BYDAY.length > 1) return "repeats on several days of each month";
  const match = /^([+-]?\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/.exec(parts.BYDAY[0]!);
  if (!match) return CANNOT_SHOW;
  const weekday = match[2] as Weekday;
  const positions = parts.BYSETPOS ?? [];
  let position: number;
  if (match[1] && positions.length === 0) position = Number(match[1]);
  else if (!match[1] && positions.length === 1) position = Number(positions[0]);
  else if (!match[1] && positions.length === 0) return `repeats on every ${WEEKDAY_NAMES[weekday]} of the month`;
  else return CANNOT_SHOW;
  if (!(MONTH_WEEKS as readonly number[]).includes(position)) {
    const which = position > 0 ? ordinal(position) : `${ordinal(-position)}-to-last`;
    return `repeats on the ${which} ${WEEKDAY_NAMES[weekday]} of each month`;
  }
  if (interval > 12) return `repeats only every ${interval} months`;
  return { frequency: "MONTHLY", interval, weekdays: [shiftWeekday(weekday, shift)], monthWeek: position as MonthWeek };
}

/** A reason for BY parts our rules do not have (beyond `allowed`), or null. */
function otherPartsReason(recur: Recur, allowed: string[]): string | null {
  const present = (Object.keys(recur.parts) as (keyof Recur["parts"])[]).filter((key) => !allowed.includes(key) && (recur.parts[key]?.length ?? 0) > 0);
  if (present.length === 0) return null;
  if (present.some((key) => key === "BYHOUR" || key === "BYMINUTE" || key === "BYSECOND")) return "repeats several times a day";
  if (present.includes("BYMONTH")) return "repeats only in some months";
  if (present.includes("BYMONTHDAY")) return "repeats on certain days of the month";
  return CANNOT_SHOW;
}

function monthDayReason(days: number[]): string {
  if (days.length > 1) return "repeats on several days of each month";
  const day = days[0]!;
  if (day === -1) return "repeats on the last day of each month";
  if (day < 0) return `repeats on the ${ordinal(-day)}-to-last day of each month`;
  return `repeats on the ${ordinal(day)} of each month`;
}

const WEEKDAY_NAMES: Record<Weekday, string> = { MO: "Monday", TU: "Tuesday", WE: "Wednesday", TH: "Thursday", FR: "Friday", SA: "Saturday", SU: "Sunday" };

function isWeekday(code: string): code is Weekday {
  return (WEEKDAYS as readonly string[]).includes(code);
}

function shiftWeekday(day: Weekday, shift: number): Weekday {
  return WEEKDAYS[(((WEEKDAYS.indexOf(day) + shift) % 7) + 7) % 7]!;
}

function ordinal(n: number): string {
  const suffix = n % 100 >= 11 && n % 100 <= 13 ? "th" : (["th", "st", "nd", "rd"][n % 10] ?? "th");
  return `${n}${suffix}`;
}

// ---------------------------------------------------------------------------------------------------------
// Times and zones

interface Zones {
  /** The zone our local dates and times are in. */
  timezone: string;
  /** The zone a floating time of this VEVENT is read in: its TZID when ical.js had no definition for it but ICU knows it, else the church's zone. */
  wallZone: string;
}

interface LocalTime {
  date: string;
  time: string;
  ms: number;
}

/**
 * The zones of a VEVENT, from its DTSTART. An IANA TZID is kept (its times come out as written, if the file's
 * VTIMEZONE agrees with ICU); anything else (Outlook's "Eastern Standard Time", UTC, floating) is read in
 * the church's zone, converted from the instant ical.js computes with the file's VTIMEZONE.
 */
function zonesOf(component: Component, fallbackZone: string): Zones {
  const tzid = tzidOf(component.getFirstProperty("dtstart"));
  const zone = tzid && isValidTimeZone(tzid) ? tzid : fallbackZone;
  return { timezone: zone, wallZone: zone };
}

/** A TZID neither the file defines nor ICU knows: its times can only be read as the church's local times. */
function noteUnknownZone(uid: string, component: Component, zones: Zones, reading: Reading) {
  const tzid = tzidOf(component.getFirstProperty("dtstart"));
  const start = component.getFirstPropertyValue("dtstart");
  if (!tzid || tzid === zones.timezone || !(start instanceof ICAL.Time) || start.isDate || !isFloating(start)) return;
  reading.problems.push({ uid, message: `${labelOf(component)} uses a time zone the file does not describe (${tzid}); its times were read in ${zones.timezone}.` });
}

function tzidOf(property: Property | null): string | null {
  const tzid = property?.getParameter("tzid");
  return typeof tzid === "string" && tzid ? tzid : null;
}

function isFloating(time: Time): boolean {
  return time.zone === ICAL.Timezone.localTimezone || time.zone?.tzid === "floating";
}

/**
 * A time's local date and clock time in `zones.timezone`, and its instant. A DATE is the day itself (midnight
 * there); a floating time is wall-clock time in `zones.wallZone`; any other is the instant ical.js computes.
 */
function localOf(time: Time, zones: Zones): LocalTime {
  if (time.isDate) {
    const date = dateOf(time);
    return { date, time: "00:00", ms: wallToInstant(date, "00:00:00", zones.timezone) };
  }
  const ms = isFloating(time) ? wallToInstant(dateOf(time), clockOf(time), zones.wallZone) : time.toJSDate().getTime();
  return { ...localAt(ms, zones.timezone), ms };
}

function dateOf(time: Time): string {
  return `${String(time.year).padStart(4, "0")}-${String(time.month).padStart(2, "0")}-${String(time.day).padStart(2, "0")}`;
}

function clockOf(time: Time): string {
  return [time.hour, time.minute, time.second].map((part) => String(part).padStart(2, "0")).join(":");
}

type Schedule = Pick<SourceOccurrence, "startDate" | "startTime" | "endDate" | "endTime">;

function scheduleOf(start: LocalTime, end: LocalTime): Schedule {
  return { startDate: start.date, startTime: start.time, endDate: end.date, endTime: end.time };
}

function sameSchedule(a: Schedule, b: Schedule): boolean {
  return a.startDate === b.startDate && a.startTime === b.startTime && a.endDate === b.endDate && a.endTime === b.endTime;
}

// ---------------------------------------------------------------------------------------------------------
// Text

type Texts = Pick<SourceOccurrence, "title" | "description" | "location">;

/** The event's words, cut to our limits; a cut is noted in `notes` ("title", "description"). */
function textsOf(component: Component, notes: Set<string>): Texts {
  const title = cut(oneLine(textValue(component.getFirstPropertyValue("summary"))), MAX_TITLE_LENGTH, "title", notes);
  const description = cut(textValue(component.getFirstPropertyValue("description")).replace(/\r\n?/g, "\n").trim(), MAX_DESCRIPTION_LENGTH, "description", notes);
  // A location is one line here; Apple writes a place and its address on two.
  const location = textValue(component.getFirstPropertyValue("location"))
    .split(/\r\n?|\n/)
    .map((line) => line.trim())
    .filter(Boolean)
    .join(", ");
  return { title: title || UNTITLED, description, location: location || null };
}

function sameTexts(a: Texts, b: Texts): boolean {
  return a.title === b.title && a.description === b.description && a.location === b.location;
}

function noteCuts(uid: string, title: string, notes: Set<string>, reading: Reading) {
  if (notes.has("title")) reading.problems.push({ uid, message: `${quoted(title)}: the title was longer than ${MAX_TITLE_LENGTH} characters and was cut.` });
  if (notes.has("description")) reading.problems.push({ uid, message: `${quoted(title)}: the description was longer than ${MAX_DESCRIPTION_LENGTH.toLocaleString("en")} characters and was cut.` });
}

/** At most `limit` characters (code points, so no emoji is split). */
function cut(text: string, limit: number, what: string, notes: Set<string>): string {
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  notes.add(what);
  return characters.slice(0, limit).join("").trimEnd();
}

function categoriesOf(component: Component): string[] {
  const values = component
    .getAllProperties("categories")
    .flatMap((property) => property.getValues())
    .map((value) => oneLine(textValue(value)))
    .filter(Boolean);
  return [...new Set(values)];
}

function isCancelled(component: Component): boolean {
  return textValue(component.getFirstPropertyValue("status")).trim().toUpperCase() === "CANCELLED";
}

function textValue(value: unknown): string {
  return typeof value === "string" ? value : "";
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, " ").trim();
}

/** How a problem names an event: by its title when it has one. */
function labelOf(component: Component): string {
  const title = oneLine(textValue(component.getFirstPropertyValue("summary")));
  return title ? quoted(title) : "An event";
}

function quoted(title: string): string {
  const characters = Array.from(title);
  return `"${characters.length > 80 ? `${characters.slice(0, 79).join("")}…` : title}"`;
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
