import { z } from "zod";

/**
 * Sign-up for events on this site (docs/decisions/0024): the member's and the staff's shapes. Pure zod,
 * shared by the routes, the OpenAPI document and the pages.
 */

export const REGISTRATION_STATUSES = ["registered", "waitlisted", "cancelled"] as const;
export type RegistrationStatus = (typeof REGISTRATION_STATUSES)[number];

/**
 * Whether an event takes sign-up now: `open`; `not_yet` (staff opened it from a later time); `closed` (its
 * window ended, by default when the event starts, or the event was cancelled or postponed); `off` (no
 * sign-up on this site: none, or only the external `registrationUrl`).
 */
export const REGISTRATION_STATES = ["open", "not_yet", "closed", "off"] as const;
export type RegistrationState = (typeof REGISTRATION_STATES)[number];

export const RegistrationSchema = z
  .object({
    id: z.uuid(),
    event_id: z.string(),
    event_title: z.string(),
    event_start_at: z.iso.datetime(),
    /** The event's page on this site. */
    event_url: z.string(),
    person_id: z.uuid(),
    given_name: z.string(),
    status: z.enum(REGISTRATION_STATUSES),
    /** 1 for the first in line; null unless waitlisted. */
    waitlist_position: z.number().int().positive().nullable(),
    registered_by: z.uuid().nullable(),
    created_at: z.iso.datetime(),
    promoted_at: z.iso.datetime().nullable(),
    cancelled_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "Registration" });
export type Registration = z.infer<typeof RegistrationSchema>;

export const RegistrationListSchema = z.object({ registrations: z.array(RegistrationSchema) }).meta({ id: "RegistrationList" });

/** Sign-up facts of one event, as anyone may see them on its page. */
export const RegistrationSummarySchema = z
  .object({
    state: z.enum(REGISTRATION_STATES),
    opens_at: z.iso.datetime().nullable(),
    closes_at: z.iso.datetime().nullable(),
    capacity: z.number().int().nullable(),
    registered: z.number().int(),
    /** Null when the event has no capacity. */
    spaces_left: z.number().int().nullable(),
    waitlist: z.boolean(),
    waitlisted: z.number().int(),
  })
  .meta({ id: "RegistrationSummary" });
export type RegistrationSummary = z.infer<typeof RegistrationSummarySchema>;

export const PERSON_RELATIONS = ["self", "child", "dependant"] as const;

/** GET /api/v1/users/me/events/{eventId}/registration: the event's sign-up and whom the member may sign up. */
export const EventRegistrationViewSchema = z
  .object({
    event_id: z.string(),
    event_title: z.string(),
    summary: RegistrationSummarySchema,
    people: z.array(
      z.object({
        person_id: z.uuid(),
        given_name: z.string(),
        relation: z.enum(PERSON_RELATIONS),
        registration: RegistrationSchema.nullable(),
      }),
    ),
  })
  .meta({ id: "EventRegistrationView" });
export type EventRegistrationView = z.infer<typeof EventRegistrationViewSchema>;

/** POST /api/v1/users/me/events/{eventId}/registration: the member and/or their household's children. */
export const registerBodySchema = z
  .object({
    person_ids: z
      .array(z.uuid({ error: "each must be a person's id" }), { error: "must be a list of people's ids" })
      .min(1, "must name at least one person")
      .max(12, "must name at most 12 people")
      .refine((ids) => new Set(ids).size === ids.length, "must not name a person twice"),
  })
  .strict()
  .meta({ id: "RegisterBody" });
export type RegisterBody = z.infer<typeof registerBodySchema>;

/** GET /api/v1/admin/events/{id}/registration and the body of its PUT. */
const instant = z.iso.datetime({ offset: true, error: "must be an ISO 8601 date-time with a time zone" });
export const registrationSettingsBodySchema = z
  .object({
    open: z.boolean({ error: "must be true or false" }),
    opens_at: instant.nullable().default(null),
    closes_at: instant.nullable().default(null),
    waitlist: z.boolean({ error: "must be true or false" }).default(false),
  })
  .strict()
  .refine((body) => !body.opens_at || !body.closes_at || new Date(body.opens_at) < new Date(body.closes_at), { message: "closes_at: must be after opens_at", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "RegistrationSettingsBody" });
export type RegistrationSettingsBody = z.output<typeof registrationSettingsBodySchema>;

export const AdminEventRegistrationsSchema = z
  .object({
    event_id: z.string(),
    event_title: z.string(),
    settings: z.object({ open: z.boolean(), opens_at: z.iso.datetime().nullable(), closes_at: z.iso.datetime().nullable(), waitlist: z.boolean() }),
    summary: RegistrationSummarySchema,
    /** Live registrations: places first, then the waitlist in order. */
    registrations: z.array(RegistrationSchema.extend({ family_name: z.string() })),
  })
  .meta({ id: "AdminEventRegistrations" });
export type AdminEventRegistrations = z.infer<typeof AdminEventRegistrationsSchema>;
