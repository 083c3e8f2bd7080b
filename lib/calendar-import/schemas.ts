import { z } from "zod";
import { EVENT_TYPES } from "../calendar/schemas.ts";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";
import { CALENDAR_IMPORT_STATUSES, CALENDAR_MAX_BYTES } from "./calendar-import-rules.ts";

/**
 * The calendar import's API (issue 40, part 2): pure zod, shared by the routes, the OpenAPI document and the
 * events page's import. Field names follow the people import's.
 */

const MB = CALENDAR_MAX_BYTES / 1024 / 1024;

/** A calendar's address as people copy it: https, http or webcal (Apple's and Outlook's name for it). */
const calendarAddressSchema = z
  .string()
  .trim()
  .max(2000, "must be at most 2,000 characters")
  .transform((value) => value.replace(/^webcals?:\/\//i, "https://"))
  .pipe(z.url({ protocol: /^https?$/, error: "must be the calendar's address, starting https://" }))
  .meta({ description: "The calendar's iCal address (https, or webcal as Apple and Outlook write it): Google Calendar's secret address in iCal format, for example." });

const audienceSchema = z.array(z.string().trim().min(1).max(40)).max(10).default([]);

export const createCalendarImportBodySchema = z
  .strictObject({
    file_name: z.string().trim().min(1).max(200).optional().meta({ description: "With `content`: the .ics file's name." }),
    content: z
      .string()
      .max(Math.ceil((CALENDAR_MAX_BYTES * 4) / 3) + 8, `the file must be at most ${MB} MB`)
      .regex(/^[A-Za-z0-9+/]*={0,2}$/, "must be the file's bytes in base64")
      .optional()
      .meta({ description: `An .ics file's bytes in base64, at most ${MB} MB.` }),
    address: calendarAddressSchema.optional(),
    event_type: z.enum(EVENT_TYPES, { error: `must be one of ${EVENT_TYPES.join(", ")}` }).meta({ description: "What the events are, unless a category of the source names another type." }),
    campus_id: z.string().max(40).nullable().default(null).meta({ description: "Their campus, unless a category names another." }),
    ministry_id: z.string().max(40).nullable().default(null).meta({ description: "Their ministry, unless a category names another." }),
    audience: audienceSchema,
    publish: z.boolean().default(true).meta({ description: "Put the events on the calendar at once (else they are drafts)." }),
    keep_in_sync: z.boolean().default(false).meta({ description: "With `address`: read it again every hour, so the source stays the calendar's truth." }),
  })
  .superRefine((body, ctx) => {
    if ((body.content === undefined) === (body.address === undefined)) ctx.addIssue({ code: "custom", path: ["content"], message: "give either content (an .ics file) or address, not both" });
    if (body.content !== undefined && body.file_name === undefined) ctx.addIssue({ code: "custom", path: ["file_name"], message: "the file's name is needed with its content" });
    if (body.keep_in_sync && body.address === undefined) ctx.addIssue({ code: "custom", path: ["keep_in_sync"], message: "only a calendar read from an address can be kept in sync" });
  })
  .meta({ id: "CreateCalendarImportBody" });
export type CreateCalendarImportBody = z.output<typeof createCalendarImportBodySchema>;

export const updateCalendarImportBodySchema = z
  .strictObject({ keep_in_sync: z.boolean().meta({ description: "Read the address again every hour, or stop." }) })
  .meta({ id: "UpdateCalendarImportBody" });

const CountsSchema = z
  .object({
    created: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    cancelled: z.number().int().meta({ description: "Events gone from the source, cancelled here (their sign-ups told)." }),
  })
  .meta({ id: "CalendarImportCounts" });
export type CalendarImportCounts = z.output<typeof CountsSchema>;

const SplitSchema = z.object({ title: z.string(), reason: z.string(), occurrences: z.number().int() }).meta({ id: "CalendarImportSplit" });
const ProblemSchema = z.object({ uid: z.string().nullable(), message: z.string() }).meta({ id: "CalendarImportProblem" });

export const CalendarPreviewSchema = CountsSchema.extend({
  events: z.number().int().meta({ description: "Source events in the import's window (a year ahead)." }),
  occurrences: z.number().int(),
  series: z.number().int().meta({ description: "Repeating events kept as a series." }),
  split: z.array(SplitSchema).meta({ description: "Repeating events brought in as single events, and why." }),
  problems: z.array(ProblemSchema).meta({ description: "Source events left out, and why (the first 200)." }),
}).meta({ id: "CalendarImportPreview" });
export type CalendarPreview = z.output<typeof CalendarPreviewSchema>;

export const CalendarImportSchema = z
  .object({
    id: z.uuid(),
    name: z.string().meta({ description: "The calendar's own name, else the file's or the address's host." }),
    source: z.enum(["file", "address"]),
    address_host: z.string().nullable().meta({ description: "The address's host; the address itself (perhaps a secret one) is never answered." }),
    event_type: z.enum(EVENT_TYPES),
    campus_id: z.string().nullable(),
    ministry_id: z.string().nullable(),
    audience: z.array(z.string()),
    publish: z.boolean(),
    keep_in_sync: z.boolean(),
    status: z.enum(CALENDAR_IMPORT_STATUSES).meta({ description: "`ready` (previewed), `done` (imported), `failed` (the last sync could not read the address)." }),
    preview: CalendarPreviewSchema,
    result: CountsSchema.nullable().meta({ description: "What the last import or sync did." }),
    last_error: z.string().nullable(),
    created_at: z.iso.datetime(),
    imported_at: z.iso.datetime().nullable(),
    synced_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "CalendarImport" });
export type CalendarImportAnswer = z.output<typeof CalendarImportSchema>;

export const CalendarImportPageSchema = pageOf(CalendarImportSchema.omit({ preview: true }).meta({ id: "CalendarImportSummary" }), "CalendarImportPage");
export const calendarImportsQuerySchema = listQuery("CalendarImportsQuery", { sort: ["createdAt", "name"] as const, defaultSort: "-createdAt", search: "Part of the calendar's name.", extra: {} });
export type CalendarImportsQuery = z.output<typeof calendarImportsQuerySchema>;
