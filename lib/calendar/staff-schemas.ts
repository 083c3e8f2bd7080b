import { z } from "zod";
import { printableText, listQuery, pageOf } from "../staff-lists/schemas.ts";
import { isValidTimeZone } from "./event-time.ts";
import { ATTENDANCE_MODES, CONTROL_CHARACTERS, EVENT_STATUSES, EVENT_TYPES, EVENT_VISIBILITIES, calendarEventSchema } from "./schemas.ts";

/**
 * Events, ministries and campuses as staff manage them under /api/v1/admin (docs/decisions/0017): the list
 * queries, the bodies that create and edit them and the answers. Pure zod, shared by the routes, the OpenAPI
 * document and the /admin pages.
 */

/**
 * A calendar date YYYY-MM-DD that exists: the regex alone lets `2026-13-45` and `0000-00-00` through, which
 * PostgreSQL refuses (22008) and JS's Date rolls over (`2026-02-30` is 2 March). Year 0 does not exist for
 * PostgreSQL either. Found by the hostile-input proof: such a `from` was a 500.
 */
export function isExistingDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith("0000")) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

/**
 * Event dates: from 1900 to 2999. Nobody plans a church event outside those years, and inside them the
 * instants of every time zone stay where PostgreSQL and JS agree (`0001-01-01 01:00` in Tokyo is in year 0,
 * which PostgreSQL refuses: a 500 found by the hostile-input proof).
 */
export const EVENT_YEARS = { min: 1900, max: 2999 } as const;

export const EVENT_SORT_FIELDS = ["startAt", "title", "updatedAt", "createdAt"] as const;
export const adminEventsQuerySchema = listQuery("AdminEventsQuery", {
  sort: EVENT_SORT_FIELDS,
  defaultSort: "startAt",
  search: "Words of the title or the slug.",
  extra: {
    status: z.enum(EVENT_STATUSES, { error: `must be one of ${EVENT_STATUSES.join(", ")}` }).optional().meta({ description: "Only events in this status." }),
    from: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD", abort: true })
      .refine(isExistingDate, "must be a date that exists")
      .optional()
      .meta({ description: "Only events ending on or after this date (UTC)." }),
  },
});
export type AdminEventsQuery = z.output<typeof adminEventsQuerySchema>;

/** An event as staff see it: the CalendarEvent shape (interface.md 2.1), drafts and every visibility included. */
export const AdminEventSchema = calendarEventSchema.meta({ id: "AdminEvent", description: "The CalendarEvent shape; staff also see drafts and non-public events." });
export type AdminEvent = z.infer<typeof AdminEventSchema>;
export const AdminEventPageSchema = pageOf(AdminEventSchema, "AdminEventPage");
export type AdminEventPage = z.infer<typeof AdminEventPageSchema>;

const EVENT_YEARS_MESSAGE = `must be a date from ${EVENT_YEARS.min}-01-01 to ${EVENT_YEARS.max}-12-31`;
const dateField = z
  .string({ error: "must be a date YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD", abort: true })
  .refine(isExistingDate, { error: "must be a date that exists", abort: true })
  .refine((value) => {
    const year = Number(value.slice(0, 4));
    return year >= EVENT_YEARS.min && year <= EVENT_YEARS.max;
  }, EVENT_YEARS_MESSAGE)
  .meta({ format: "date" });
const timeField = z.string({ error: "must be a time HH:MM" }).regex(/^([01]\d|2[0-3]):[0-5]\d$/, "must be a time HH:MM (24-hour)");
const idField = (prefix: string) => z.string({ error: `must be an id starting ${prefix}` }).regex(new RegExp(`^${prefix}[A-Za-z0-9_-]{1,60}$`), `must be an id starting ${prefix}`);
const httpsUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }).max(2000, "must be at most 2000 characters");
const tagList = (what: string) =>
  z
    .array(z.string({ error: `each ${what} must be text` }).trim().min(1, `each ${what} must be from 1 to 40 characters`).max(40, `each ${what} must be from 1 to 40 characters`).refine((value) => !CONTROL_CHARACTERS.test(value), `each ${what} must be printable`), {
      error: `must be a list of ${what}s`,
    })
    .max(20, `must hold at most 20 ${what}s`);

const eventFields = {
  title: printableText(200).meta({ description: "1-200 characters." }),
  slug: z
    .string({ error: "must be lower-case letters, digits and dashes, 3-120 characters" })
    .regex(/^[a-z0-9](?:[a-z0-9-]{1,118})[a-z0-9]$/, "must be lower-case letters, digits and dashes, 3-120 characters")
    .refine((value) => !value.startsWith("evt-") && !value.includes("--"), "must not start with evt- or hold two dashes in a row")
    // /calendar/mine is the member's own schedule (docs/decisions/0025): an event there would be unreachable.
    .refine((value) => value !== "mine", "must not be mine: /calendar/mine is the member's schedule")
    .meta({ description: "The event page's address; made from the title and start date when left out." }),
  description: z.string({ error: "must be text" }).max(20_000, "must be at most 20000 characters").meta({ description: "May hold HTML; sanitized when rendered." }),
  eventType: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }),
  serviceType: printableText(60),
  startDate: dateField,
  startTime: timeField,
  endDate: dateField,
  endTime: timeField,
  timezone: z.string({ error: "must be an IANA time zone such as America/New_York" }).max(64).refine(isValidTimeZone, "must be an IANA time zone such as America/New_York"),
  ministryId: idField("min_"),
  campusId: idField("cmp_"),
  seriesId: idField("ser_"),
  visibility: z.enum(EVENT_VISIBILITIES, { error: `must be one of ${EVENT_VISIBILITIES.join(", ")}` }),
  audience: tagList("audience"),
  attendanceModes: z.array(z.enum(ATTENDANCE_MODES, { error: `each must be one of ${ATTENDANCE_MODES.join(", ")}` }), { error: "must be a list" }).max(5),
  capacity: z.number({ error: "must be a whole number from 1 to 1000000" }).int("must be a whole number from 1 to 1000000").min(1, "must be a whole number from 1 to 1000000").max(1_000_000, "must be a whole number from 1 to 1000000"),
  organizer: printableText(120),
  imageUrl: z.union([httpsUrl, z.string().regex(/^\/[A-Za-z0-9._~/-]{1,300}$/)], { error: "must be an http(s) URL or a path on this site" }),
  registrationUrl: httpsUrl,
  location: z
    .object(
      {
        name: printableText(200),
        address: printableText(300),
        coordinates: z
          .object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }, { error: "must be { latitude, longitude }" })
          .strict()
          .optional(),
      },
      { error: "must be { name, address, coordinates? }" },
    )
    .strict(),
  tags: tagList("tag"),
};

/** POST /api/v1/admin/events: a new event, always a DRAFT until published. */
export const createEventBodySchema = z
  .object({
    title: eventFields.title,
    slug: eventFields.slug.optional(),
    description: eventFields.description.default(""),
    eventType: eventFields.eventType,
    serviceType: eventFields.serviceType.optional(),
    startDate: eventFields.startDate,
    startTime: eventFields.startTime,
    endDate: eventFields.endDate,
    endTime: eventFields.endTime,
    timezone: eventFields.timezone,
    ministryId: eventFields.ministryId.optional(),
    campusId: eventFields.campusId.optional(),
    seriesId: eventFields.seriesId.optional(),
    visibility: eventFields.visibility.default("public"),
    audience: eventFields.audience.default([]),
    attendanceModes: eventFields.attendanceModes.default([]),
    capacity: eventFields.capacity.optional(),
    organizer: eventFields.organizer.optional(),
    imageUrl: eventFields.imageUrl.optional(),
    registrationUrl: eventFields.registrationUrl.optional(),
    location: eventFields.location.optional(),
    tags: eventFields.tags.default([]),
  })
  .strict()
  .meta({ id: "CreateEventBody" });
export type CreateEventBody = z.output<typeof createEventBodySchema>;
export type CreateEventInput = z.input<typeof createEventBodySchema>;

/** PATCH /api/v1/admin/events/{id}: the fields to change; `null` clears an optional one. Status has its own routes. */
export const updateEventBodySchema = z
  .object({
    title: eventFields.title.optional(),
    slug: eventFields.slug.optional(),
    description: eventFields.description.optional(),
    eventType: eventFields.eventType.optional(),
    serviceType: eventFields.serviceType.nullable().optional(),
    startDate: eventFields.startDate.optional(),
    startTime: eventFields.startTime.optional(),
    endDate: eventFields.endDate.optional(),
    endTime: eventFields.endTime.optional(),
    timezone: eventFields.timezone.optional(),
    ministryId: eventFields.ministryId.nullable().optional(),
    campusId: eventFields.campusId.nullable().optional(),
    seriesId: eventFields.seriesId.nullable().optional(),
    visibility: eventFields.visibility.optional(),
    audience: eventFields.audience.optional(),
    attendanceModes: eventFields.attendanceModes.optional(),
    capacity: eventFields.capacity.nullable().optional(),
    organizer: eventFields.organizer.nullable().optional(),
    imageUrl: eventFields.imageUrl.nullable().optional(),
    registrationUrl: eventFields.registrationUrl.nullable().optional(),
    location: eventFields.location.nullable().optional(),
    tags: eventFields.tags.optional(),
  })
  .strict()
  // Only when the body is otherwise valid: an unknown field is the one problem to name.
  .refine((body) => Object.keys(body).length > 0, { message: "the body must change at least one field", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "UpdateEventBody" });
export type UpdateEventBody = z.output<typeof updateEventBodySchema>;

/** The status changes staff make, and the statuses each may start from. */
export const EVENT_STATUS_CHANGES = {
  publish: { to: "SCHEDULED", from: ["DRAFT", "SCHEDULED", "POSTPONED", "CANCELLED"] },
  cancel: { to: "CANCELLED", from: ["SCHEDULED", "ACTIVE", "POSTPONED", "CANCELLED"] },
  postpone: { to: "POSTPONED", from: ["SCHEDULED", "ACTIVE", "POSTPONED"] },
} as const satisfies Record<string, { to: (typeof EVENT_STATUSES)[number]; from: readonly (typeof EVENT_STATUSES)[number][] }>;
export type EventStatusChange = keyof typeof EVENT_STATUS_CHANGES;

const placeQuery = (id: string) =>
  listQuery(id, { sort: ["name", "createdAt"] as const, defaultSort: "name", search: "Words of the name.", extra: {} });
export const adminMinistriesQuerySchema = placeQuery("AdminMinistriesQuery");
export const adminCampusesQuerySchema = placeQuery("AdminCampusesQuery");
export type AdminPlaceQuery = z.output<typeof adminMinistriesQuerySchema>;

export const AdminMinistrySchema = z.object({ id: z.string(), name: z.string(), event_count: z.number().int(), created_at: z.iso.datetime() }).meta({ id: "AdminMinistry" });
export type AdminMinistry = z.infer<typeof AdminMinistrySchema>;
export const AdminMinistryPageSchema = pageOf(AdminMinistrySchema, "AdminMinistryPage");
export const AdminCampusSchema = z
  .object({ id: z.string(), name: z.string(), timezone: z.string(), event_count: z.number().int(), created_at: z.iso.datetime() })
  .meta({ id: "AdminCampus" });
export type AdminCampus = z.infer<typeof AdminCampusSchema>;
export const AdminCampusPageSchema = pageOf(AdminCampusSchema, "AdminCampusPage");

export const createMinistryBodySchema = z.object({ name: printableText(120) }).strict().meta({ id: "CreateMinistryBody" });
export const createCampusBodySchema = z.object({ name: printableText(120), timezone: eventFields.timezone }).strict().meta({ id: "CreateCampusBody" });

/** PATCH /api/v1/admin/ministries/{id}: a new name. */
export const updateMinistryBodySchema = z.object({ name: printableText(120) }).strict().meta({ id: "UpdateMinistryBody" });
/** PATCH /api/v1/admin/campuses/{id}: a new name or time zone (its events keep their own). */
export const updateCampusBodySchema = z
  .object({ name: printableText(120).optional(), timezone: eventFields.timezone.optional() })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "the body must change at least one field", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "UpdateCampusBody" });
