import { z } from "zod";
import { parseContactValue } from "./contact-value.ts";
import { parsePhoneNumber } from "./phone-number.ts";

/**
 * Recovery contacts and phone verification as the self-service routes take and answer them
 * (interface.md 2.3, decisions.md part 3). Pure zod, shared by the routes, the OpenAPI document and the
 * portal's pages. A contact's full value is taken in, never answered: every answer carries it masked.
 */
export const RECOVERY_CONTACT_STATUS = { pending: "pending_verification", verified: "verified" } as const;
export type RecoveryContactStatus = (typeof RECOVERY_CONTACT_STATUS)[keyof typeof RECOVERY_CONTACT_STATUS];
export const CONTACT_CHANNELS = ["email", "phone"] as const;
/** At most this many recovery contacts per member (decisions.md part 3). */
export const MAX_RECOVERY_CONTACTS = 5;

const CONTACT_VALUE_MESSAGE = "must be an email address or a phone number in international format, like +14155550123";
const PHONE_MESSAGE = "must be a phone number in international format (E.164), like +14155550123";
const CODE_MESSAGE = "must be exactly 6 digits";

/** POST /api/v1/users/me/recovery-contacts: an email address or an E.164 number; the channel is inferred. */
export const createRecoveryContactBodySchema = z
  .object({
    value: z
      .string({ error: CONTACT_VALUE_MESSAGE })
      .max(254, CONTACT_VALUE_MESSAGE)
      .transform((input, context) => {
        const parsed = parseContactValue(input);
        if (!parsed) context.addIssue({ code: "custom", message: CONTACT_VALUE_MESSAGE });
        return parsed ?? { channel: "email" as const, value: "" };
      })
      .meta({ description: "An email address, or a phone number in E.164 (spaces, dashes and brackets between digits are ignored)." }),
  })
  .strict()
  .meta({ id: "CreateRecoveryContactBody" });
export type CreateRecoveryContactBody = z.output<typeof createRecoveryContactBodySchema>;

/** Verifying a contact or a phone: the 6-digit code sent to it. */
export const contactCodeBodySchema = z
  .object({ code: z.string({ error: CODE_MESSAGE }).regex(/^\d{6}$/, CODE_MESSAGE) })
  .strict()
  .meta({ id: "ContactCodeBody" });
export type ContactCodeBody = z.output<typeof contactCodeBodySchema>;

/** POST /api/v1/users/me/phone: the number to verify, in E.164. */
export const startPhoneVerificationBodySchema = z
  .object({
    phone: z
      .string({ error: PHONE_MESSAGE })
      .max(40, PHONE_MESSAGE)
      .transform((input, context) => {
        const parsed = parsePhoneNumber(input);
        if (!parsed) context.addIssue({ code: "custom", message: PHONE_MESSAGE });
        return parsed?.e164 ?? "";
      })
      .meta({ description: "The number in E.164, e.g. +14155550123 (spaces, dashes and brackets between digits are ignored)." }),
  })
  .strict()
  .meta({ id: "StartPhoneVerificationBody" });
export type StartPhoneVerificationBody = z.output<typeof startPhoneVerificationBodySchema>;

const maskedValue = z.string().meta({ description: "The address or number, masked (`j***@e***.org`, `+44********89`); never the full value." });

/** Recovery contact (after creation), and after a new code was sent: interface.md 2.3. */
export const RecoveryContactPendingSchema = z
  .object({ id: z.uuid(), status: z.literal(RECOVERY_CONTACT_STATUS.pending) })
  .meta({ id: "RecoveryContactPending" });
export type RecoveryContactPending = z.infer<typeof RecoveryContactPendingSchema>;

export const RecoveryContactVerifiedSchema = z
  .object({ id: z.uuid(), status: z.literal(RECOVERY_CONTACT_STATUS.verified) })
  .meta({ id: "RecoveryContactVerified" });
export type RecoveryContactVerified = z.infer<typeof RecoveryContactVerifiedSchema>;

/** Recovery contact (list item): interface.md's `id`, `channel`, masked `value`, plus its status and dates for the page. */
export const RecoveryContactSchema = z
  .object({
    id: z.uuid(),
    channel: z.enum(CONTACT_CHANNELS),
    value: maskedValue,
    status: z.enum([RECOVERY_CONTACT_STATUS.pending, RECOVERY_CONTACT_STATUS.verified]),
    created_at: z.iso.datetime(),
    /** Null until verified. */
    verified_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "RecoveryContact" });
export type RecoveryContact = z.infer<typeof RecoveryContactSchema>;

export const RecoveryContactListSchema = z
  .object({ contacts: z.array(RecoveryContactSchema).max(MAX_RECOVERY_CONTACTS) })
  .meta({ id: "RecoveryContactList" });
export type RecoveryContactList = z.infer<typeof RecoveryContactListSchema>;

/** DELETE answers the contact as it was, with `status: removed` (decisions.md part 2: DELETEs answer the changed record). */
export const RemovedRecoveryContactSchema = z
  .object({ id: z.uuid(), channel: z.enum(CONTACT_CHANNELS), value: maskedValue, status: z.literal("removed") })
  .meta({ id: "RemovedRecoveryContact" });
export type RemovedRecoveryContact = z.infer<typeof RemovedRecoveryContactSchema>;

/**
 * GET /api/v1/users/me/phone: the number a code was texted to and is still waiting for (not typed back, not
 * expired, tries left), masked as every contact in an answer is; null when none is. A page that is reloaded
 * after "Send a code" reads it to keep asking for that code.
 */
export const PhoneVerificationStateSchema = z
  .object({
    pending: z
      .object({
        phone_number: z.string().meta({ description: "The number the code went to, masked (`+44********89`); never the full number." }),
        expires_at: z.iso.datetime().meta({ description: "When the code stops working; a new one can be asked for with `POST /api/v1/users/me/phone`." }),
      })
      .nullable(),
  })
  .meta({ id: "PhoneVerificationState" });
export type PhoneVerificationState = z.infer<typeof PhoneVerificationStateSchema>;

/** Phone verification result (interface.md 2.3): true once the code matched, false for a wrong code. */
export const PhoneVerificationResultSchema = z.object({ verified: z.boolean() }).meta({ id: "PhoneVerificationResult" });
export type PhoneVerificationResult = z.infer<typeof PhoneVerificationResultSchema>;
