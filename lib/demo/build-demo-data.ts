import { DateTime } from "luxon";
import { scheduleInstants } from "../calendar/event-time.ts";
import { kebab } from "../calendar/kebab-case.ts";
import type { ATTENDANCE_MODES, EVENT_VISIBILITIES, EventStatus, EventType, KNOWN_AUDIENCES } from "../calendar/schemas.ts";
import type { StoredEventStatus } from "../calendar/event-status.ts";
import { WEEKDAYS, type SeriesFrequency, type Weekday } from "../series/recurrence.ts";

/**
 * Demo data of "Grace Harbor Church": four campuses in four time zones, a dozen ministries, recurring series
 * and a year of events. Pure and deterministic: the same `today` and `eventCount` give the same output, down
 * to ids and timestamps (a seeded PRNG, no clock, no Math.random). Every date lies in
 * [today, today + 12 months); `today` is read as a local date in each event's own zone.
 *
 * The data set covers every event type, status, visibility and attendance mode, recurring series, multi-day
 * events (camps, conferences, a 40-day prayer campaign), events that span a DST change, optional fields both
 * present and absent, and a few descriptions with hostile markup for the sanitizer.
 */

type Audience = (typeof KNOWN_AUDIENCES)[number];
type Visibility = (typeof EVENT_VISIBILITIES)[number];
type AttendanceMode = (typeof ATTENDANCE_MODES)[number];

export const DEMO_CHURCH_NAME = "Grace Harbor Church";
export const DEFAULT_DEMO_EVENT_COUNT = 320;

/** Artwork in public/images/events; imageUrl holds `/images/events/<name>.svg`. */
export const DEMO_IMAGES = ["worship", "conference", "course", "special", "prayer", "life-group", "camp", "workshop"] as const;
type ImageName = (typeof DEMO_IMAGES)[number];

export interface DemoCampus {
  id: string;
  name: string;
  timezone: string;
  createdAt: Date;
}

export interface DemoMinistry {
  id: string;
  name: string;
  createdAt: Date;
}

/**
 * One row of the event_series table. A series with dates has the rule that gives exactly those dates (a
 * count from its first one), as a series staff create has; one that got no date in a small data set has none.
 */
export interface DemoSeries {
  id: string;
  title: string;
  frequency: SeriesFrequency | null;
  interval: number;
  weekdays: Weekday[];
  monthWeek: number | null;
  startDate: string | null;
  startTime: string | null;
  endTime: string | null;
  endDayOffset: number;
  timezone: string | null;
  untilDate: string | null;
  count: number | null;
  createdAt: Date;
}

/** One row of the event table; absent optional values are null. */
export interface DemoEvent {
  id: string;
  slug: string;
  title: string;
  description: string;
  eventType: EventType;
  serviceType: string | null;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  timezone: string;
  startAt: Date;
  endAt: Date;
  ministryId: string | null;
  campusId: string | null;
  seriesId: string | null;
  /** The local date its series' rule gave it (its iCalendar RECURRENCE-ID); null outside a series. */
  recurrenceDate: string | null;
  status: StoredEventStatus;
  visibility: Visibility;
  audience: string[];
  attendanceModes: AttendanceMode[];
  capacity: number | null;
  organizer: string | null;
  imageUrl: string | null;
  registrationUrl: string | null;
  locationName: string | null;
  locationAddress: string | null;
  latitude: number | null;
  longitude: number | null;
  tags: string[];
  createdAt: Date;
  updatedAt: Date;
}

export interface DemoData {
  campuses: DemoCampus[];
  ministries: DemoMinistry[];
  series: DemoSeries[];
  /** Ordered by start instant, then id. */
  events: DemoEvent[];
}

export interface BuildDemoDataOptions {
  /** The day the seed runs, YYYY-MM-DD; the first events start on it. */
  today: string;
  /** How many events to build; default 320. */
  eventCount?: number;
}

// ---------------------------------------------------------------------------------------------------------
// Fixed reference data

interface Venue {
  name: string;
  address: string;
  latitude?: number;
  longitude?: number;
}

interface CampusDef {
  id: string;
  name: string;
  /** Slug suffix when two events share a title and a date. */
  short: string;
  timezone: string;
  pastor: string;
  address: string;
  latitude: number;
  longitude: number;
  /** Neighbourhoods where life groups meet in homes. */
  neighbourhoods: readonly string[];
  park: Venue;
  retreat: Venue;
  conference: Venue;
}

const CAMPUSES: readonly CampusDef[] = [
  {
    id: "cmp_harbor_point",
    name: "Harbor Point Campus",
    short: "harbor-point",
    timezone: "America/New_York",
    pastor: "Pastor Daniel Reyes",
    address: "1400 Aliceanna Street, Baltimore, MD 21231",
    latitude: 39.2833,
    longitude: -76.5994,
    neighbourhoods: ["Canton", "Fells Point", "Federal Hill", "Hampden"],
    park: { name: "Patterson Park Boat Lake Pavilion", address: "2601 E Baltimore Street, Baltimore, MD 21224", latitude: 39.2905, longitude: -76.5815 },
    retreat: { name: "Cedar Lake Camp & Retreat Center", address: "4800 Cedar Lake Road, Swanton, MD 21561", latitude: 39.4836, longitude: -79.3714 },
    conference: { name: "Inner Harbor Convention Hall", address: "1 West Pratt Street, Baltimore, MD 21201", latitude: 39.2856, longitude: -76.6167 },
  },
  {
    id: "cmp_lakeshore",
    name: "Lakeshore Campus",
    short: "lakeshore",
    timezone: "America/Chicago",
    pastor: "Pastor Aisha Johnson",
    address: "2250 N Lakeview Avenue, Chicago, IL 60614",
    latitude: 41.9227,
    longitude: -87.6365,
    neighbourhoods: ["Lincoln Park", "Lakeview", "Evanston", "Oak Park"],
    park: { name: "Lincoln Park South Field House", address: "2045 N Lincoln Park West, Chicago, IL 60614", latitude: 41.919, longitude: -87.634 },
    retreat: { name: "Lake Geneva Conference Grounds", address: "W2501 State Road 50, Lake Geneva, WI 53147", latitude: 42.592, longitude: -88.479 },
    conference: { name: "Lakefront Conference Hall", address: "600 E Grand Avenue, Chicago, IL 60611", latitude: 41.8917, longitude: -87.6086 },
  },
  {
    id: "cmp_desert_springs",
    name: "Desert Springs Campus",
    short: "desert-springs",
    timezone: "America/Phoenix",
    pastor: "Pastor Luis Ortega",
    address: "4820 E Camelback Road, Phoenix, AZ 85018",
    latitude: 33.5097,
    longitude: -111.979,
    neighbourhoods: ["Arcadia", "Tempe", "Scottsdale", "Ahwatukee"],
    park: { name: "Encanto Park Ramada", address: "2705 N 15th Avenue, Phoenix, AZ 85007", latitude: 33.477, longitude: -112.093 },
    retreat: { name: "Pine Canyon Camp", address: "1800 N Pine Canyon Road, Payson, AZ 85541", latitude: 34.254, longitude: -111.319 },
    conference: { name: "Desert Sky Conference Center", address: "100 N 3rd Street, Phoenix, AZ 85004", latitude: 33.449, longitude: -112.07 },
  },
  {
    id: "cmp_london_bridge",
    name: "London Bridge Campus",
    short: "london-bridge",
    timezone: "Europe/London",
    pastor: "Revd Charlotte Hughes",
    address: "28 Tooley Street, London SE1 2QF, United Kingdom",
    latitude: 51.5055,
    longitude: -0.086,
    neighbourhoods: ["Bermondsey", "Clapham", "Islington", "Greenwich"],
    park: { name: "Potters Fields Park", address: "Potters Fields, London SE1 2AA, United Kingdom", latitude: 51.504, longitude: -0.079 },
    retreat: { name: "Lakeside Lodge, Windermere", address: "Ambleside Road, Windermere LA23 1LP, United Kingdom", latitude: 54.379, longitude: -2.906 },
    conference: { name: "Southbank Conference Centre", address: "Belvedere Road, London SE1 8XX, United Kingdom", latitude: 51.506, longitude: -0.116 },
  },
];

const [HARBOR, LAKESHORE, DESERT, LONDON] = CAMPUSES as readonly [CampusDef, CampusDef, CampusDef, CampusDef];
/** Church-wide events without a campus (online, off-site) use the main office's zone. */
const CHURCH_TIMEZONE = "America/New_York";
const WEBSITE = "https://www.graceharbor.example.org";
const REGISTRATION_BASE = "https://register.example.org/grace-harbor";
const LIVE_BASE = "https://live.example.org/grace-harbor";

interface MinistryDef {
  id: string;
  name: string;
  lead: string;
}

const MINISTRY_LIST = [
  { id: "min_worship", name: "Worship & Creative Arts", lead: "Maya Chen" },
  { id: "min_youth", name: "Harbor Youth", lead: "Jordan Ellis" },
  { id: "min_kids", name: "Grace Kids", lead: "Priya Natarajan" },
  { id: "min_young_adults", name: "Young Adults", lead: "Sam Okafor" },
  { id: "min_women", name: "Women's Ministry", lead: "Ruth Alvarez" },
  { id: "min_men", name: "Men's Ministry", lead: "Marcus Bennett" },
  { id: "min_marriage_family", name: "Marriage & Family", lead: "David and Grace Kim" },
  { id: "min_outreach", name: "Outreach & Missions", lead: "Tomás Rivera" },
  { id: "min_prayer", name: "Prayer Ministry", lead: "Esther Mwangi" },
  { id: "min_discipleship", name: "Discipleship & Groups", lead: "Hannah Schultz" },
  { id: "min_seniors", name: "Golden Years Seniors", lead: "Walter Brooks" },
  { id: "min_care", name: "Care & Recovery", lead: "Linda Park" },
] as const satisfies readonly MinistryDef[];

type MinistryKey = (typeof MINISTRY_LIST)[number]["id"];
const MINISTRIES = new Map<string, MinistryDef>(MINISTRY_LIST.map((ministry) => [ministry.id, ministry]));
function ministry(id: MinistryKey): MinistryDef {
  return MINISTRIES.get(id)!;
}

type Room = "Main Auditorium" | "Fellowship Hall" | "Chapel" | "Youth Loft" | "Kids Wing" | "Room 204" | "Café";

/** Where an event takes place, resolved against its campus. */
type VenueKind = { kind: "room"; room: Room } | { kind: "home" } | { kind: "online" } | { kind: "park" } | { kind: "retreat" } | { kind: "conference" } | { kind: "none" };

// Weekdays as luxon numbers them.
const MON = 1;
const TUE = 2;
const WED = 3;
const THU = 4;
const FRI = 5;
const SAT = 6;
const SUN = 7;
const ANY_DAY = [MON, TUE, WED, THU, FRI, SAT, SUN] as const;
const WEEKNIGHTS = [MON, TUE, WED, THU] as const;

interface Slot {
  start: string;
  end: string;
  /** Days after the start day on which the event ends. */
  days: number;
}

// A small set of time slots keeps the number of distinct schedules low, so a 50,000-event build stays fast.
const SLOTS = {
  breakfast: { start: "07:00", end: "08:30", days: 0 },
  morning: { start: "09:00", end: "12:00", days: 0 },
  midMorning: { start: "10:00", end: "11:30", days: 0 },
  lunch: { start: "12:00", end: "13:30", days: 0 },
  afternoon: { start: "13:00", end: "16:00", days: 0 },
  allDay: { start: "09:00", end: "17:00", days: 0 },
  earlyEvening: { start: "18:30", end: "20:00", days: 0 },
  evening: { start: "19:00", end: "21:00", days: 0 },
  overnight: { start: "19:00", end: "10:00", days: 1 },
  friSat: { start: "18:00", end: "16:00", days: 1 },
  vigil: { start: "18:00", end: "18:00", days: 1 },
  weekend: { start: "18:00", end: "13:00", days: 2 },
  conference: { start: "09:00", end: "17:00", days: 2 },
  camp: { start: "14:00", end: "11:00", days: 4 },
  dayCamp: { start: "09:00", end: "12:00", days: 4 },
  prayerWeek: { start: "06:00", end: "21:00", days: 6 },
} as const satisfies Record<string, Slot>;

const IMAGE_BY_TYPE: Record<EventType, ImageName> = {
  SERVICE: "worship",
  CONFERENCE: "conference",
  COURSE: "course",
  SPECIAL_EVENT: "special",
  PRAYER_CAMPAIGN: "prayer",
  LIFE_GROUP: "life-group",
  CAMP: "camp",
  WORKSHOP: "workshop",
};

// ---------------------------------------------------------------------------------------------------------
// Deterministic randomness

type Rng = () => number;

/** mulberry32: a tiny, fast 32-bit PRNG; good enough for demo data and fully reproducible. */
function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new RangeError("pick from an empty list");
  return items[Math.floor(rng() * items.length)]!;
}

function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

/** 1 to `max` distinct items of `pool`, in pool order. */
function pickSome<T>(rng: Rng, pool: readonly T[], max = 3): T[] {
  const count = Math.min(pool.length, intBetween(rng, 1, max));
  const chosen = new Set<number>();
  while (chosen.size < count) chosen.add(Math.floor(rng() * pool.length));
  return [...chosen].sort((a, b) => a - b).map((index) => pool[index]!);
}

const BASE36 = "0123456789abcdefghijklmnopqrstuvwxyz";

// ---------------------------------------------------------------------------------------------------------
// The calendar window

interface Day {
  date: string;
  year: number;
  month: number;
  day: number;
  /** 1 = Monday … 7 = Sunday. */
  weekday: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

function buildDays(today: string): { days: Day[]; todayMs: number } {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new RangeError(`today must be YYYY-MM-DD, got ${today}`);
  const start = DateTime.fromISO(today, { zone: "UTC" });
  if (!start.isValid) throw new RangeError(`today is not a valid date: ${today}`);
  const end = start.plus({ months: 12 });
  const count = Math.round(end.diff(start, "days").days);
  const todayMs = start.toMillis();
  const days: Day[] = [];
  for (let index = 0; index < count; index += 1) {
    const date = new Date(todayMs + index * DAY_MS);
    const weekday = date.getUTCDay();
    days.push({
      date: date.toISOString().slice(0, 10),
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
      weekday: weekday === 0 ? SUN : weekday,
    });
  }
  return { days, todayMs };
}

/** Day indices on which the zone's UTC offset differs from the day before (the change happens overnight). */
function offsetChanges(days: readonly Day[], timezone: string): number[] {
  const changes: number[] = [];
  let previous: number | undefined;
  days.forEach((day, index) => {
    const offset = DateTime.fromObject({ year: day.year, month: day.month, day: day.day, hour: 12 }, { zone: timezone }).offset;
    if (previous !== undefined && offset !== previous) changes.push(index);
    previous = offset;
  });
  return changes;
}

/** Western Easter Sunday (anonymous Gregorian algorithm) as YYYY-MM-DD. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

// ---------------------------------------------------------------------------------------------------------
// Text helpers

function escapeHtml(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

interface DescriptionParts {
  intro: string;
  points: readonly string[];
}

/** A description with a little safe markup, in one of a few shapes (one of them plain text). */
function describe(rng: Rng, parts: DescriptionParts, place: string, host: MinistryDef | null): string {
  const intro = parts.intro.replaceAll("{place}", place);
  const shape = Math.floor(rng() * 4);
  if (shape === 0) return intro;
  const paragraphs = [`<p>${escapeHtml(intro)}</p>`];
  if (shape === 1 || shape === 3) {
    const points = pickSome(rng, parts.points, 3);
    paragraphs.push(`<ul>${points.map((point) => `<li>${escapeHtml(point)}</li>`).join("")}</ul>`);
  }
  if (shape === 2 || shape === 3) {
    const team = host ? `the ${escapeHtml(host.name)} team` : "the church office";
    paragraphs.push(
      `<p><strong>Everyone is welcome.</strong> Questions? <a href="${WEBSITE}/contact">Contact ${team}</a>.</p>`,
    );
  }
  return paragraphs.join("\n");
}

function statusNote(status: EventStatus): string {
  switch (status) {
    case "CANCELLED":
      return "<p><strong>Cancelled:</strong> this event will not take place. We are sorry for the inconvenience.</p>\n";
    case "POSTPONED":
      return "<p><strong>Postponed:</strong> a new date will be announced soon. Registrations stay valid.</p>\n";
    default:
      return "";
  }
}

// ---------------------------------------------------------------------------------------------------------
// Event specs and the builder that turns them into rows

interface EventSpec {
  type: EventType;
  title: string;
  serviceType?: string;
  campus: CampusDef | null;
  /** Zone of a campus-less event; default CHURCH_TIMEZONE. */
  timezone?: string;
  ministry: MinistryDef | null;
  seriesId?: string;
  startDay: number;
  slot: Slot;
  status: StoredEventStatus;
  visibility: Visibility;
  audience: readonly string[];
  modes: readonly AttendanceMode[];
  capacity: number | null;
  organizer: string | null;
  image: ImageName | null;
  registration: boolean;
  venue: VenueKind;
  tags: readonly string[];
  description: string;
}

class EventBuilder {
  readonly events: DemoEvent[] = [];
  private readonly ids = new Set<string>();
  private readonly slugs = new Set<string>();
  private readonly instants = new Map<string, { day: number; start: number; end: number }>();
  private readonly periods = new Map<string, Int32Array>();
  private readonly kebabs = new Map<string, string>();
  private readonly idRng = mulberry32(0x9e3779b9);

  constructor(
    private readonly rng: Rng,
    private readonly days: readonly Day[],
    private readonly todayMs: number,
  ) {}

  get lastDay(): number {
    return this.days.length - 1;
  }

  private nextId(): string {
    for (;;) {
      let id = "evt_";
      for (let index = 0; index < 10; index += 1) id += BASE36[Math.floor(this.idRng() * 36)];
      if (!this.ids.has(id)) {
        this.ids.add(id);
        return id;
      }
    }
  }

  private slugFor(title: string, date: string, campus: CampusDef | null): string {
    let titleSlug = this.kebabs.get(title);
    if (titleSlug === undefined) {
      titleSlug = kebab(title);
      this.kebabs.set(title, titleSlug);
    }
    const base = `${titleSlug}-${date}`;
    if (!this.slugs.has(base)) return this.claim(base);
    const withCampus = campus ? `${base}-${campus.short}` : `${base}-online`;
    if (!this.slugs.has(withCampus)) return this.claim(withCampus);
    for (let counter = 2; ; counter += 1) {
      const candidate = `${withCampus}-${counter}`;
      if (!this.slugs.has(candidate)) return this.claim(candidate);
    }
  }

  private claim(slug: string): string {
    this.slugs.add(slug);
    return slug;
  }

  /**
   * The instants of a local schedule, from scheduleInstants. luxon's zone handling costs a few hundred
   * microseconds a call, too slow for 50,000 events, so results are reused: a schedule moved by whole days
   * within one UTC-offset period of its zone (no DST change between the two dates) moves by exactly that many
   * 24-hour days. Zones change offset at night (01:00-03:00 local), so this holds for local times from 04:00,
   * which every demo event uses; anything earlier is computed afresh.
   */
  private schedule(startDay: number, startTime: string, endDay: number, endTime: string, timezone: string) {
    const startDate = this.days[startDay]!.date;
    const endDate = this.days[endDay]!.date;
    const shiftable = startTime >= "04:00" && endTime >= "04:00";
    const periods = this.offsetPeriods(timezone);
    const key = shiftable
      ? `${startTime} ${endDay - startDay} ${endTime} ${timezone} ${periods[startDay]} ${periods[endDay]}`
      : `${startDate} ${startTime} ${endDate} ${endTime} ${timezone}`;
    let cached = this.instants.get(key);
    if (!cached) {
      const { startAt, endAt } = scheduleInstants({ startDate, startTime, endDate, endTime, timezone });
      cached = { day: startDay, start: startAt.getTime(), end: endAt.getTime() };
      this.instants.set(key, cached);
    }
    const shift = (startDay - cached.day) * DAY_MS;
    return { startAt: new Date(cached.start + shift), endAt: new Date(cached.end + shift) };
  }

  /** For every day of the window, the number of UTC-offset changes of the zone up to that day. */
  private offsetPeriods(timezone: string): Int32Array {
    let periods = this.periods.get(timezone);
    if (!periods) {
      periods = new Int32Array(this.days.length);
      for (const change of offsetChanges(this.days, timezone)) {
        for (let index = change; index < periods.length; index += 1) periods[index]! += 1;
      }
      this.periods.set(timezone, periods);
    }
    return periods;
  }

  private venue(spec: EventSpec): Venue | null {
    const { campus, venue } = spec;
    switch (venue.kind) {
      case "none":
        return null;
      case "online":
        return { name: `${DEMO_CHURCH_NAME} Online`, address: `${LIVE_BASE}/${kebab(spec.title)}` };
      case "home": {
        const area = campus ? pick(this.rng, campus.neighbourhoods) : "the area";
        return { name: `Host home in ${area}`, address: "Address shared with registered members" };
      }
      case "room":
        if (!campus) return { name: venue.room, address: "Address to be announced" };
        return { name: `${campus.name} · ${venue.room}`, address: campus.address, latitude: campus.latitude, longitude: campus.longitude };
      case "park":
      case "retreat":
      case "conference":
        return (campus ?? HARBOR)[venue.kind];
    }
  }

  add(spec: EventSpec): DemoEvent {
    const startDay = Math.max(0, Math.min(spec.startDay, this.lastDay - spec.slot.days));
    const endDay = startDay + spec.slot.days;
    const start = this.days[startDay]!;
    const end = this.days[endDay]!;
    const timezone = spec.campus?.timezone ?? spec.timezone ?? CHURCH_TIMEZONE;
    const { startAt, endAt } = this.schedule(startDay, spec.slot.start, endDay, spec.slot.end, timezone);
    const slug = this.slugFor(spec.title, start.date, spec.campus);
    const venue = this.venue(spec);
    // Created 1 to 120 days before today, edited some time between then and today.
    const createdAt = this.todayMs - intBetween(this.rng, 1, 120) * DAY_MS + intBetween(this.rng, 0, 86_399) * 1000;
    const updatedAt = createdAt + Math.floor(this.rng() * ((this.todayMs - createdAt) / 1000)) * 1000;
    const event: DemoEvent = {
      id: this.nextId(),
      slug,
      title: spec.title,
      description: statusNote(spec.status) + spec.description,
      eventType: spec.type,
      serviceType: spec.type === "SERVICE" ? (spec.serviceType ?? "special") : null,
      startDate: start.date,
      startTime: spec.slot.start,
      endDate: end.date,
      endTime: spec.slot.end,
      timezone,
      startAt,
      endAt,
      ministryId: spec.ministry?.id ?? null,
      campusId: spec.campus?.id ?? null,
      seriesId: spec.seriesId ?? null,
      recurrenceDate: spec.seriesId ? start.date : null,
      status: spec.status,
      visibility: spec.visibility,
      audience: [...spec.audience],
      attendanceModes: [...spec.modes],
      capacity: spec.capacity,
      organizer: spec.organizer,
      imageUrl: spec.image ? `/images/events/${spec.image}.svg` : null,
      registrationUrl: spec.registration ? `${REGISTRATION_BASE}/${slug}` : null,
      locationName: venue?.name ?? null,
      locationAddress: venue?.address ?? null,
      latitude: venue?.latitude ?? null,
      longitude: venue?.longitude ?? null,
      tags: [...spec.tags],
      createdAt: new Date(createdAt),
      updatedAt: new Date(updatedAt),
    };
    this.events.push(event);
    return event;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Recurring series

type Recurrence = { every: "week" } | { every: "fortnight" } | { every: "month"; nth: 1 | 2 | 3 | 4 };

interface SeriesDef {
  id: string;
  title: string;
  /** Title of each occurrence; default the series title. */
  eventTitle?: string;
  type: EventType;
  serviceType?: string;
  campus: CampusDef | null;
  ministry: MinistryKey;
  weekday: number;
  recurrence: Recurrence;
  slot: Slot;
  venue: VenueKind;
  audience: readonly Audience[];
  modes: readonly AttendanceMode[];
  capacity?: number;
  registration?: boolean;
  organizer: string;
  tags: readonly string[];
  /** A course has a fixed number of sessions. */
  maxOccurrences?: number;
  visibility?: Visibility;
  description: DescriptionParts;
}

const sundayService = (campus: CampusDef, start: string, end: string): SeriesDef => ({
  id: `ser_${campus.short.replace(/-/g, "_")}_sunday_morning`,
  title: `Sunday Worship · ${campus.name}`,
  eventTitle: "Sunday Worship",
  type: "SERVICE",
  serviceType: "sunday-morning",
  campus,
  ministry: "min_worship",
  weekday: SUN,
  recurrence: { every: "week" },
  slot: { start, end, days: 0 },
  venue: { kind: "room", room: "Main Auditorium" },
  audience: ["members", "newcomers", "families"],
  modes: ["QR_CODE", "SELF_CHECK_IN"],
  organizer: campus.pastor,
  tags: ["worship", "sunday", "kids-program"],
  description: {
    intro: "Join us for Sunday worship at {place}: live music, a message from the Bible and a warm welcome for first-time guests.",
    points: ["Grace Kids for infants to 5th grade", "Coffee and pastries from 30 minutes before", "Live stream available", "Accessible seating near the front"],
  },
});

const SERIES: readonly SeriesDef[] = [
  sundayService(HARBOR, "10:00", "11:15"),
  sundayService(LAKESHORE, "09:30", "10:45"),
  sundayService(DESERT, "09:00", "10:15"),
  sundayService(LONDON, "10:30", "12:00"),
  {
    id: "ser_harbor_point_sunday_evening",
    title: "Sunday Evening Service · Harbor Point",
    eventTitle: "Sunday Evening Service",
    type: "SERVICE",
    serviceType: "sunday-evening",
    campus: HARBOR,
    ministry: "min_worship",
    weekday: SUN,
    recurrence: { every: "week" },
    slot: { start: "18:00", end: "19:15", days: 0 },
    venue: { kind: "room", room: "Chapel" },
    audience: ["adults", "students"],
    modes: ["QR_CODE"],
    organizer: HARBOR.pastor,
    tags: ["worship", "evening"],
    description: {
      intro: "A quieter evening service at {place} with acoustic worship, communion and time for prayer.",
      points: ["Communion every week", "Prayer ministry after the service", "Ends in time for dinner"],
    },
  },
  {
    id: "ser_london_bridge_sunday_evening",
    title: "Evening Worship · London Bridge",
    eventTitle: "Evening Worship",
    type: "SERVICE",
    serviceType: "sunday-evening",
    campus: LONDON,
    ministry: "min_worship",
    weekday: SUN,
    recurrence: { every: "week" },
    slot: { start: "18:30", end: "19:45", days: 0 },
    venue: { kind: "room", room: "Main Auditorium" },
    audience: ["adults", "students", "newcomers"],
    modes: ["QR_CODE", "SELF_CHECK_IN"],
    organizer: LONDON.pastor,
    tags: ["worship", "evening"],
    description: {
      intro: "Evening worship at {place}, a short walk from London Bridge station. Students and young professionals especially welcome.",
      points: ["Food together afterwards", "Step-free access from Tooley Street", "Prayer team available"],
    },
  },
  {
    id: "ser_lakeshore_midweek",
    title: "Midweek Worship & Word · Lakeshore",
    eventTitle: "Midweek Worship & Word",
    type: "SERVICE",
    serviceType: "midweek",
    campus: LAKESHORE,
    ministry: "min_worship",
    weekday: WED,
    recurrence: { every: "week" },
    slot: { start: "19:00", end: "20:15", days: 0 },
    venue: { kind: "room", room: "Chapel" },
    audience: ["members", "adults"],
    modes: ["SELF_CHECK_IN"],
    organizer: LAKESHORE.pastor,
    tags: ["worship", "midweek", "bible-teaching"],
    description: {
      intro: "A midweek pause for worship and verse-by-verse Bible teaching at {place}.",
      points: ["Teaching series through the Gospel of John", "Childcare for under-fives", "Free parking behind the building"],
    },
  },
  {
    id: "ser_desert_springs_saturday",
    title: "Saturday Night Service · Desert Springs",
    eventTitle: "Saturday Night Service",
    type: "SERVICE",
    serviceType: "saturday-evening",
    campus: DESERT,
    ministry: "min_worship",
    weekday: SAT,
    recurrence: { every: "week" },
    slot: { start: "17:30", end: "18:45", days: 0 },
    venue: { kind: "room", room: "Main Auditorium" },
    audience: ["families", "newcomers"],
    modes: ["QR_CODE", "SELF_CHECK_IN"],
    organizer: DESERT.pastor,
    tags: ["worship", "saturday"],
    description: {
      intro: "The same message as Sunday morning, on Saturday evening at {place}, for families who work or travel on Sundays.",
      points: ["Grace Kids for all ages", "Bilingual worship once a month", "Shaded parking"],
    },
  },
  {
    id: "ser_harbor_youth_group",
    title: "Harbor Youth Group",
    type: "LIFE_GROUP",
    campus: HARBOR,
    ministry: "min_youth",
    weekday: WED,
    recurrence: { every: "week" },
    slot: { start: "18:30", end: "20:30", days: 0 },
    venue: { kind: "room", room: "Youth Loft" },
    audience: ["youth", "students"],
    modes: ["RFID", "SELF_CHECK_IN"],
    organizer: "Jordan Ellis, Youth Pastor",
    tags: ["youth", "grades-6-12"],
    description: {
      intro: "Games, worship and small-group conversation for grades 6 to 12 at {place}.",
      points: ["Pizza at 6:30 pm", "Small groups by grade", "Parents: pick-up at the Youth Loft door"],
    },
  },
  {
    id: "ser_young_adults_group",
    title: "Young Adults Life Group",
    type: "LIFE_GROUP",
    campus: HARBOR,
    ministry: "min_young_adults",
    weekday: TUE,
    recurrence: { every: "week" },
    slot: { start: "19:30", end: "21:00", days: 0 },
    venue: { kind: "home" },
    audience: ["adults", "students"],
    modes: ["MANUAL"],
    capacity: 16,
    registration: true,
    organizer: "Sam Okafor",
    tags: ["young-adults", "bible-study", "community"],
    description: {
      intro: "Twenty- and thirty-somethings sharing dinner, honest conversation and the Bible in a home near {place}.",
      points: ["Dinner provided, bring a dessert if you like", "New people join every month", "Address sent after you sign up"],
    },
  },
  {
    id: "ser_couples_group",
    title: "Couples Life Group",
    type: "LIFE_GROUP",
    campus: LAKESHORE,
    ministry: "min_marriage_family",
    weekday: THU,
    recurrence: { every: "week" },
    slot: { start: "19:00", end: "20:30", days: 0 },
    venue: { kind: "home" },
    audience: ["adults", "families"],
    modes: ["MANUAL"],
    capacity: 12,
    registration: true,
    organizer: "David and Grace Kim",
    tags: ["marriage", "couples"],
    description: {
      intro: "Married and engaged couples growing together through good conversation and a short study near {place}.",
      points: ["Childcare stipend available", "Study: The Meaning of Marriage", "Six couples per group"],
    },
  },
  {
    id: "ser_womens_bible_study",
    title: "Women's Morning Bible Study",
    type: "LIFE_GROUP",
    campus: DESERT,
    ministry: "min_women",
    weekday: TUE,
    recurrence: { every: "week" },
    slot: { start: "09:30", end: "11:00", days: 0 },
    venue: { kind: "room", room: "Chapel" },
    audience: ["women", "adults"],
    modes: ["SELF_CHECK_IN", "MANUAL"],
    organizer: "Ruth Alvarez",
    tags: ["women", "bible-study"],
    description: {
      intro: "Women of every season of life studying Scripture together at {place}, with coffee and childcare.",
      points: ["Childcare in the Kids Wing", "Study books available at the welcome desk", "Drop in any week"],
    },
  },
  {
    id: "ser_mens_breakfast",
    title: "Men's Breakfast & Bible Study",
    type: "LIFE_GROUP",
    campus: LONDON,
    ministry: "min_men",
    weekday: SAT,
    recurrence: { every: "week" },
    slot: { start: "07:30", end: "09:00", days: 0 },
    venue: { kind: "room", room: "Café" },
    audience: ["men", "adults"],
    modes: ["MANUAL"],
    organizer: "Marcus Bennett",
    tags: ["men", "breakfast"],
    description: {
      intro: "A full English breakfast and an hour in the Bible for men at {place}.",
      points: ["Breakfast £5, free for first-timers", "Finished by 9 am", "Bring a friend"],
    },
  },
  {
    id: "ser_golden_years",
    title: "Golden Years Fellowship",
    type: "LIFE_GROUP",
    campus: DESERT,
    ministry: "min_seniors",
    weekday: THU,
    recurrence: { every: "fortnight" },
    slot: { start: "10:00", end: "11:30", days: 0 },
    venue: { kind: "room", room: "Fellowship Hall" },
    audience: ["seniors"],
    modes: ["MANUAL"],
    organizer: "Walter Brooks",
    tags: ["seniors", "fellowship"],
    description: {
      intro: "Hymns, a devotional and a good lunch for our seniors at {place}, every other Thursday.",
      points: ["Rides available on request", "Large-print hymn books", "Lunch provided"],
    },
  },
  {
    id: "ser_monday_prayer_call",
    title: "Monday Morning Prayer Call",
    type: "PRAYER_CAMPAIGN",
    campus: null,
    ministry: "min_prayer",
    weekday: MON,
    recurrence: { every: "week" },
    slot: { start: "07:00", end: "07:30", days: 0 },
    venue: { kind: "online" },
    audience: ["members", "adults"],
    modes: ["NONE"],
    organizer: "Esther Mwangi",
    tags: ["prayer", "online"],
    description: {
      intro: "Thirty minutes of prayer for the church and the city before the week starts, online from wherever you are.",
      points: ["Join by video or phone", "Prayer requests shared by email on Sunday", "Cameras optional"],
    },
  },
  {
    id: "ser_night_of_prayer",
    title: "Night of Prayer",
    type: "PRAYER_CAMPAIGN",
    campus: HARBOR,
    ministry: "min_prayer",
    weekday: FRI,
    recurrence: { every: "month", nth: 1 },
    slot: { start: "19:00", end: "21:00", days: 0 },
    venue: { kind: "room", room: "Chapel" },
    audience: ["members", "adults", "youth"],
    modes: ["SELF_CHECK_IN"],
    organizer: "Esther Mwangi",
    tags: ["prayer", "worship", "monthly"],
    description: {
      intro: "On the first Friday of every month we gather at {place} to worship and pray for our families, our city and the nations.",
      points: ["Prayer stations around the room", "Come for as long as you can", "Prayer team available for personal prayer"],
    },
  },
  {
    id: "ser_serve_team_training",
    title: "Serve Team Training",
    type: "WORKSHOP",
    campus: LAKESHORE,
    ministry: "min_discipleship",
    weekday: SAT,
    recurrence: { every: "month", nth: 2 },
    slot: SLOTS.morning,
    venue: { kind: "room", room: "Fellowship Hall" },
    audience: ["members", "adults"],
    modes: ["QR_CODE", "MANUAL"],
    capacity: 60,
    registration: true,
    organizer: "Hannah Schultz",
    tags: ["volunteering", "training"],
    description: {
      intro: "Everything a new volunteer needs before serving on a team at {place}: vision, safeguarding basics and a tour.",
      points: ["Background check help on site", "Breakfast provided", "Meet your team leader"],
    },
  },
  {
    id: "ser_newcomers_lunch",
    title: "Newcomers Lunch",
    type: "SPECIAL_EVENT",
    campus: HARBOR,
    ministry: "min_discipleship",
    weekday: SUN,
    recurrence: { every: "month", nth: 3 },
    slot: { start: "12:30", end: "14:00", days: 0 },
    venue: { kind: "room", room: "Fellowship Hall" },
    audience: ["newcomers"],
    modes: ["MANUAL"],
    capacity: 50,
    registration: true,
    organizer: HARBOR.pastor,
    tags: ["newcomers", "lunch"],
    description: {
      intro: "New to Grace Harbor? Have lunch with our pastors after the morning service at {place} and hear our story.",
      points: ["Free lunch, kids welcome", "Meet the pastors", "Find out how to get connected"],
    },
  },
  {
    id: "ser_alpha_course",
    title: "Alpha Course",
    type: "COURSE",
    campus: LONDON,
    ministry: "min_discipleship",
    weekday: WED,
    recurrence: { every: "week" },
    slot: { start: "18:30", end: "21:00", days: 0 },
    venue: { kind: "room", room: "Café" },
    audience: ["newcomers", "adults"],
    modes: ["QR_CODE"],
    capacity: 40,
    registration: true,
    organizer: "Revd Charlotte Hughes",
    tags: ["alpha", "faith-questions", "dinner"],
    maxOccurrences: 11,
    description: {
      intro: "Eleven Wednesday evenings exploring life, faith and meaning over dinner at {place}. No question is off limits.",
      points: ["Dinner at 6:30 pm", "Short talk, then small-group discussion", "Completely free"],
    },
  },
];

function occurrences(series: SeriesDef, days: readonly Day[]): number[] {
  const indices: number[] = [];
  let weekCount = 0;
  days.forEach((day, index) => {
    if (day.weekday !== series.weekday) return;
    const { recurrence } = series;
    if (recurrence.every === "fortnight" && weekCount++ % 2 === 1) return;
    if (recurrence.every === "month" && Math.ceil(day.day / 7) !== recurrence.nth) return;
    indices.push(index);
  });
  return series.maxOccurrences ? indices.slice(0, series.maxOccurrences) : indices;
}

/** The first description drawn for a series, kept for every later date of it. */
function sharedDescription(descriptions: Map<string, string>, seriesId: string, drawn: string): string {
  const first = descriptions.get(seriesId);
  if (first !== undefined) return first;
  descriptions.set(seriesId, drawn);
  return drawn;
}

/** The event_series row of `series` whose rule gives its first `count` dates (`occurrences`), from `firstDate` on. */
function seriesRow(series: SeriesDef, createdAt: Date, firstDate: string | undefined, count: number): DemoSeries {
  const row: DemoSeries = {
    id: series.id,
    title: series.title,
    frequency: null,
    interval: 1,
    weekdays: [],
    monthWeek: null,
    startDate: null,
    startTime: null,
    endTime: null,
    endDayOffset: 0,
    timezone: null,
    untilDate: null,
    count: null,
    createdAt,
  };
  if (firstDate === undefined || count === 0) return row;
  const { recurrence } = series;
  return {
    ...row,
    frequency: recurrence.every === "month" ? "MONTHLY" : "WEEKLY",
    interval: recurrence.every === "fortnight" ? 2 : 1,
    weekdays: [WEEKDAYS[series.weekday - 1]!],
    monthWeek: recurrence.every === "month" ? recurrence.nth : null,
    startDate: firstDate,
    startTime: series.slot.start,
    endTime: series.slot.end,
    endDayOffset: series.slot.days,
    timezone: series.campus?.timezone ?? CHURCH_TIMEZONE,
    count,
  };
}

// ---------------------------------------------------------------------------------------------------------
// Templates for one-off events

type CampusPolicy = "any" | "none" | "us";

interface Template extends DescriptionParts {
  type: EventType;
  title: string;
  serviceType?: string;
  slots: readonly Slot[];
  weekdays: readonly number[];
  ministry: MinistryKey | null;
  campus: CampusPolicy;
  venue: VenueKind;
  audience: readonly Audience[];
  modes: readonly (readonly AttendanceMode[])[];
  /** [min, max] seats; absent: no cap. */
  capacity?: readonly [number, number];
  /** Probability that the event takes registrations. */
  registration?: number;
  /** Probability of a members-only event. */
  membersOnly?: number;
  tags: readonly string[];
}

const TEMPLATES: readonly Template[] = [
  // SERVICE
  {
    type: "SERVICE", title: "Worship Night", serviceType: "special", slots: [SLOTS.evening], weekdays: [FRI, SUN], ministry: "min_worship",
    campus: "any", venue: { kind: "room", room: "Main Auditorium" }, audience: ["members", "adults", "youth", "students"],
    modes: [["QR_CODE", "SELF_CHECK_IN"], ["NONE"]], tags: ["worship", "music"],
    intro: "An evening of extended worship with the Grace Harbor band at {place}. Come early for a seat.",
    points: ["Doors open 30 minutes before", "Prayer ministry throughout", "Free entry"],
  },
  {
    type: "SERVICE", title: "Baptism Celebration", serviceType: "special", slots: [SLOTS.afternoon], weekdays: [SUN], ministry: "min_discipleship",
    campus: "any", venue: { kind: "room", room: "Main Auditorium" }, audience: ["members", "families", "newcomers"],
    modes: [["QR_CODE", "SELF_CHECK_IN"]], tags: ["baptism", "celebration"],
    intro: "Celebrate with those taking the step of baptism at {place}. Bring friends and family; there will be cake.",
    points: ["Baptism candidates arrive 45 minutes early", "Towels provided", "Reception afterwards"],
  },
  {
    type: "SERVICE", title: "Healing & Communion Service", serviceType: "midweek", slots: [SLOTS.evening], weekdays: [WED, THU], ministry: "min_care",
    campus: "any", venue: { kind: "room", room: "Chapel" }, audience: ["adults", "seniors", "members"],
    modes: [["SELF_CHECK_IN"], ["MANUAL"]], tags: ["communion", "healing", "prayer"],
    intro: "A reflective service of communion and prayer for healing at {place}.",
    points: ["Prayer teams available", "Gluten-free bread available", "Quiet room for those who need it"],
  },
  {
    type: "SERVICE", title: "Lunchtime Communion", serviceType: "midweek", slots: [SLOTS.lunch], weekdays: [WED, THU], ministry: "min_worship",
    campus: "any", venue: { kind: "room", room: "Chapel" }, audience: ["adults"], modes: [["NONE"]], tags: ["communion", "lunchtime"],
    intro: "Thirty quiet minutes of Scripture and communion in the middle of the working week at {place}.",
    points: ["Finished in time to get back to work", "Sandwiches afterwards"],
  },
  // CONFERENCE
  {
    type: "CONFERENCE", title: "Leadership Summit", slots: [SLOTS.conference], weekdays: [THU], ministry: "min_discipleship",
    campus: "any", venue: { kind: "conference" }, audience: ["adults", "members"], modes: [["QR_CODE"]], capacity: [200, 800], registration: 0.95,
    tags: ["leadership", "conference"],
    intro: "Three days of teaching, workshops and worship for leaders in church, business and the community, at {place}.",
    points: ["Keynote sessions each morning", "Breakout tracks in the afternoon", "Lunch included", "Group rates for teams of five"],
  },
  {
    type: "CONFERENCE", title: "Marriage Conference", slots: [SLOTS.friSat], weekdays: [FRI], ministry: "min_marriage_family",
    campus: "any", venue: { kind: "conference" }, audience: ["adults", "families"], modes: [["QR_CODE"], ["MANUAL"]], capacity: [100, 400], registration: 0.9,
    tags: ["marriage", "conference"],
    intro: "Invest in your marriage: practical talks, honest stories and time together at {place}.",
    points: ["For married and engaged couples", "Childcare available by booking", "Date-night ideas pack included"],
  },
  {
    type: "CONFERENCE", title: "Ignite Youth Conference", slots: [SLOTS.weekend], weekdays: [FRI], ministry: "min_youth",
    campus: "us", venue: { kind: "conference" }, audience: ["youth", "students"], modes: [["RFID", "QR_CODE"]], capacity: [300, 1200], registration: 1,
    tags: ["youth", "conference", "worship"],
    intro: "A weekend of worship, speakers and hanging out for students in grades 7 to 12 at {place}.",
    points: ["Parental consent form required", "Wristbands at check-in", "Meals included"],
  },
  {
    type: "CONFERENCE", title: "Worship & Creative Arts Conference", slots: [SLOTS.allDay, SLOTS.conference], weekdays: [THU], ministry: "min_worship",
    campus: "any", venue: { kind: "conference" }, audience: ["adults", "students", "members"], modes: [["QR_CODE"]], capacity: [150, 500], registration: 0.9,
    tags: ["worship", "arts", "conference"],
    intro: "Musicians, singers, designers and tech teams learning together at {place}.",
    points: ["Masterclasses by instrument", "Songwriting lab", "Production and lighting track"],
  },
  {
    type: "CONFERENCE", title: "Global Missions Weekend", slots: [SLOTS.weekend], weekdays: [FRI], ministry: "min_outreach",
    campus: "any", venue: { kind: "room", room: "Main Auditorium" }, audience: ["members", "adults", "families"], modes: [["QR_CODE", "SELF_CHECK_IN"]],
    capacity: [200, 600], registration: 0.6, tags: ["missions", "global"],
    intro: "Hear from our partners around the world and find your place in God's mission, at {place}.",
    points: ["International food market on Saturday", "Reports from partners in 12 countries", "Short-term trip sign-ups"],
  },
  // COURSE
  {
    type: "COURSE", title: "Membership Class", slots: [SLOTS.afternoon, SLOTS.earlyEvening], weekdays: [SUN, TUE], ministry: "min_discipleship",
    campus: "any", venue: { kind: "room", room: "Room 204" }, audience: ["newcomers", "adults"], modes: [["MANUAL"], ["QR_CODE"]], capacity: [20, 40], registration: 0.9,
    tags: ["membership", "next-steps"],
    intro: "Learn what we believe, how the church works and how to become a member at {place}.",
    points: ["Lunch provided", "Meet a pastor", "No commitment required"],
  },
  {
    type: "COURSE", title: "Financial Foundations", slots: [SLOTS.earlyEvening], weekdays: WEEKNIGHTS, ministry: "min_care",
    campus: "any", venue: { kind: "room", room: "Room 204" }, audience: ["adults", "families"], modes: [["MANUAL"]], capacity: [15, 30], registration: 0.8,
    tags: ["finances", "budgeting"],
    intro: "Budgeting, debt and generosity from a biblical perspective, taught by volunteers from the finance world at {place}.",
    points: ["Workbook included", "Confidential one-to-one coaching available", "Suitable for couples and singles"],
  },
  {
    type: "COURSE", title: "Bible Overview: Genesis to Revelation", slots: [SLOTS.evening, SLOTS.morning], weekdays: [TUE, THU, SAT], ministry: "min_discipleship",
    campus: "any", venue: { kind: "room", room: "Chapel" }, audience: ["adults", "members", "seniors"], modes: [["SELF_CHECK_IN"], ["MANUAL"]], capacity: [30, 80],
    registration: 0.5, tags: ["bible", "teaching"],
    intro: "See how the whole Bible fits together in one story, one session at a time, at {place}.",
    points: ["Bring a Bible", "Notes online after each session", "Join at any point"],
  },
  {
    type: "COURSE", title: "Parenting Course", slots: [SLOTS.earlyEvening], weekdays: WEEKNIGHTS, ministry: "min_marriage_family",
    campus: "any", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["families", "adults"], modes: [["MANUAL"], ["QR_CODE"]], capacity: [20, 50], registration: 0.9,
    tags: ["parenting", "families"],
    intro: "Practical tools for raising children aged 0 to 10, with time to talk with other parents at {place}.",
    points: ["Dinner provided", "Childcare on site", "Five-session course"],
  },
  {
    type: "COURSE", title: "Baptism Class", slots: [SLOTS.afternoon], weekdays: [SUN], ministry: "min_discipleship",
    campus: "any", venue: { kind: "room", room: "Room 204" }, audience: ["newcomers", "youth", "adults"], modes: [["MANUAL"]], capacity: [10, 30], registration: 1,
    tags: ["baptism", "next-steps"],
    intro: "Thinking about baptism? This class explains what it means and how it works at {place}.",
    points: ["Required before baptism", "Parents welcome with teens", "About 90 minutes"],
  },
  {
    type: "COURSE", title: "Introduction to Biblical Greek", slots: [SLOTS.evening], weekdays: [MON, THU], ministry: "min_discipleship",
    campus: "any", venue: { kind: "online" }, audience: ["adults", "students"], modes: [["NONE"]], capacity: [20, 60], registration: 1,
    tags: ["greek", "bible", "online"],
    intro: "An online evening class on reading the New Testament in Greek, from the alphabet upward.",
    points: ["Textbook list sent on registration", "Recordings available", "No prior languages needed"],
  },
  // SPECIAL_EVENT
  {
    type: "SPECIAL_EVENT", title: "Community Block Party", slots: [SLOTS.afternoon], weekdays: [SAT], ministry: "min_outreach",
    campus: "any", venue: { kind: "park" }, audience: ["families", "children", "newcomers"], modes: [["NONE"]], tags: ["community", "outdoors", "free"],
    intro: "Free food, bouncy castles and live music for the whole neighbourhood at {place}.",
    points: ["Free for everyone", "Face painting and games", "Volunteers needed: sign up on the app"],
  },
  {
    type: "SPECIAL_EVENT", title: "Volunteer Appreciation Dinner", slots: [SLOTS.evening], weekdays: [FRI, SAT], ministry: null,
    campus: "any", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["members", "adults"], modes: [["QR_CODE"]], capacity: [80, 250], registration: 0.9,
    membersOnly: 0.5, tags: ["volunteers", "dinner"],
    intro: "A night to say thank you to everyone who serves. Dinner, stories and a few surprises at {place}.",
    points: ["Dress: smart casual", "Childcare available", "Please RSVP for catering"],
  },
  {
    type: "SPECIAL_EVENT", title: "Blood Drive", slots: [SLOTS.allDay], weekdays: [SAT, SUN], ministry: "min_outreach",
    campus: "us", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["adults", "members"], modes: [["MANUAL"]], registration: 0.7,
    tags: ["community", "health"],
    intro: "Give blood with our partners from the regional blood bank at {place}. One donation can help save up to three lives.",
    points: ["Bring photo ID", "Eat well beforehand", "Appointments preferred, walk-ins welcome"],
  },
  {
    type: "SPECIAL_EVENT", title: "Food Pantry Distribution", slots: [SLOTS.morning], weekdays: [SAT, THU], ministry: "min_outreach",
    campus: "any", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["families", "seniors", "adults"], modes: [["MANUAL"], ["NONE"]],
    tags: ["community", "food", "serve"],
    intro: "Groceries for anyone who needs them, no questions asked, at {place}. Volunteers arrive at 8 am to set up.",
    points: ["Bring your own bags if you can", "Fresh produce every week", "Volunteers: closed-toe shoes please"],
  },
  {
    type: "SPECIAL_EVENT", title: "Harbor Choir Concert", slots: [SLOTS.evening, SLOTS.afternoon], weekdays: [SAT, SUN], ministry: "min_worship",
    campus: "any", venue: { kind: "room", room: "Main Auditorium" }, audience: ["families", "seniors", "adults"], modes: [["QR_CODE"]], capacity: [200, 900],
    registration: 0.5, tags: ["music", "choir", "concert"],
    intro: "The Grace Harbor choir and orchestra in concert at {place}: classics, gospel and new songs.",
    points: ["Free tickets", "Retiring offering for local charities", "Reception afterwards"],
  },
  {
    type: "SPECIAL_EVENT", title: "Newcomers Coffee", slots: [SLOTS.midMorning], weekdays: [SUN], ministry: "min_discipleship",
    campus: "any", venue: { kind: "room", room: "Café" }, audience: ["newcomers"], modes: [["MANUAL"]], tags: ["newcomers", "coffee"],
    intro: "First time at Grace Harbor? Grab a coffee with us at {place} and meet some friendly faces.",
    points: ["Free coffee and pastries", "Gift for first-time guests", "Meet a pastor"],
  },
  {
    type: "SPECIAL_EVENT", title: "Family Fun Night", slots: [SLOTS.earlyEvening], weekdays: [FRI], ministry: "min_kids",
    campus: "any", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["families", "children"], modes: [["RFID"], ["MANUAL"]], capacity: [80, 200],
    registration: 0.6, tags: ["families", "kids", "games"],
    intro: "Board games, crafts, a bouncy castle and pizza for the whole family at {place}.",
    points: ["Pizza and drinks included", "Best for ages 3 to 11", "Parents stay with their children"],
  },
  {
    type: "SPECIAL_EVENT", title: "Serve the City Day", slots: [SLOTS.morning, SLOTS.allDay], weekdays: [SAT], ministry: "min_outreach",
    campus: "any", venue: { kind: "park" }, audience: ["members", "families", "youth"], modes: [["QR_CODE", "MANUAL"]], registration: 0.8,
    tags: ["serve", "community", "outdoors"],
    intro: "Hundreds of volunteers, dozens of projects across the city: clean-ups, repairs and gardens. We start at {place}.",
    points: ["T-shirts for all volunteers", "Projects for all ages", "Lunch provided"],
  },
  {
    type: "SPECIAL_EVENT", title: "Seniors Luncheon", slots: [SLOTS.lunch], weekdays: [TUE, THU], ministry: "min_seniors",
    campus: "any", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["seniors"], modes: [["MANUAL"]], capacity: [40, 120], registration: 0.7,
    tags: ["seniors", "lunch"],
    intro: "A three-course lunch, music and a guest speaker for our seniors at {place}.",
    points: ["Transport available", "Special diets catered for", "Suggested donation $5"],
  },
  // PRAYER_CAMPAIGN
  {
    type: "PRAYER_CAMPAIGN", title: "Week of Prayer", slots: [SLOTS.prayerWeek], weekdays: [MON, SUN], ministry: "min_prayer",
    campus: "any", venue: { kind: "room", room: "Chapel" }, audience: ["members", "adults", "youth"], modes: [["SELF_CHECK_IN"], ["NONE"]], tags: ["prayer", "fasting"],
    intro: "Seven days of prayer: the prayer room at {place} is open from early morning to late evening.",
    points: ["Sign up for an hour slot", "Daily prayer guide by email", "Closing worship on the last evening"],
  },
  {
    type: "PRAYER_CAMPAIGN", title: "24-Hour Prayer Vigil", slots: [SLOTS.vigil], weekdays: [FRI], ministry: "min_prayer",
    campus: "any", venue: { kind: "room", room: "Chapel" }, audience: ["members", "adults", "students"], modes: [["SELF_CHECK_IN"]], registration: 0.7,
    tags: ["prayer", "vigil"],
    intro: "Help us fill 24 hours with prayer at {place}. Take a slot, or two, day or night.",
    points: ["Slots of one hour", "Overnight slots in pairs", "Snacks and coffee all night"],
  },
  {
    type: "PRAYER_CAMPAIGN", title: "City Prayer Walk", slots: [SLOTS.breakfast, SLOTS.morning], weekdays: [SAT], ministry: "min_prayer",
    campus: "any", venue: { kind: "park" }, audience: ["adults", "families", "youth"], modes: [["MANUAL"]], tags: ["prayer", "outdoors", "city"],
    intro: "Walk and pray through the neighbourhood around {place}, for schools, businesses and homes.",
    points: ["Comfortable shoes", "Route maps provided", "Coffee afterwards"],
  },
  {
    type: "PRAYER_CAMPAIGN", title: "Online Prayer Hour", slots: [SLOTS.breakfast, SLOTS.evening], weekdays: ANY_DAY, ministry: "min_prayer",
    campus: "none", venue: { kind: "online" }, audience: ["members", "adults", "seniors"], modes: [["NONE"]], tags: ["prayer", "online"],
    intro: "Pray with others from all four campuses, online. Join by video or phone.",
    points: ["Link in the church app", "Prayer requests welcome in advance"],
  },
  // LIFE_GROUP
  {
    type: "LIFE_GROUP", title: "Life Group Open House", slots: [SLOTS.earlyEvening], weekdays: [SUN, TUE], ministry: "min_discipleship",
    campus: "any", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["newcomers", "adults", "members"], modes: [["MANUAL"], ["QR_CODE"]],
    tags: ["life-groups", "community"],
    intro: "Meet life group leaders from across the campus and find a group that fits your week, at {place}.",
    points: ["Groups for every stage of life", "Desserts provided", "Sign up on the spot"],
  },
  {
    type: "LIFE_GROUP", title: "Young Moms Playgroup", slots: [SLOTS.midMorning], weekdays: [TUE, THU], ministry: "min_women",
    campus: "any", venue: { kind: "room", room: "Kids Wing" }, audience: ["women", "families", "children"], modes: [["RFID"], ["MANUAL"]], capacity: [12, 30],
    tags: ["moms", "toddlers"],
    intro: "Coffee for the grown-ups, toys for the little ones, and a short devotional at {place}.",
    points: ["Ages 0 to 4", "Snacks provided", "Buggies welcome"],
  },
  {
    type: "LIFE_GROUP", title: "GriefShare Support Group", slots: [SLOTS.earlyEvening], weekdays: WEEKNIGHTS, ministry: "min_care",
    campus: "any", venue: { kind: "room", room: "Room 204" }, audience: ["adults", "seniors"], modes: [["MANUAL"]], capacity: [8, 16], registration: 0.5,
    membersOnly: 0.2, tags: ["grief", "support", "care"],
    intro: "A safe, caring group for people grieving the loss of someone close, meeting at {place}.",
    points: ["Join at any session", "Confidential", "Workbook provided"],
  },
  {
    type: "LIFE_GROUP", title: "Recovery Group", slots: [SLOTS.evening], weekdays: [MON, FRI], ministry: "min_care",
    campus: "any", venue: { kind: "room", room: "Room 204" }, audience: ["adults"], modes: [["NONE"]], membersOnly: 0.3,
    tags: ["recovery", "support"],
    intro: "A Christ-centred twelve-step group for any hurt, habit or hang-up, at {place}.",
    points: ["Large group, then gender-specific small groups", "Anonymous and confidential"],
  },
  {
    type: "LIFE_GROUP", title: "Neighbourhood Life Group", slots: [SLOTS.evening, SLOTS.earlyEvening], weekdays: WEEKNIGHTS, ministry: "min_discipleship",
    campus: "any", venue: { kind: "home" }, audience: ["adults", "families", "members"], modes: [["MANUAL"]], capacity: [8, 16], registration: 0.7,
    membersOnly: 0.3, tags: ["life-groups", "bible-study"],
    intro: "Dinner, Bible study and prayer in a home near {place}. Address shared after you sign up.",
    points: ["Bring a dish to share", "Children welcome", "Meets in a home"],
  },
  // CAMP
  {
    type: "CAMP", title: "Youth Weekend Retreat", slots: [SLOTS.weekend], weekdays: [FRI], ministry: "min_youth",
    campus: "any", venue: { kind: "retreat" }, audience: ["youth", "students"], modes: [["RFID", "MANUAL"]], capacity: [60, 180], registration: 1,
    tags: ["youth", "retreat", "camp"],
    intro: "A weekend away for students in grades 6 to 12 at {place}: worship, teaching, games and too little sleep.",
    points: ["Bus leaves from the campus", "Medical form required", "Scholarships available"],
  },
  {
    type: "CAMP", title: "Kids Day Camp", slots: [SLOTS.dayCamp], weekdays: [MON], ministry: "min_kids",
    campus: "any", venue: { kind: "room", room: "Kids Wing" }, audience: ["children", "families"], modes: [["RFID"], ["RFID", "MANUAL"]], capacity: [80, 250],
    registration: 1, tags: ["kids", "camp"],
    intro: "Five mornings of games, crafts, songs and Bible stories for ages 4 to 11 at {place}.",
    points: ["Secure check-in with wristbands", "Snacks included", "Volunteers: background check required"],
  },
  {
    type: "CAMP", title: "Family Camp Weekend", slots: [SLOTS.weekend], weekdays: [FRI], ministry: "min_marriage_family",
    campus: "any", venue: { kind: "retreat" }, audience: ["families", "children", "adults"], modes: [["MANUAL"], ["QR_CODE"]], capacity: [100, 300],
    registration: 1, tags: ["families", "camp", "outdoors"],
    intro: "Cabins, campfires and canoes: a weekend for the whole family at {place}.",
    points: ["All meals included", "Programme for every age", "Cabins or tent pitches"],
  },
  {
    type: "CAMP", title: "Middle School Lock-In", slots: [SLOTS.overnight], weekdays: [FRI], ministry: "min_youth",
    campus: "any", venue: { kind: "room", room: "Youth Loft" }, audience: ["youth", "children"], modes: [["RFID"]], capacity: [40, 120], registration: 1,
    tags: ["youth", "overnight"],
    intro: "An all-night party for grades 6 to 8 at {place}. Pick-up is at 10 am the next morning.",
    points: ["Bring a sleeping bag", "Permission slip required", "Breakfast included"],
  },
  {
    type: "CAMP", title: "Young Adults Retreat", slots: [SLOTS.weekend], weekdays: [FRI], ministry: "min_young_adults",
    campus: "any", venue: { kind: "retreat" }, audience: ["adults", "students"], modes: [["QR_CODE"]], capacity: [40, 120], registration: 1,
    tags: ["young-adults", "retreat"],
    intro: "Get away from the city for a weekend of rest, worship and new friendships at {place}.",
    points: ["Car-share coordinated by email", "All meals included", "Free time every afternoon"],
  },
  // WORKSHOP
  {
    type: "WORKSHOP", title: "First Aid & CPR Training", slots: [SLOTS.morning, SLOTS.allDay], weekdays: [SAT], ministry: "min_care",
    campus: "any", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["adults", "members"], modes: [["MANUAL"], ["QR_CODE"]], capacity: [12, 30], registration: 1,
    tags: ["training", "safety"],
    intro: "Certified first aid and CPR training for volunteers and anyone who wants it, at {place}.",
    points: ["Certificate valid for two years", "Required for kids and youth leaders", "Lunch provided"],
  },
  {
    type: "WORKSHOP", title: "Worship Team Vocal Workshop", slots: [SLOTS.morning, SLOTS.afternoon], weekdays: [SAT], ministry: "min_worship",
    campus: "any", venue: { kind: "room", room: "Main Auditorium" }, audience: ["members", "adults", "students"], modes: [["SELF_CHECK_IN"]], capacity: [15, 40],
    registration: 0.8, tags: ["worship", "music", "training"],
    intro: "Breathing, blend and harmony for singers on the worship teams, with our worship pastors at {place}.",
    points: ["All levels welcome", "Bring water", "Sheet music provided"],
  },
  {
    type: "WORKSHOP", title: "Resume & Interview Workshop", slots: [SLOTS.earlyEvening, SLOTS.morning], weekdays: [TUE, SAT], ministry: "min_outreach",
    campus: "any", venue: { kind: "room", room: "Room 204" }, audience: ["adults", "students"], modes: [["MANUAL"]], capacity: [10, 25], registration: 0.9,
    tags: ["careers", "community"],
    intro: "Volunteers from HR and recruiting help you polish your resume and practise interviews, at {place}.",
    points: ["Bring a printed resume", "One-to-one reviews", "Free and open to the community"],
  },
  {
    type: "WORKSHOP", title: "Parenting Teens Workshop", slots: [SLOTS.earlyEvening], weekdays: WEEKNIGHTS, ministry: "min_marriage_family",
    campus: "any", venue: { kind: "room", room: "Fellowship Hall" }, audience: ["families", "adults"], modes: [["MANUAL"], ["QR_CODE"]], capacity: [20, 60],
    registration: 0.7, tags: ["parenting", "teens"],
    intro: "Phones, friends and faith: a practical evening for parents of teenagers at {place}.",
    points: ["Q&A with youth pastors", "Handouts to take home"],
  },
  {
    type: "WORKSHOP", title: "Sound & Lighting Basics", slots: [SLOTS.afternoon], weekdays: [SAT, SUN], ministry: "min_worship",
    campus: "any", venue: { kind: "room", room: "Main Auditorium" }, audience: ["youth", "students", "adults"], modes: [["SELF_CHECK_IN"]], capacity: [8, 20],
    registration: 0.8, tags: ["production", "training"],
    intro: "Hands-on training on the sound desk, lighting and live-stream kit at {place}.",
    points: ["No experience needed", "Ages 14 and up", "Leads to serving on the production team"],
  },
  {
    type: "WORKSHOP", title: "Safeguarding Training", slots: [SLOTS.morning, SLOTS.earlyEvening], weekdays: [SAT, WED], ministry: "min_kids",
    campus: "any", venue: { kind: "online" }, audience: ["adults", "members"], modes: [["NONE"]], capacity: [30, 100], registration: 1, membersOnly: 0.4,
    tags: ["safeguarding", "training", "online"],
    intro: "Required training for everyone who serves with children, youth or vulnerable adults. Online, with a short quiz at the end.",
    points: ["Certificate emailed after the session", "Renew every three years"],
  },
];

/** Weights of the event types among one-off events. */
const TYPE_WEIGHTS: readonly (readonly [EventType, number])[] = [
  ["SPECIAL_EVENT", 20],
  ["WORKSHOP", 16],
  ["COURSE", 16],
  ["LIFE_GROUP", 14],
  ["SERVICE", 10],
  ["PRAYER_CAMPAIGN", 9],
  ["CONFERENCE", 7],
  ["CAMP", 8],
];
const TEMPLATES_BY_TYPE = new Map<EventType, Template[]>();
for (const template of TEMPLATES) {
  const list = TEMPLATES_BY_TYPE.get(template.type) ?? [];
  list.push(template);
  TEMPLATES_BY_TYPE.set(template.type, list);
}
const TOTAL_TYPE_WEIGHT = TYPE_WEIGHTS.reduce((sum, [, weight]) => sum + weight, 0);

function pickTemplate(rng: Rng): Template {
  let roll = rng() * TOTAL_TYPE_WEIGHT;
  for (const [type, weight] of TYPE_WEIGHTS) {
    roll -= weight;
    if (roll < 0) return pick(rng, TEMPLATES_BY_TYPE.get(type)!);
  }
  return pick(rng, TEMPLATES);
}

/** The allowed weekday nearest after `day` (or before, near the end of the window) that still fits `length` days. */
function alignDay(days: readonly Day[], day: number, weekdays: readonly number[], length: number): number {
  const last = days.length - 1 - length;
  for (let offset = 0; offset < 7; offset += 1) {
    const candidate = day + offset;
    if (candidate > last) break;
    if (weekdays.includes(days[candidate]!.weekday)) return candidate;
  }
  for (let candidate = Math.min(day, last); candidate >= 0; candidate -= 1) {
    if (weekdays.includes(days[candidate]!.weekday)) return candidate;
  }
  return Math.max(0, Math.min(day, last));
}

// ---------------------------------------------------------------------------------------------------------
// Hand-written feature events: near-term items, seasonal services, DST-spanning retreats, every status staff
// decide and every visibility, hostile markup. ACTIVE and COMPLETED are the clock's (docs/decisions/0034):
// the day's first events are running or over as the day goes on.

interface FeatureContext {
  days: readonly Day[];
  /** First day ≥ from that satisfies the predicate and leaves room for `length` more days; -1 if none. */
  find(predicate: (day: Day) => boolean, from?: number, length?: number): number;
  /** First day ≥ from on the weekday with room for `length` more days (falls back to the last such day). */
  next(weekday: number, from: number, length?: number): number;
  nthWeekday(month: number, weekday: number, nth: number, length?: number): number;
  /** A Friday two days before a DST change of the zone (the retreat ends on the Sunday of the change). */
  aroundDstChange(timezone: string, which: number): number;
  dateIndex(date: string): number;
}

type FeatureSpec = Omit<EventSpec, "startDay" | "description" | "image" | "organizer" | "capacity" | "registration" | "tags" | "visibility" | "status"> & {
  day: number;
  description: string;
  image?: ImageName | null;
  organizer?: string | null;
  capacity?: number | null;
  registration?: boolean;
  tags?: readonly string[];
  visibility?: Visibility;
  status?: StoredEventStatus;
};

function slot(start: string, end: string, days = 0): Slot {
  return { start, end, days };
}

function features(context: FeatureContext): FeatureSpec[] {
  const { next, nthWeekday, aroundDstChange, find, dateIndex, days } = context;
  const lastDay = days.length - 1;
  const list: FeatureSpec[] = [];

  list.push({
    type: "PRAYER_CAMPAIGN", title: "40 Days of Prayer", campus: null, timezone: CHURCH_TIMEZONE, ministry: ministry("min_prayer"),
    day: 0, slot: slot("06:00", "21:00", Math.min(39, lastDay)), audience: ["members", "adults", "families"], modes: ["NONE"],
    venue: { kind: "online" }, registration: true, organizer: "Esther Mwangi, Prayer Ministry", tags: ["prayer", "fasting", "church-wide"],
    description:
      "<p>Forty days of prayer across all four campuses. Each day has a Scripture reading, a prayer focus and a short video.</p>\n" +
      "<ul><li>Daily guide in the church app and by email</li><li>Prayer rooms open at every campus</li><li>Sign up for a prayer slot so every hour is covered</li></ul>\n" +
      `<p>Read the <a href="${WEBSITE}/40-days">prayer guide</a>.</p>`,
  });
  list.push({
    type: "PRAYER_CAMPAIGN", title: "Sunrise Prayer Gathering", campus: HARBOR, ministry: ministry("min_prayer"), day: 0, slot: slot("06:00", "07:00"),
    audience: ["adults", "members"], modes: ["MANUAL"], venue: { kind: "room", room: "Chapel" }, tags: ["prayer", "morning"],
    description: "<p>Opening morning of the <strong>40 Days of Prayer</strong>: we pray as the sun rises over the harbor.</p>",
  });
  list.push({
    type: "SERVICE", serviceType: "special", title: "Worship & Testimony Night", campus: DESERT, ministry: ministry("min_worship"), day: 0,
    slot: slot("19:00", "20:30"), audience: ["members", "newcomers", "adults"], modes: ["QR_CODE", "SELF_CHECK_IN"], venue: { kind: "room", room: "Main Auditorium" },
    organizer: DESERT.pastor, tags: ["worship", "testimony"],
    description: "<p>An evening of worship and <strong>stories of what God has done</strong> this year at Desert Springs.</p>\n<p>Childcare for under-fives.</p>",
  });
  list.push({
    type: "SPECIAL_EVENT", title: "Community Food Drive", campus: LAKESHORE, ministry: ministry("min_outreach"), day: 0, slot: slot("09:00", "17:00", Math.min(6, lastDay)),
    audience: ["members", "families"], modes: ["NONE"], venue: { kind: "room", room: "Fellowship Hall" }, tags: ["community", "food", "serve"],
    description:
      "<p>Drop off non-perishable food at the Lakeshore welcome desk all week. Everything goes to the neighbourhood food pantry.</p>\n" +
      "<ul><li>Canned vegetables and fish</li><li>Rice, pasta and cereal</li><li>Diapers and toiletries</li></ul>",
  });
  list.push({
    type: "WORKSHOP", title: "Volunteer Orientation", campus: LAKESHORE, ministry: ministry("min_discipleship"), day: Math.min(1, lastDay), slot: slot("10:00", "12:00"),
    audience: ["newcomers", "members", "adults"], modes: ["MANUAL", "QR_CODE"], venue: { kind: "room", room: "Room 204" }, capacity: 40, registration: true,
    organizer: "Hannah Schultz", tags: ["volunteering", "next-steps"],
    description: "<p>Want to serve? Find the team that fits you, meet the leaders and get set up in two hours.</p>",
  });
  list.push({
    type: "SPECIAL_EVENT", title: "Newcomers Coffee & Welcome", campus: LONDON, ministry: ministry("min_discipleship"), day: Math.min(1, lastDay),
    slot: slot("18:30", "20:00"), audience: ["newcomers"], modes: ["MANUAL"], venue: { kind: "room", room: "Café" }, organizer: LONDON.pastor, tags: ["newcomers"],
    description: "New to Grace Harbor London? Come and meet the team over coffee and cake. No agenda, just good conversation.",
  });
  // Hostile markup: the API and pages must sanitize descriptions.
  list.push({
    type: "SPECIAL_EVENT", title: "Church Picnic in the Park", campus: HARBOR, ministry: null, day: Math.min(2, lastDay), slot: slot("12:00", "15:00"),
    audience: ["families", "children", "members"], modes: ["NONE"], venue: { kind: "park" }, tags: ["picnic", "outdoors", "families"],
    description:
      "<p>Bring a blanket and a dish to share!</p><script>alert(1)</script>\n" +
      '<p>Games for all ages, <strong>sack races</strong> and a water-balloon finale.</p><style>body{display:none}</style>',
  });
  list.push({
    type: "WORKSHOP", title: "Photography for Church Media", campus: LAKESHORE, ministry: ministry("min_worship"), day: Math.min(4, lastDay), slot: SLOTS.afternoon,
    audience: ["adults", "students"], modes: ["SELF_CHECK_IN"], venue: { kind: "room", room: "Room 204" }, capacity: 20, registration: true,
    organizer: "Maya Chen", tags: ["photography", "media", "training"],
    description:
      '<p>Learn the basics of event photography.</p><img src="x" onerror="alert(\'xss\')">\n' +
      '<p><a href="javascript:alert(1)">Sign up here</a> or <a href="https://www.graceharbor.example.org/media" onclick="steal()">see past photos</a>.</p>\n' +
      '<p onmouseover="alert(2)">Cameras provided.</p><iframe src="https://evil.example.com/"></iframe>',
  });
  list.push({
    type: "COURSE", title: "Membership Class", campus: HARBOR, ministry: ministry("min_discipleship"), day: Math.min(3, lastDay), slot: SLOTS.earlyEvening,
    audience: ["newcomers", "adults"], modes: ["MANUAL"], venue: { kind: "room", room: "Room 204" }, capacity: 30, registration: true, organizer: HARBOR.pastor,
    tags: ["membership", "next-steps"],
    description: "<p>What we believe, how we are organised and how to become a member.</p>\n<p><strong>Dinner provided.</strong></p>",
  });
  list.push({
    type: "LIFE_GROUP", title: "Life Group Launch Night", campus: LONDON, ministry: ministry("min_discipleship"), day: next(THU, 5), slot: SLOTS.earlyEvening,
    audience: ["adults", "newcomers", "members"], modes: ["MANUAL", "QR_CODE"], venue: { kind: "room", room: "Main Auditorium" }, tags: ["life-groups"],
    description: "<p>Our new term of life groups starts here: meet the leaders, hear what each group is studying and sign up.</p>",
  });
  // Every status and visibility.
  list.push({
    type: "SPECIAL_EVENT", title: "Annual Members' Meeting", campus: HARBOR, ministry: null, day: next(SUN, 40), slot: slot("12:30", "14:00"), visibility: "members",
    audience: ["members"], modes: ["QR_CODE", "MANUAL"], venue: { kind: "room", room: "Main Auditorium" }, organizer: "Board of Elders", tags: ["members", "governance"],
    description: "<p>Reports from the elders, the annual budget and the vote on new deacons. Members only; please bring your member card.</p>",
  });
  list.push({
    type: "WORKSHOP", title: "Worship Team Auditions", campus: LAKESHORE, ministry: ministry("min_worship"), day: next(SAT, 9), slot: SLOTS.afternoon, visibility: "members",
    audience: ["members", "students", "adults"], modes: ["MANUAL"], venue: { kind: "room", room: "Main Auditorium" }, capacity: 24, registration: true, tags: ["worship", "music"],
    description: "<p>Auditions for vocalists and instrumentalists. Prepare one song; we provide the band.</p>",
  });
  list.push({
    type: "SPECIAL_EVENT", title: "Elder Board Retreat", campus: HARBOR, ministry: null, day: next(FRI, 60, 1), slot: slot("17:00", "15:00", 1), visibility: "private",
    audience: ["adults"], modes: ["NONE"], venue: { kind: "retreat" }, image: null, organizer: HARBOR.pastor, tags: ["leadership"],
    description: "Annual planning retreat of the elder board. Invitation only.",
  });
  list.push({
    type: "WORKSHOP", title: "Staff Planning Day", campus: HARBOR, ministry: null, day: next(MON, 20), slot: SLOTS.allDay, visibility: "private",
    audience: ["adults"], modes: ["NONE"], venue: { kind: "room", room: "Room 204" }, image: null, organizer: null, tags: [],
    description: "Staff only: calendar planning for the next season.",
  });
  list.push({
    type: "SPECIAL_EVENT", title: "Arts & Culture Festival", campus: DESERT, ministry: ministry("min_worship"), day: next(SAT, Math.floor(lastDay * 0.7)), slot: SLOTS.allDay,
    status: "DRAFT", audience: ["families", "adults", "youth"], modes: ["NONE"], venue: { kind: "park" }, tags: ["arts", "festival"],
    description: "<p>Draft: art market, live music and food trucks. Details to be confirmed.</p>",
  });
  list.push({
    type: "SPECIAL_EVENT", title: "Outdoor Movie Night", campus: DESERT, ministry: ministry("min_kids"), day: next(FRI, 12), slot: slot("19:00", "21:30"), status: "CANCELLED",
    audience: ["families", "children"], modes: ["NONE"], venue: { kind: "park" }, tags: ["movie", "families", "outdoors"],
    description: "<p>A family film on the big screen under the stars. Bring chairs and blankets; popcorn is on us.</p>",
  });
  list.push({
    type: "CONFERENCE", title: "Marriage Conference: Stronger Together", campus: LAKESHORE, ministry: ministry("min_marriage_family"), day: next(FRI, 75, 1),
    slot: slot("18:00", "16:00", 1), status: "POSTPONED", audience: ["adults", "families"], modes: ["QR_CODE"], venue: { kind: "conference" }, capacity: 300,
    registration: true, organizer: "David and Grace Kim", tags: ["marriage", "conference"],
    description: "<p>Two days of teaching and date-night fun for couples, with guest speakers and workshops.</p>",
  });
  // Retreats spanning a DST change: the offset at the end differs from the one at the start.
  list.push({
    type: "CAMP", title: "Men's Retreat Weekend", campus: HARBOR, ministry: ministry("min_men"), day: aroundDstChange(HARBOR.timezone, 0), slot: SLOTS.weekend,
    audience: ["men", "adults"], modes: ["MANUAL", "QR_CODE"], venue: { kind: "retreat" }, capacity: 80, registration: true, organizer: "Marcus Bennett",
    tags: ["men", "retreat", "outdoors"],
    description:
      "<p>Hiking, campfires and honest conversation in the mountains. <strong>Clocks change this weekend</strong>: check the schedule for Sunday morning.</p>\n" +
      "<ul><li>Bunk rooms, bring a sleeping bag</li><li>All meals included</li><li>Car-share from the campus</li></ul>",
  });
  list.push({
    type: "CAMP", title: "London Weekend Away", campus: LONDON, ministry: ministry("min_discipleship"), day: aroundDstChange(LONDON.timezone, 0),
    slot: slot("18:00", "15:00", 2), audience: ["adults", "families", "members"], modes: ["QR_CODE"], venue: { kind: "retreat" }, capacity: 120, registration: true,
    organizer: LONDON.pastor, tags: ["church-weekend", "retreat"],
    description: "<p>Our whole-church weekend in the Lake District: talks, walks, a ceilidh and the famous quiz night.</p>",
  });
  list.push({
    type: "CONFERENCE", title: "Leadership Summit", campus: LAKESHORE, ministry: ministry("min_discipleship"), day: aroundDstChange(LAKESHORE.timezone, 1),
    slot: slot("09:00", "12:00", 2), audience: ["adults", "members"], modes: ["QR_CODE"], venue: { kind: "retreat" }, capacity: 400, registration: true,
    organizer: LAKESHORE.pastor, tags: ["leadership", "conference"],
    description: "<p>Three days of teaching and workshops for leaders in every sphere. Lunch included each day.</p>",
  });
  // Seasonal services.
  const christmasEve = find((day) => day.month === 12 && day.day === 24);
  list.push({
    type: "SERVICE", serviceType: "christmas-eve", title: "Christmas Eve Candlelight Service", campus: HARBOR, ministry: ministry("min_worship"),
    day: christmasEve >= 0 ? christmasEve : next(SUN, 180), slot: slot("17:00", "18:15"), audience: ["families", "newcomers", "members"],
    modes: ["QR_CODE", "SELF_CHECK_IN"], venue: { kind: "room", room: "Main Auditorium" }, organizer: HARBOR.pastor, tags: ["christmas", "candlelight", "carols"],
    description: "<p>Carols, candles and the Christmas story. Arrive early: this is our busiest service of the year.</p>",
  });
  list.push({
    type: "SERVICE", serviceType: "christmas-eve", title: "Carols by Candlelight", campus: LONDON, ministry: ministry("min_worship"),
    day: christmasEve >= 0 ? christmasEve : next(SUN, 180), slot: slot("18:00", "19:30"), audience: ["families", "newcomers"], modes: ["NONE"],
    venue: { kind: "room", room: "Main Auditorium" }, organizer: LONDON.pastor, tags: ["christmas", "carols"],
    description: "<p>Nine lessons and carols by candlelight, followed by mulled wine and mince pies.</p>",
  });
  const easter = [days[0]!.year, days[0]!.year + 1].map((year) => dateIndex(easterSunday(year))).find((index) => index >= 2) ?? -1;
  const hasEaster = easter >= 2;
  list.push({
    type: "SERVICE", serviceType: hasEaster ? "good-friday" : "midweek", title: hasEaster ? "Good Friday Service" : "Communion Service", campus: LAKESHORE,
    ministry: ministry("min_worship"), day: hasEaster ? easter - 2 : next(FRI, 200), slot: slot("19:00", "20:15"), audience: ["members", "adults", "families"],
    modes: ["SELF_CHECK_IN"], venue: { kind: "room", room: "Main Auditorium" }, organizer: LAKESHORE.pastor, tags: hasEaster ? ["easter", "good-friday"] : ["communion"],
    description: "<p>A reflective service of readings, silence and communion.</p>",
  });
  list.push({
    type: "SERVICE", serviceType: hasEaster ? "easter" : "sunday-morning", title: hasEaster ? "Easter Sunrise Service" : "Sunrise Service", campus: DESERT,
    ministry: ministry("min_worship"), day: hasEaster ? easter : next(SUN, 202), slot: slot("06:30", "07:30"), audience: ["families", "newcomers", "members"],
    modes: ["NONE"], venue: { kind: "park" }, organizer: DESERT.pastor, tags: hasEaster ? ["easter", "sunrise", "outdoors"] : ["sunrise", "outdoors"],
    description: "<p>He is risen! Worship outdoors as the sun comes up, then <strong>pancake breakfast</strong> for everyone.</p>",
  });
  // Camps and conferences on their usual weeks.
  list.push({
    type: "CAMP", title: "Summer Youth Camp", campus: DESERT, ministry: ministry("min_youth"), day: nthWeekday(7, MON, 2, 4), slot: SLOTS.camp,
    audience: ["youth", "students"], modes: ["RFID", "MANUAL"], venue: { kind: "retreat" }, capacity: 180, registration: true, organizer: "Jordan Ellis, Youth Pastor",
    tags: ["youth", "camp", "summer"],
    description:
      "<p>Five days in the pines: worship every night, lake days, and small groups with leaders who care.</p>\n" +
      "<ul><li>Grades 6 to 12</li><li>Medical and consent forms required</li><li>Scholarships: ask the youth office</li></ul>",
  });
  list.push({
    type: "CAMP", title: "Vacation Bible School", campus: HARBOR, ministry: ministry("min_kids"), day: nthWeekday(6, MON, 3, 4), slot: SLOTS.dayCamp,
    audience: ["children", "families"], modes: ["RFID"], venue: { kind: "room", room: "Kids Wing" }, capacity: 250, registration: true, organizer: "Priya Natarajan",
    tags: ["kids", "summer", "vbs"],
    description: "<p>A week of mornings packed with songs, crafts, science experiments and Bible adventures for ages 4 to 11.</p>",
  });
  const laborDay = nthWeekday(9, MON, 1);
  list.push({
    type: "CAMP", title: "Family Camp", campus: LAKESHORE, ministry: ministry("min_marriage_family"), day: laborDay >= 3 ? laborDay - 3 : next(FRI, 240, 3),
    slot: slot("17:00", "11:00", 3), audience: ["families", "children", "adults"], modes: ["MANUAL"], venue: { kind: "retreat" }, capacity: 300, registration: true,
    organizer: "David and Grace Kim", tags: ["families", "camp"],
    description: "<p>Labor Day weekend at the lake: canoes, campfires and a programme for every age.</p>",
  });
  list.push({
    type: "PRAYER_CAMPAIGN", title: "21 Days of Prayer & Fasting", campus: null, timezone: "America/Chicago", ministry: ministry("min_prayer"),
    day: nthWeekday(1, MON, 1, 20), slot: slot("06:00", "21:00", 20), audience: ["members", "adults"], modes: ["NONE"], venue: { kind: "online" },
    registration: true, tags: ["prayer", "fasting", "new-year"],
    description: "<p>Start the year with three weeks of prayer and fasting. Daily devotionals and <strong>online prayer every morning at 6 am</strong>.</p>",
  });
  list.push({
    type: "CONFERENCE", title: "Rooted Women's Conference", campus: HARBOR, ministry: ministry("min_women"), day: nthWeekday(10, FRI, 3, 1), slot: slot("18:30", "16:00", 1),
    audience: ["women", "adults"], modes: ["QR_CODE"], venue: { kind: "conference" }, capacity: 600, registration: true, organizer: "Ruth Alvarez",
    tags: ["women", "conference"],
    description: "<p>Worship, teaching and breakout sessions for women, with brunch on Saturday.</p>\n<p><strong>Early-bird pricing</strong> until a month before.</p>",
  });
  list.push({
    type: "CONFERENCE", title: "Global Missions Conference", campus: LONDON, ministry: ministry("min_outreach"), day: nthWeekday(3, THU, 2, 2), slot: SLOTS.conference,
    audience: ["members", "adults", "students"], modes: ["QR_CODE", "SELF_CHECK_IN"], venue: { kind: "conference" }, capacity: 500, registration: true,
    organizer: "Tomás Rivera", tags: ["missions", "conference", "global"],
    description: "<p>Stories and strategy from mission partners in twelve countries, and how you can be part of it.</p>",
  });
  list.push({
    type: "SPECIAL_EVENT", title: "Thanksgiving Community Meal", campus: HARBOR, ministry: ministry("min_outreach"), day: nthWeekday(11, THU, 4), slot: slot("12:00", "15:00"),
    audience: ["families", "seniors", "newcomers"], modes: ["NONE"], venue: { kind: "room", room: "Fellowship Hall" }, organizer: "Tomás Rivera",
    tags: ["thanksgiving", "community", "meal"],
    description: "<p>A free Thanksgiving dinner for anyone in the neighbourhood. Volunteers: sign up to cook, serve or drive.</p>",
  });
  list.push({
    type: "SPECIAL_EVENT", title: "Generosity Week", campus: null, ministry: null, day: next(SUN, 100, 6), slot: slot("09:00", "17:00", 6), audience: ["members"],
    modes: ["NONE"], venue: { kind: "none" }, image: null, organizer: null, tags: [],
    description: "A week to reflect on generosity: daily readings, stories from our partners and the annual giving pledge.",
  });
  return list;
}

function featureContext(days: readonly Day[]): FeatureContext {
  const lastDay = days.length - 1;
  const byDate = new Map(days.map((day, index) => [day.date, index]));
  const find = (predicate: (day: Day) => boolean, from = 0, length = 0) => {
    for (let index = Math.max(0, from); index + length <= lastDay; index += 1) if (predicate(days[index]!)) return index;
    return -1;
  };
  const next = (weekday: number, from: number, length = 0) => {
    const found = find((day) => day.weekday === weekday, Math.min(from, lastDay), length);
    if (found >= 0) return found;
    for (let index = lastDay - length; index >= 0; index -= 1) if (days[index]!.weekday === weekday) return index;
    return 0;
  };
  const dstChanges = new Map<string, number[]>();
  return {
    days,
    find,
    next,
    nthWeekday(month, weekday, nth, length = 0) {
      const found = find((day) => day.month === month && day.weekday === weekday && Math.ceil(day.day / 7) === nth, 0, length);
      return found >= 0 ? found : next(weekday, Math.floor(lastDay / 2), length);
    },
    aroundDstChange(timezone, which) {
      let changes = dstChanges.get(timezone);
      if (!changes) {
        changes = offsetChanges(days, timezone).filter((index) => index >= 2);
        dstChanges.set(timezone, changes);
      }
      const change = changes[Math.min(which, changes.length - 1)];
      return change === undefined ? next(FRI, 30, 2) : change - 2;
    },
    dateIndex: (date) => byDate.get(date) ?? -1,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The build

export function buildDemoData(options: BuildDemoDataOptions): DemoData {
  const eventCount = options.eventCount ?? DEFAULT_DEMO_EVENT_COUNT;
  if (!Number.isInteger(eventCount) || eventCount < 0) throw new RangeError(`eventCount must be a non-negative integer, got ${eventCount}`);
  const { days, todayMs } = buildDays(options.today);
  const rng = mulberry32(0x67726163); // "grac"
  const builder = new EventBuilder(rng, days, todayMs);
  const referenceCreatedAt = new Date(todayMs - 730 * DAY_MS);

  const campuses: DemoCampus[] = CAMPUSES.map((campus) => ({ id: campus.id, name: campus.name, timezone: campus.timezone, createdAt: referenceCreatedAt }));
  const ministries: DemoMinistry[] = MINISTRY_LIST.map((entry) => ({ id: entry.id, name: entry.name, createdAt: referenceCreatedAt }));

  // 1. Feature events, most important first.
  const featureSpecs = features(featureContext(days)).slice(0, eventCount);
  for (const feature of featureSpecs) {
    const type = feature.type;
    builder.add({
      ...feature,
      startDay: feature.day,
      status: feature.status ?? "SCHEDULED",
      visibility: feature.visibility ?? "public",
      image: feature.image === undefined ? IMAGE_BY_TYPE[type] : feature.image,
      organizer: feature.organizer === undefined ? (feature.ministry ? `${feature.ministry.lead}, ${feature.ministry.name}` : null) : feature.organizer,
      capacity: feature.capacity ?? null,
      registration: feature.registration ?? false,
      tags: feature.tags ?? [],
    });
  }

  // 2. Series occurrences, taken round-robin (every series' first occurrence, then every second one, ...),
  // so weekly series are published a few weeks ahead and monthly ones several months ahead.
  const remaining = eventCount - featureSpecs.length;
  const occurrenceLists = SERIES.map((entry) => occurrences(entry, days));
  const totalOccurrences = occurrenceLists.reduce((sum, list) => sum + list.length, 0);
  let seriesBudget = Math.min(totalOccurrences, Math.round(remaining * 0.6));
  const taken = SERIES.map(() => 0);
  // Every date of a series says what its first one says, as when staff create a series (a cancelled or
  // postponed date adds its notice). Each date still draws its own, so the data after it stays the same.
  const seriesDescriptions = new Map<string, string>();
  for (let round = 0; seriesBudget > 0; round += 1) {
    SERIES.forEach((entry, index) => {
      const day = occurrenceLists[index]![round];
      if (day === undefined || seriesBudget <= 0) return;
      seriesBudget -= 1;
      taken[index] = round + 1;
      const place = entry.campus?.name ?? "online";
      const roll = rng();
      const status: StoredEventStatus = roll < 0.015 ? "CANCELLED" : roll < 0.02 ? "POSTPONED" : "SCHEDULED";
      builder.add({
        type: entry.type,
        title: entry.eventTitle ?? entry.title,
        serviceType: entry.serviceType,
        campus: entry.campus,
        ministry: ministry(entry.ministry),
        seriesId: entry.id,
        startDay: day,
        slot: entry.slot,
        status,
        visibility: entry.visibility ?? "public",
        audience: entry.audience,
        modes: entry.modes,
        capacity: entry.capacity ?? null,
        organizer: entry.organizer,
        image: rng() < 0.92 ? IMAGE_BY_TYPE[entry.type] : null,
        registration: entry.registration ?? false,
        venue: entry.venue,
        tags: entry.tags,
        description: sharedDescription(seriesDescriptions, entry.id, describe(rng, entry.description, place, ministry(entry.ministry))),
      });
    });
  }
  const series = SERIES.map((entry, index) => {
    const first = occurrenceLists[index]![0];
    return seriesRow(entry, new Date(todayMs - (365 - index * 7) * DAY_MS), first === undefined ? undefined : days[first]!.date, taken[index]!);
  });

  // 3. One-off events, spread evenly over the year.
  const oneOffs = eventCount - builder.events.length;
  for (let index = 0; index < oneOffs; index += 1) {
    const template = pickTemplate(rng);
    const chosenSlot = pick(rng, template.slots);
    const base = Math.floor(((index + rng()) * days.length) / oneOffs);
    const startDay = alignDay(days, base, template.weekdays, chosenSlot.days);
    const campus =
      template.campus === "none" ? null : template.campus === "us" ? pick(rng, [HARBOR, LAKESHORE, DESERT]) : rng() < 0.04 ? null : pick(rng, CAMPUSES);
    const host = template.ministry && rng() < 0.93 ? ministry(template.ministry) : null;
    const roll = rng();
    const status: StoredEventStatus = roll < 0.03 ? "DRAFT" : roll < 0.055 ? "CANCELLED" : roll < 0.07 ? "POSTPONED" : "SCHEDULED";
    const visibilityRoll = rng();
    const visibility: Visibility =
      template.membersOnly && visibilityRoll < template.membersOnly ? "members" : visibilityRoll > 0.97 ? "private" : visibilityRoll > 0.94 ? "members" : "public";
    const capacity = template.capacity && rng() < 0.85 ? intBetween(rng, template.capacity[0], template.capacity[1]) : null;
    const organizerRoll = rng();
    const organizer =
      organizerRoll < 0.12 ? null : organizerRoll < 0.3 && campus ? campus.pastor : host ? `${host.lead}, ${host.name}` : (campus?.pastor ?? null);
    const venue: VenueKind = rng() < 0.05 ? { kind: "none" } : template.venue;
    const place = venue.kind === "online" ? "online" : (campus?.name ?? "one of our campuses");
    const tagRoll = rng();
    const tags = tagRoll < 0.08 ? [] : tagRoll < 0.5 || !campus ? [...template.tags] : [...template.tags, campus.short];
    builder.add({
      type: template.type,
      title: template.title,
      serviceType: template.serviceType,
      campus,
      ministry: host,
      startDay,
      slot: chosenSlot,
      status,
      visibility,
      audience: pickSome(rng, template.audience, 3),
      modes: pick(rng, template.modes),
      capacity,
      organizer,
      image: rng() < 0.88 ? IMAGE_BY_TYPE[template.type] : null,
      registration: rng() < (template.registration ?? 0),
      venue,
      tags,
      description: describe(rng, template, place, host),
    });
  }

  const events = builder.events.sort((a, b) => a.startAt.getTime() - b.startAt.getTime() || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  return { campuses, ministries, series, events };
}
