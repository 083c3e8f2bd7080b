import { z } from "zod";

/**
 * The public calendar service's contract, written out by hand from /work/shared/spec: interface.md parts 2.1,
 * 2.2, 4.1 and 7.1, and decisions.md part 4 (and docs/decisions/0017 for what staff see). Deliberately NOT
 * imported from lib/calendar: a spec that takes its expected messages and schemas from the code under test
 * passes whatever that code says. If a value here and lib disagree, the specs fail, and one of the two is wrong
 * by the contract: fix that one, never copy lib's value here without checking the spec documents it.
 */

/** interface.md 2.1 (eventType) and 4.1 (the `type` filter). */
export const EVENT_TYPES = ["SERVICE", "CONFERENCE", "COURSE", "SPECIAL_EVENT", "PRAYER_CAMPAIGN", "LIFE_GROUP", "CAMP", "WORKSHOP"] as const;
/** interface.md 2.1 (status) and part 3. */
export const EVENT_STATUSES = ["DRAFT", "SCHEDULED", "ACTIVE", "COMPLETED", "CANCELLED", "POSTPONED"] as const;
/** interface.md 2.1 (attendanceModes). */
export const ATTENDANCE_MODES = ["QR_CODE", "RFID", "MANUAL", "SELF_CHECK_IN", "NONE"] as const;
/**
 * interface.md leaves the set open ("a value `public` occurs"); docs/decisions/0017 adds `members` and
 * `private`, which only staff see. The public service serves `public` alone (decisions.md 4).
 */
export const EVENT_VISIBILITIES = ["public", "members", "private"] as const;

/**
 * The CalendarError messages, exactly: interface.md 7.1 (limit, eventId missing, event not found) and
 * decisions.md 4 (type, cursor). Spelled out, never built from EVENT_TYPES, so a reordered enum shows too.
 */
export const CALENDAR_MESSAGES = {
  limit: "limit must be between 1 and 100",
  type: "type must be one of SERVICE, CONFERENCE, COURSE, SPECIAL_EVENT, PRAYER_CAMPAIGN, LIFE_GROUP, CAMP, WORKSHOP",
  cursor: "cursor is invalid",
  eventIdMissing: "eventId missing",
  notFound: "event not found",
} as const;

/** interface.md 8: the feed's page size. */
export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;

/** YYYY-MM-DD, a date that exists. */
const localDate = z.iso.date();
/** HH:MM, 24-hour. */
const localTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be HH:MM");
/** An IANA time zone name (Area/Location, or UTC) that the runtime knows; never an offset such as +01:00. */
const ianaTimeZone = z
  .string()
  .regex(/^(?:UTC|[A-Z][A-Za-z_]+(?:\/[A-Za-z0-9_+-]+)+)$/, "must be an IANA time zone name")
  .refine((zone) => {
    try {
      new Intl.DateTimeFormat("en", { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  }, "must be a time zone the runtime knows");
/** An absolute http(s) URL. */
const absoluteUrl = z.url({ protocol: /^https?$/ });
/** ISO 8601 date-time; an offset is as good as Z. */
const dateTime = z.iso.datetime({ offset: true });

/**
 * CalendarEvent (interface.md 2.1), with decisions.md 4: the always-present fields are required, every other
 * field is optional and omitted rather than null (zod's optional() refuses null), `location` is
 * `{ name, address, coordinates?: { latitude, longitude } }`. Strict: a field the contract does not list fails.
 * Any status and visibility, as staff see events (docs/decisions/0017); the public service's events are
 * `publicCalendarEventSchema`.
 */
export const calendarEventSchema = z.strictObject({
  eventId: z.string().regex(/^evt_.+$/, "must be an id with the prefix evt_"),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a URL slug"),
  url: z.string().regex(/^\/(?!\/)\S*$/, "must be a relative web path"),
  title: z.string(),
  description: z.string(),
  eventType: z.enum(EVENT_TYPES),
  serviceType: z.string().optional(),
  startDate: localDate,
  startTime: localTime,
  endDate: localDate,
  endTime: localTime,
  timezone: ianaTimeZone,
  ministryId: z.string().optional(),
  campusId: z.string().optional(),
  seriesId: z.string().optional(),
  status: z.enum(EVENT_STATUSES),
  visibility: z.enum(EVENT_VISIBILITIES),
  audience: z.array(z.string()),
  attendanceModes: z.array(z.enum(ATTENDANCE_MODES)),
  capacity: z.number().int().positive().optional(),
  organizer: z.string().optional(),
  imageUrl: absoluteUrl.optional(),
  registrationUrl: absoluteUrl.optional(),
  location: z
    .strictObject({
      name: z.string(),
      address: z.string(),
      coordinates: z.strictObject({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
    })
    .optional(),
  tags: z.array(z.string()),
  createdAt: dateTime,
  updatedAt: dateTime,
});

/** An event the public service answers: `visibility` is `public` and the status is never DRAFT (decisions.md 4). */
export const publicCalendarEventSchema = calendarEventSchema.extend({
  status: z.enum(EVENT_STATUSES).exclude(["DRAFT"]),
  visibility: z.literal("public"),
});

export type CalendarEvent = z.infer<typeof publicCalendarEventSchema>;

/** UpcomingFeed (interface.md 2.2): `nextCursor` an opaque string, or null on the last page. */
export const upcomingFeedSchema = z.strictObject({
  items: z.array(publicCalendarEventSchema),
  nextCursor: z.string().min(1).nullable(),
});

export type UpcomingFeed = z.infer<typeof upcomingFeedSchema>;

/**
 * EventDetail (interface.md 2.2): `ministry` and `campus` are present when the event is linked to one, and
 * then name the event's own ministryId / campusId; absent when it is not.
 */
export const eventDetailSchema = z
  .strictObject({
    event: publicCalendarEventSchema,
    ministry: z.strictObject({ ministryId: z.string(), name: z.string() }).optional(),
    campus: z.strictObject({ campusId: z.string(), name: z.string() }).optional(),
  })
  .superRefine((detail, context) => {
    if (detail.ministry?.ministryId !== detail.event.ministryId) {
      context.addIssue({ code: "custom", path: ["ministry"], message: "must be present exactly when the event has a ministryId, and name it" });
    }
    if (detail.campus?.campusId !== detail.event.campusId) {
      context.addIssue({ code: "custom", path: ["campus"], message: "must be present exactly when the event has a campusId, and name it" });
    }
  });

export type EventDetail = z.infer<typeof eventDetailSchema>;

/** CalendarError (interface.md 2.2, 7.1): `error` always true, `statusCode` the HTTP status repeated. */
export const calendarErrorSchema = z.strictObject({
  error: z.literal(true),
  message: z.string(),
  statusCode: z.number().int(),
  details: z.array(z.string()).optional(),
});

