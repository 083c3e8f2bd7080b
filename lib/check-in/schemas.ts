import { z } from "zod";

/** The check-in API's bodies and answers (docs/decisions/0023). Pure zod: pages and routes share it. */

const uuid = z.string().uuid("must be an id");
const eventId = z.string().min(1).max(100, "must be an event id");

/** What a parent's pickup tag's QR holds before its random part (lib/check-in/pickup-tag.ts); the kiosk page tells a tag from a member's code by it. */
export const PICKUP_TAG_PREFIX = "PICKUP-";

const memberCode = z.string().min(10).max(2000);
/** A scanned pickup tag (`PICKUP-` and 16 base32 characters); anything else is refused as an unknown tag. */
const pickupTag = z.string().min(1).max(100);
const checkInIds = z.array(uuid).min(1).max(10);

/** POST /api/v1/kiosk/phone-checks: a mobile number, with its country code, to text a code to. */
export const startPhoneCheckBodySchema = z.object({ phone: z.string().min(1).max(40) }).strict();
export type StartPhoneCheckBody = z.infer<typeof startPhoneCheckBodySchema>;

/** POST /api/v1/kiosk/households: a scanned member code or card, or the phone check's texted code. */
export const findHouseholdBodySchema = z.union([
  z.object({ member_code: memberCode }).strict(),
  z.object({ phone_check_id: uuid, code: z.string().regex(/^\d{6}$/, "must be the 6 digits of the text") }).strict(),
]);
export type FindHouseholdBody = z.infer<typeof findHouseholdBodySchema>;

export const kioskCheckInBodySchema = z
  .object({
    /** The household search's proof that the adult is at this tablet. */
    presence: z.string().min(1).max(2000),
    guardian_id: uuid,
    children: z.array(z.object({ child_id: uuid, event_id: eventId }).strict()).min(1).max(10),
  })
  .strict();
export type KioskCheckInBody = z.infer<typeof kioskCheckInBodySchema>;

/** POST /api/v1/kiosk/pickups: who this pickup tag, or this adult, may collect now. */
export const kioskPickupBodySchema = z.union([z.object({ pickup_tag: pickupTag }).strict(), z.object({ member_code: memberCode }).strict()]);
export type KioskPickupBody = z.infer<typeof kioskPickupBodySchema>;

/** POST /api/v1/kiosk/check-outs: the same credential again, and which of those children go home now. */
export const kioskCheckOutBodySchema = z.union([
  z.object({ pickup_tag: pickupTag, check_in_ids: checkInIds }).strict(),
  z.object({ member_code: memberCode, check_in_ids: checkInIds }).strict(),
]);
export type KioskCheckOutBody = z.infer<typeof kioskCheckOutBodySchema>;

/**
 * POST /kiosk/sign-out (the kiosk page's own route, not the API): what a check-in volunteer scanned to sign the
 * tablet out, their own rotating member code (docs/decisions/0023, "Signing a kiosk out").
 */
export const kioskSignOutBodySchema = z.object({ volunteer_code: z.string().min(1).max(2000) }).strict();
export type KioskSignOutBody = z.infer<typeof kioskSignOutBodySchema>;

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
  /** The event's IANA time zone: the kiosk shows its times there (decision 0004), never in the tablet's. */
  timezone: z.string(),
  capacity: z.number().int().nullable(),
  /** People checked in and not yet checked out (undone check-ins never count). */
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

/** A household search's answer: first names only, and the proof of presence that checking in needs. */
export const HouseholdSearchSchema = z.object({ households: z.array(HouseholdSchema), presence: z.string() });
export type HouseholdSearch = z.infer<typeof HouseholdSearchSchema>;

/** A phone check started: the code is texted if the number is a household's; the kiosk cannot tell. */
export const PhoneCheckSchema = z.object({ id: z.string(), expires_in: z.number().int() });
export type PhoneCheck = z.infer<typeof PhoneCheckSchema>;

/** A child a pickup tag or an adult may collect now, with the code on the child's label for the volunteer to compare. */
export const PickupChildSchema = z.object({
  check_in_id: z.string(),
  person_id: z.string(),
  given_name: z.string(),
  event_id: z.string(),
  event_title: z.string(),
  security_code: z.string().nullable(),
});
export type PickupChild = z.infer<typeof PickupChildSchema>;
export const PickupSchema = z.object({
  children: z.array(PickupChildSchema),
  /** Children checked in here whom this adult is marked NOT authorized to collect: the kiosk says so for the volunteer. */
  refused: z.array(z.object({ given_name: z.string(), reason: z.literal("not_authorized") })),
});
export type Pickup = z.infer<typeof PickupSchema>;

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

/** A kiosk check-in's answer: each child's check-in, and the pickup tag's secret (printed once, as its QR code). */
export const KioskCheckInSchema = z.object({ check_ins: z.array(CheckInSchema), pickup_tag: z.string().nullable() });
export type KioskCheckIn = z.infer<typeof KioskCheckInSchema>;

export const AttendanceSchema = z.object({
  event_id: z.string(),
  title: z.string(),
  capacity: z.number().int().nullable(),
  checked_in: z.number().int(),
  present: z.number().int(),
  children_present: z.number().int(),
  check_ins: z.array(CheckInSchema.extend({ family_name: z.string(), undone: z.boolean() })),
  /** What the campus's kiosks refused today that staff should see (docs/decisions/0023, "Limits and alerts"), newest first. */
  kiosk_alerts: z.array(
    z.object({
      id: z.string(),
      kind: z.enum(["unknown_pickup_tag", "invalid_member_code", "wrong_phone_code", "not_authorized", "already_checked_in"]),
      at: z.string(),
      kiosk_name: z.string(),
      /** The tablet, as staff recognise it: when it was set up and by whom. */
      tablet: z.object({ set_up_at: z.string().nullable(), set_up_by: z.string().nullable() }),
      child_given_name: z.string().nullable(),
    }),
  ),
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
