import { z } from "zod";

/** The check-in API's bodies and answers (docs/decisions/0023). Pure zod: pages and routes share it. */

const uuid = z.string().uuid("must be an id");
const eventId = z.string().min(1).max(100, "must be an event id");

export const findHouseholdBodySchema = z.union([
  z.object({ member_code: z.string().min(10).max(2000) }).strict(),
  z.object({ phone_last_four: z.string().regex(/^\d{4}$/, "must be exactly 4 digits") }).strict(),
]);
export type FindHouseholdBody = z.infer<typeof findHouseholdBodySchema>;

export const kioskCheckInBodySchema = z
  .object({
    guardian_id: uuid,
    children: z.array(z.object({ child_id: uuid, event_id: eventId }).strict()).min(1).max(10),
  })
  .strict();
export type KioskCheckInBody = z.infer<typeof kioskCheckInBodySchema>;

export const kioskCheckOutBodySchema = z.union([
  z.object({ event_id: eventId, security_code: z.string().min(1).max(12) }).strict(),
  z.object({ child_id: uuid, member_code: z.string().min(10).max(2000) }).strict(),
]);
export type KioskCheckOutBody = z.infer<typeof kioskCheckOutBodySchema>;

export const selfCheckInBodySchema = z.object({ event_id: eventId }).strict();
export const staffCheckInBodySchema = z.object({ person_id: uuid }).strict();

export const attendanceCsvQuerySchema = z
  .object({
    event_id: eventId.optional(),
    from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD").optional(),
    to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, "must be YYYY-MM-DD").optional(),
  })
  .strict()
  .refine((q) => Boolean(q.event_id) !== Boolean(q.from && q.to), { message: "give event_id, or from and to" });

export const OpenEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  capacity: z.number().int().nullable(),
  checked_in: z.number().int(),
  attendance_modes: z.array(z.string()),
  /** False for an event that has ended with children still checked in: listed for pickup only. */
  check_in_open: z.boolean(),
});
export type OpenEvent = z.infer<typeof OpenEventSchema>;

export const HouseholdSchema = z.object({
  family_id: z.string().nullable(),
  /** Whose code was scanned; absent after a phone search. */
  scanned_id: z.string().optional(),
  members: z.array(z.object({ id: z.string(), given_name: z.string(), role: z.enum(["adult", "child"]) })),
});
export type Household = z.infer<typeof HouseholdSchema>;

export const CheckInSchema = z.object({
  id: z.string(),
  event_id: z.string(),
  event_title: z.string(),
  person_id: z.string(),
  given_name: z.string(),
  security_code: z.string().nullable(),
  method: z.enum(["kiosk", "self", "staff"]),
  checked_in_at: z.string(),
  checked_out_at: z.string().nullable(),
  /** Allergies or notes, for the child's label only. */
  label_notes: z.string().nullable().optional(),
});
export type CheckIn = z.infer<typeof CheckInSchema>;

export const AttendanceSchema = z.object({
  event_id: z.string(),
  title: z.string(),
  capacity: z.number().int().nullable(),
  checked_in: z.number().int(),
  present: z.number().int(),
  children_present: z.number().int(),
  check_ins: z.array(CheckInSchema.extend({ family_name: z.string(), undone: z.boolean() })),
});
export type Attendance = z.infer<typeof AttendanceSchema>;

/** An event the member may check themselves in to now (GET /api/v1/users/me/check-in-events). */
export const SelfCheckInEventSchema = z.object({
  id: z.string(),
  title: z.string(),
  start_at: z.string(),
  end_at: z.string(),
  location_name: z.string().nullable(),
  capacity: z.number().int().nullable(),
  checked_in: z.number().int(),
  /** The member already has a check-in to it (present or checked out). */
  checked_in_by_me: z.boolean(),
});
export type SelfCheckInEvent = z.infer<typeof SelfCheckInEventSchema>;
export const SelfCheckInEventListSchema = z.object({ events: z.array(SelfCheckInEventSchema) });

/** A fresh member code (GET /api/v1/users/me/check-in-code). */
export const MemberCodeSchema = z.object({ code: z.string(), expires_at: z.string(), lifetime_seconds: z.number().int() });
export const CheckInListSchema = z.object({ check_ins: z.array(CheckInSchema) });

/** The member's household card as the API shows it: never its code, which is answered once, when issued. */
export const CheckInCardSchema = z.object({ id: z.string(), created_at: z.string(), last_used_at: z.string().nullable() });
export type CheckInCard = z.infer<typeof CheckInCardSchema>;
/** GET /api/v1/users/me/check-in-card: the live card, or null. */
export const CheckInCardStatusSchema = z.object({ card: CheckInCardSchema.nullable() });
/** POST /api/v1/users/me/check-in-card: the new card, its code (this once) and what is printed on it. */
export const IssuedCheckInCardSchema = z.object({
  card: CheckInCardSchema,
  code: z.string(),
  print: z.object({ church_name: z.string(), name: z.string(), household: z.array(z.string()) }),
});
export type IssuedCheckInCard = z.infer<typeof IssuedCheckInCardSchema>;
