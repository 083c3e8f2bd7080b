import { z } from "zod";
import { EVENT_STATUSES } from "../calendar/schemas.ts";
import { createEventBodySchema, isExistingDate, updateEventBodySchema } from "../calendar/staff-schemas.ts";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";
import { MAX_OCCURRENCES, MONTH_WEEKS, SERIES_FREQUENCIES, WEEKDAYS } from "./recurrence.ts";

/**
 * Recurring series as staff manage them under /api/v1/admin/series (docs/decisions/0026). Pure zod, shared by
 * the routes, the OpenAPI document and the /admin pages.
 */

const untilField = z
  .string({ error: "must be a date YYYY-MM-DD" })
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: "must be a date YYYY-MM-DD", abort: true })
  .refine(isExistingDate, { error: "must be a date that exists", abort: true })
  .refine((value) => value <= "2999-12-31", "must be a date up to 2999-12-31")
  .meta({ format: "date" });

/** How a series repeats. */
export const repeatRuleSchema = z
  .object(
    {
      frequency: z.enum(SERIES_FREQUENCIES, { error: `must be one of ${SERIES_FREQUENCIES.join(", ")}` }).meta({ description: "WEEKLY on `weekdays`, or MONTHLY on the `monthWeek`th of `weekdays[0]`." }),
      interval: z
        .number({ error: "must be a whole number from 1 to 52" })
        .int("must be a whole number from 1 to 52")
        .min(1, "must be a whole number from 1 to 52")
        .max(52, "must be a whole number from 1 to 52")
        .default(1)
        .meta({ description: "Every n weeks (WEEKLY) or months (MONTHLY)." }),
      weekdays: z
        .array(z.enum(WEEKDAYS, { error: `each must be one of ${WEEKDAYS.join(", ")}` }), { error: "must be a list of weekdays" })
        .min(1, "must name at least one weekday")
        .max(7, "must name each weekday at most once")
        .refine((days) => new Set(days).size === days.length, "must name each weekday at most once")
        .meta({ description: "iCalendar weekday codes; exactly one for MONTHLY." }),
      monthWeek: z
        .union(MONTH_WEEKS.map((value) => z.literal(value)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<3>, z.ZodLiteral<4>, z.ZodLiteral<-1>], { error: "must be 1, 2, 3, 4 or -1 (the last)" })
        .optional()
        .meta({ description: "MONTHLY only: the first (1) to fourth (4) or the last (-1) weekday of the month." }),
      until: untilField.optional().meta({ description: "The last date an occurrence may fall on (inclusive), local to the series' zone." }),
      count: z
        .number({ error: `must be a whole number from 1 to ${MAX_OCCURRENCES}` })
        .int(`must be a whole number from 1 to ${MAX_OCCURRENCES}`)
        .min(1, `must be a whole number from 1 to ${MAX_OCCURRENCES}`)
        .max(MAX_OCCURRENCES, `must be a whole number from 1 to ${MAX_OCCURRENCES}`)
        .optional()
        .meta({ description: `How many occurrences, at most ${MAX_OCCURRENCES}.` }),
    },
    { error: "must be { frequency, interval?, weekdays, monthWeek?, until? | count? }" },
  )
  .strict()
  .superRefine((rule, ctx) => {
    if ((rule.until === undefined) === (rule.count === undefined)) ctx.addIssue({ code: "custom", path: ["until"], message: "give either until (a date) or count (a number of occurrences), not both" });
    if (rule.frequency === "MONTHLY") {
      if (rule.monthWeek === undefined) ctx.addIssue({ code: "custom", path: ["monthWeek"], message: "a MONTHLY series needs monthWeek (1 to 4, or -1 for the last)" });
      if (rule.weekdays.length !== 1) ctx.addIssue({ code: "custom", path: ["weekdays"], message: "a MONTHLY series repeats on exactly one weekday" });
      if (rule.interval > 12) ctx.addIssue({ code: "custom", path: ["interval"], message: "a MONTHLY series repeats at least once a year (interval 1 to 12)" });
    } else if (rule.monthWeek !== undefined) {
      ctx.addIssue({ code: "custom", path: ["monthWeek"], message: "only a MONTHLY series has monthWeek" });
    }
  })
  .meta({ id: "RepeatRule", description: `How a series repeats; it ends on a date or after a count, and has at most ${MAX_OCCURRENCES} dates.` });
export type RepeatRule = z.output<typeof repeatRuleSchema>;
export type RepeatRuleInput = z.input<typeof repeatRuleSchema>;

/**
 * POST /api/v1/admin/series: the first occurrence's event fields and the rule. Every occurrence is a DRAFT
 * until the series (or the occurrence) is published.
 */
export const createSeriesBodySchema = createEventBodySchema
  .omit({ slug: true, seriesId: true })
  .extend({ repeat: repeatRuleSchema })
  .strict()
  .meta({ id: "CreateSeriesBody", description: "The event fields of the series' first date (startDate is where the rule starts looking; endDate - startDate is each occurrence's length in days), and the rule." });
export type CreateSeriesBody = z.output<typeof createSeriesBodySchema>;
export type CreateSeriesInput = z.input<typeof createSeriesBodySchema>;

const shape = updateEventBodySchema.shape;

/**
 * PATCH /api/v1/admin/series/{id}: "edit all". The fields sent change on every occurrence still to come
 * that was not edited on its own; a new rule, start date or time moves them (docs/decisions/0026).
 */
export const updateSeriesBodySchema = z
  .object({
    title: shape.title,
    description: shape.description,
    eventType: shape.eventType,
    serviceType: shape.serviceType,
    ministryId: shape.ministryId,
    campusId: shape.campusId,
    visibility: shape.visibility,
    audience: shape.audience,
    attendanceModes: shape.attendanceModes,
    capacity: shape.capacity,
    organizer: shape.organizer,
    imageUrl: shape.imageUrl,
    registrationUrl: shape.registrationUrl,
    location: shape.location,
    tags: shape.tags,
    startDate: shape.startDate.meta({ description: "Where the rule starts looking for dates." }),
    startTime: shape.startTime,
    endTime: shape.endTime,
    endDayOffset: z
      .number({ error: "must be a whole number from 0 to 62" })
      .int("must be a whole number from 0 to 62")
      .min(0, "must be a whole number from 0 to 62")
      .max(62, "must be a whole number from 0 to 62")
      .optional()
      .meta({ description: "Days from an occurrence's start date to its end date (0: the same day)." }),
    timezone: shape.timezone,
    repeat: repeatRuleSchema.optional(),
  })
  .strict()
  .refine((body) => Object.keys(body).length > 0, { message: "the body must change at least one field", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "UpdateSeriesBody" });
export type UpdateSeriesBody = z.output<typeof updateSeriesBodySchema>;

export const SeriesOccurrenceSchema = z
  .object({
    eventId: z.string(),
    slug: z.string(),
    recurrenceDate: z.string().nullable().meta({ description: "The date the rule gave it (its RECURRENCE-ID at the series' start time); null once it no longer falls on the rule." }),
    startDate: z.string(),
    startTime: z.string(),
    endDate: z.string(),
    endTime: z.string(),
    status: z.enum(EVENT_STATUSES),
    override: z.boolean().meta({ description: "Edited on its own: edit all leaves it as it is." }),
  })
  .meta({ id: "SeriesOccurrence" });
export type SeriesOccurrence = z.infer<typeof SeriesOccurrenceSchema>;

export const AdminSeriesSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    repeat: z
      .object({
        frequency: z.enum(SERIES_FREQUENCIES),
        interval: z.number().int(),
        weekdays: z.array(z.enum(WEEKDAYS)),
        monthWeek: z.number().int().optional(),
        until: z.string().optional(),
        count: z.number().int().optional(),
      })
      .nullable()
      .meta({ description: "Null for a series without a rule (a plain group of events)." }),
    summary: z.string().nullable().meta({ description: 'The rule in plain language, e.g. "Every 2 weeks on Sunday, 12 times".' }),
    startDate: z.string().nullable(),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    endDayOffset: z.number().int(),
    timezone: z.string().nullable(),
    occurrences: z.array(SeriesOccurrenceSchema),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
  })
  .meta({ id: "AdminSeries" });
export type AdminSeries = z.infer<typeof AdminSeriesSchema>;

export const adminSeriesListQuerySchema = listQuery("AdminSeriesListQuery", {
  sort: ["title", "createdAt"] as const,
  defaultSort: "title",
  search: "Words of the title.",
  extra: {},
});
export type AdminSeriesListQuery = z.output<typeof adminSeriesListQuerySchema>;

/** A series as the staff list shows it: enough to find it and see what needs doing, without its dates. */
export const AdminSeriesListItemSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    summary: z.string().nullable().meta({ description: 'The rule in plain language, e.g. "Every 2 weeks on Sunday, 12 times"; null for a series without a rule.' }),
    timezone: z.string().nullable(),
    eventCount: z.number().int().meta({ description: "Its occurrences, past ones included." }),
    draftCount: z.number().int().meta({ description: "Occurrences still drafts: off the calendar until published." }),
    nextOccurrence: z
      .object({ eventId: z.string(), startDate: z.string(), startTime: z.string(), status: z.enum(EVENT_STATUSES) })
      .nullable()
      .meta({ description: "The first occurrence not yet ended, or null when every one has." }),
    createdAt: z.iso.datetime(),
  })
  .meta({ id: "AdminSeriesListItem" });
export type AdminSeriesListItem = z.infer<typeof AdminSeriesListItemSchema>;
export const AdminSeriesPageSchema = pageOf(AdminSeriesListItemSchema, "AdminSeriesPage");
