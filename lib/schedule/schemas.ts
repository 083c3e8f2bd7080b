import { z } from "zod";
import { calendarEventSchema } from "../calendar/schemas.ts";
import { RegistrationSchema } from "../registrations/schemas.ts";

/**
 * "My schedule" (docs/decisions/0025): what the member's household signed up for, and upcoming events whose
 * audience matches the household. Pure zod, shared by the routes, the OpenAPI document and the page.
 */

/** The audiences a household can match, and the rule of each (household-audiences.ts). */
export const SCHEDULE_AUDIENCES = ["families", "children", "youth"] as const;
export type ScheduleAudience = (typeof SCHEDULE_AUDIENCES)[number];

export const MatchedAudienceSchema = z.object({
  audience: z.enum(SCHEDULE_AUDIENCES),
  /** Who in the household makes it match: the first names of the children or dependants. */
  given_names: z.array(z.string()),
});
export type MatchedAudience = z.infer<typeof MatchedAudienceSchema>;

export const ScheduleSchema = z
  .object({
    /** Events someone of the household holds a place at or waits for, soonest first, each with those sign-ups. */
    registered: z.array(z.object({ event: calendarEventSchema, registrations: z.array(RegistrationSchema) })),
    /** The audiences the household matches, and because of whom. */
    audiences: z.array(MatchedAudienceSchema),
    /** Public and members' events of the next 14 days for one of those audiences that nobody of the household signed up for, soonest first. */
    suggested: z.array(z.object({ event: calendarEventSchema, audiences: z.array(z.enum(SCHEDULE_AUDIENCES)) })),
  })
  .meta({ id: "Schedule" });
export type Schedule = z.infer<typeof ScheduleSchema>;

/** The member's private feed as the API shows it: never its URL, which is answered once, when it is made. */
export const ScheduleFeedSchema = z.object({ id: z.uuid(), created_at: z.iso.datetime(), last_used_at: z.iso.datetime().nullable() });
export type ScheduleFeed = z.infer<typeof ScheduleFeedSchema>;

/** GET and DELETE /api/v1/users/me/schedule-feed: the live feed, or null. */
export const ScheduleFeedStatusSchema = z.object({ feed: ScheduleFeedSchema.nullable() }).meta({ id: "ScheduleFeedStatus" });

/** POST /api/v1/users/me/schedule-feed: the new feed and its URL, this once. */
export const IssuedScheduleFeedSchema = z
  .object({
    feed: ScheduleFeedSchema,
    /** https (or http on a local install) address for calendar apps. */
    url: z.url(),
    /** The same address as webcal://, which phones open in their calendar app. */
    webcal_url: z.string(),
  })
  .meta({ id: "IssuedScheduleFeed" });
export type IssuedScheduleFeed = z.infer<typeof IssuedScheduleFeedSchema>;
