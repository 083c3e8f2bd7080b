import { z } from "zod";

/**
 * Shapes of the public calendar service (interface.md 2.1, 2.2, 4.1, 7.1; decisions.md 4). Pure zod: the
 * routes validate with them, the portal pages share them, and the OpenAPI document is generated from them.
 */

export const EVENT_TYPES = [
  "SERVICE",
  "CONFERENCE",
  "COURSE",
  "SPECIAL_EVENT",
  "PRAYER_CAMPAIGN",
  "LIFE_GROUP",
  "CAMP",
  "WORKSHOP",
] as const;
export const EVENT_STATUSES = ["DRAFT", "SCHEDULED", "ACTIVE", "COMPLETED", "CANCELLED", "POSTPONED"] as const;
export const EVENT_VISIBILITIES = ["public", "members", "private"] as const;
export const ATTENDANCE_MODES = ["QR_CODE", "RFID", "MANUAL", "SELF_CHECK_IN", "NONE"] as const;
/** Audiences the church uses today; the feed filter accepts any value (an unknown one gives an empty page). */
export const KNOWN_AUDIENCES = ["members", "newcomers", "youth", "children", "families", "adults", "seniors", "students", "women", "men"] as const;

export type EventType = (typeof EVENT_TYPES)[number];
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const CALENDAR_MESSAGES = {
  limit: "limit must be between 1 and 100",
  type: `type must be one of ${EVENT_TYPES.join(", ")}`,
  cursor: "cursor is invalid",
  eventIdMissing: "eventId missing",
  notFound: "event not found",
} as const;

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The most events one iCalendar subscription carries: about a year of a busy church's calendar. */
export const ICS_FEED_MAX_EVENTS = 1000;
const MAX_FILTER_LENGTH = 200;

/** Control characters (NUL above all, which PostgreSQL text cannot hold) never occur in ids, slugs or audiences. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f]/;

const filterValue = (name: string) =>
  z
    .string()
    .trim()
    .min(1, `${name} must not be empty`)
    .max(MAX_FILTER_LENGTH, `${name} must be at most ${MAX_FILTER_LENGTH} characters`)
    .refine((value) => !CONTROL_CHARACTERS.test(value), `${name} must not contain control characters`)
    .optional();

export const upcomingEventsQuerySchema = z
  .object({
    limit: z
      .string()
      .regex(/^\s*\d+\s*$/, CALENDAR_MESSAGES.limit)
      .transform(Number)
      .pipe(z.number().int({ error: CALENDAR_MESSAGES.limit, abort: true }).min(1, CALENDAR_MESSAGES.limit).max(MAX_PAGE_SIZE, CALENDAR_MESSAGES.limit))
      .optional()
      .meta({
        description: "Page size, an integer from 1 to 100.",
        // Sent as text, but an integer to every reader of the document: describe it as one.
        override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
          delete jsonSchema.pattern;
          Object.assign(jsonSchema, { type: "integer", minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE });
        },
      }),
    type: z.enum(EVENT_TYPES, { error: CALENDAR_MESSAGES.type }).optional().meta({ description: "Event category." }),
    ministryId: filterValue("ministryId").meta({ description: "Only events of this ministry." }),
    campusId: filterValue("campusId").meta({ description: "Only events at this campus." }),
    audience: filterValue("audience").meta({
      description: `Only events whose audience contains this value, e.g. ${KNOWN_AUDIENCES.slice(0, 3).join(", ")}.`,
    }),
    cursor: z
      .string()
      .min(1, CALENDAR_MESSAGES.cursor)
      .max(1000, CALENDAR_MESSAGES.cursor)
      .optional()
      .meta({ description: "The nextCursor of the previous page, sent back unchanged with the same filters." }),
  })
  .meta({ id: "UpcomingEventsQuery" });

export type UpcomingEventsQuery = z.output<typeof upcomingEventsQuerySchema>;
/** The filters a cursor is bound to. */
export type UpcomingEventsFilters = Pick<UpcomingEventsQuery, "type" | "ministryId" | "campusId" | "audience">;

const localDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ format: "date", example: "2026-12-06" });
const localTime = z.string().regex(/^\d{2}:\d{2}$/).meta({ example: "09:30" });

export const eventLocationSchema = z
  .object({
    name: z.string(),
    address: z.string(),
    coordinates: z.object({ latitude: z.number(), longitude: z.number() }).optional(),
  })
  .meta({ id: "EventLocation" });

export const calendarEventSchema = z
  .object({
    eventId: z.string().startsWith("evt_").meta({ example: "evt_4k2m9x7q1c" }),
    slug: z.string().meta({ example: "sunday-worship-2026-12-06-downtown" }),
    url: z.string().meta({ description: "Web path of the event page, relative to the app's origin.", example: "/calendar/sunday-worship-2026-12-06-downtown" }),
    title: z.string(),
    description: z.string().meta({ description: "Long text; may contain HTML markup. Sanitize before rendering." }),
    eventType: z.enum(EVENT_TYPES),
    serviceType: z.string().optional().meta({ description: "Service slot, only for services." }),
    startDate: localDate,
    startTime: localTime,
    endDate: localDate,
    endTime: localTime,
    timezone: z.string().meta({ description: "IANA time zone the local dates and times are in.", example: "America/New_York" }),
    ministryId: z.string().optional(),
    campusId: z.string().optional(),
    seriesId: z.string().optional(),
    status: z.enum(EVENT_STATUSES),
    visibility: z.enum(EVENT_VISIBILITIES).meta({ description: "Always `public` in this service." }),
    audience: z.array(z.string()),
    attendanceModes: z.array(z.enum(ATTENDANCE_MODES)),
    capacity: z.number().int().positive().optional().meta({ description: "Seat capacity, present only if capped." }),
    organizer: z.string().optional(),
    imageUrl: z.url().optional().meta({ description: "Stable artwork address; may be cached long-term." }),
    registrationUrl: z.url().optional(),
    location: eventLocationSchema.optional(),
    tags: z.array(z.string()),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "CalendarEvent", description: "Optional fields are omitted, never null." });

export type CalendarEvent = z.infer<typeof calendarEventSchema>;

export const upcomingFeedSchema = z
  .object({
    items: z.array(calendarEventSchema),
    nextCursor: z.string().nullable().meta({ description: "Opaque; null when there are no more pages." }),
  })
  .meta({ id: "UpcomingFeed" });

export type UpcomingFeed = z.infer<typeof upcomingFeedSchema>;

export const eventDetailSchema = z
  .object({
    event: calendarEventSchema,
    ministry: z.object({ ministryId: z.string(), name: z.string() }).optional(),
    campus: z.object({ campusId: z.string(), name: z.string() }).optional(),
  })
  .meta({ id: "EventDetail" });

export type EventDetail = z.infer<typeof eventDetailSchema>;

export const calendarErrorSchema = z
  .object({
    error: z.literal(true),
    message: z.string(),
    statusCode: z.number().int(),
    details: z.array(z.string()).optional(),
  })
  .meta({ id: "CalendarError" });

export type CalendarErrorBody = z.infer<typeof calendarErrorSchema>;

export const eventIdParamsSchema = z.object({
  eventId: z.string().trim().min(1, CALENDAR_MESSAGES.eventIdMissing).meta({ description: "The event id (evt_…) or its slug." }),
});
