import { z } from "zod";
import { parsePhoneNumber } from "../contacts/phone-number.ts";
import { listQuery, pageOf, printableText } from "../staff-lists/schemas.ts";

/**
 * The church's membership register and members' link requests as staff see and decide them under
 * /api/v1/admin (docs/decisions/0017). Pure zod, shared by the routes, the OpenAPI document and the /admin
 * pages. Staff see names and contacts on file: it is their own register.
 */

export const adminMembershipRecordsQuerySchema = listQuery("AdminMembershipRecordsQuery", {
  sort: ["familyName", "createdAt"] as const,
  defaultSort: "familyName",
  search: "Part of the name, email address or phone number.",
  extra: { linked: z.enum(["true", "false"], { error: "must be true or false" }).optional().meta({ description: "Only linked (true) or unlinked (false) records." }) },
});
export type AdminMembershipRecordsQuery = z.output<typeof adminMembershipRecordsQuerySchema>;

const CampusRefSchema = z.object({ id: z.string(), name: z.string() }).nullable();
/** How the register records a gender (an import reads F, M, Female, Male, Woman and Man into these). */
export const RECORD_GENDERS = ["female", "male"] as const;

export const AdminMembershipRecordSchema = z
  .object({
    membership_id: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    birth_date: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    household_id: z.string().nullable(),
    middle_name: z.string().nullable(),
    nickname: z.string().nullable().meta({ description: "The name the person goes by." }),
    gender: z.enum(RECORD_GENDERS).nullable().meta({ description: "As recorded; null when not known." }),
    address: z.string().nullable().meta({ description: "The home address, as one line." }),
    household_name: z.string().nullable().meta({ description: "The household's name as the system it was imported from wrote it." }),
    remote_id: z.string().nullable().meta({ description: "The person's id in the system the register was imported from: a re-import matches by it." }),
    campus: CampusRefSchema,
    linked_user_id: z.string().nullable(),
    linked_at: z.iso.datetime().nullable(),
    linked_account: z
      .object({ id: z.string(), email: z.string().nullable(), given_name: z.string(), family_name: z.string() })
      .nullable()
      .meta({ description: "The account linked to the record (the member who proved it is theirs, or whom staff linked), or null." }),
  })
  .meta({ id: "AdminMembershipRecord", description: "A register record as the church office keeps it." });
export type AdminMembershipRecord = z.infer<typeof AdminMembershipRecordSchema>;
export const AdminMembershipRecordPageSchema = pageOf(AdminMembershipRecordSchema, "AdminMembershipRecordPage");

/** The oldest birth date the register takes; the newest is today. */
export const EARLIEST_BIRTH_DATE = "1900-01-01";
export const PHONE_MESSAGE = "must be a phone number with its country code, like +14155550123";
export const EMAIL_MESSAGE = "must be an email address";
const BIRTH_DATE_MESSAGE = "must be a date from 1900 to today, YYYY-MM-DD";

const recordEmail = z
  .string({ error: EMAIL_MESSAGE })
  .trim()
  .toLowerCase()
  .max(254, EMAIL_MESSAGE)
  .pipe(z.email({ error: EMAIL_MESSAGE }))
  .nullable()
  .meta({ description: "The address on file (lower-cased); codes for claiming the record go here. null: none." });
const recordPhone = z
  .string({ error: PHONE_MESSAGE })
  .max(40, PHONE_MESSAGE)
  .refine((value) => parsePhoneNumber(value) !== null, PHONE_MESSAGE)
  .transform((value) => parsePhoneNumber(value)!.e164)
  .nullable()
  .meta({ description: "E.164, a number that can exist in its country; spaces, dots, dashes and brackets are dropped. null: none." });
const recordBirthDate = z
  .string({ error: BIRTH_DATE_MESSAGE })
  .pipe(z.iso.date({ error: BIRTH_DATE_MESSAGE }))
  .refine((value) => value >= EARLIEST_BIRTH_DATE && value <= new Date().toISOString().slice(0, 10), BIRTH_DATE_MESSAGE)
  .nullable()
  .meta({ description: "YYYY-MM-DD, from 1900 to today; null: unknown." });

/** PATCH /api/v1/admin/membership/records/{id}: only the fields sent change; null clears an optional one. */
export const updateMembershipRecordBodySchema = z
  .object({
    given_name: printableText(100).optional(),
    family_name: printableText(100).optional(),
    birth_date: recordBirthDate.optional(),
    email: recordEmail.optional(),
    phone: recordPhone.optional(),
    household_id: printableText(64).nullable().optional().meta({ description: "The register's own household number; records of one household share it." }),
    middle_name: printableText(100).nullable().optional(),
    nickname: printableText(100).nullable().optional().meta({ description: "The name the person goes by; null: none." }),
    gender: z.enum(RECORD_GENDERS, { error: `must be one of ${RECORD_GENDERS.join(", ")}, or null` }).nullable().optional(),
    address: printableText(300).nullable().optional().meta({ description: "The home address as one line; null: none." }),
    campus_id: z.string({ error: "must be a campus id" }).max(64, "no such campus").nullable().optional().meta({ description: "A campus's id; null: none." }),
  })
  .strict()
  // Only when the body is otherwise valid: an unknown field is the one problem to name.
  .refine((body) => Object.keys(body).length > 0, { message: "the body must change at least one field", when: (payload) => payload.issues.length === 0 })
  .meta({ id: "UpdateMembershipRecordBody" });
export type UpdateMembershipRecordBody = z.output<typeof updateMembershipRecordBodySchema>;
export type UpdateMembershipRecordInput = z.input<typeof updateMembershipRecordBodySchema>;

export const SUGGESTION_STATUSES = ["pending", "approved", "rejected", "closed"] as const;
export const adminSuggestionsQuerySchema = listQuery("AdminMembershipSuggestionsQuery", {
  sort: ["createdAt"] as const,
  defaultSort: "createdAt",
  search: "Part of the member's or the record's name or email address.",
  extra: {
    status: z
      .enum(SUGGESTION_STATUSES, { error: `must be one of ${SUGGESTION_STATUSES.join(", ")}` })
      .default("pending")
      .meta({ description: "Requests in this status; default `pending`." }),
  },
});
export type AdminSuggestionsQuery = z.output<typeof adminSuggestionsQuerySchema>;

export const AdminMembershipSuggestionSchema = z
  .object({
    id: z.string(),
    status: z.enum(SUGGESTION_STATUSES),
    created_at: z.iso.datetime(),
    decided_at: z.iso.datetime().nullable(),
    member: z.object({ id: z.string(), email: z.string().nullable(), given_name: z.string(), family_name: z.string(), birth_date: z.string().nullable() }),
    record: z.object({
      membership_id: z.string(),
      given_name: z.string(),
      family_name: z.string(),
      birth_date: z.string().nullable(),
      campus: CampusRefSchema,
      linked: z.boolean().meta({ description: "Already linked to an account (this member's or another's)." }),
    }),
  })
  .meta({ id: "AdminMembershipSuggestion", description: "A member's request that staff link a register record to their account." });
export type AdminMembershipSuggestion = z.infer<typeof AdminMembershipSuggestionSchema>;
export const AdminMembershipSuggestionPageSchema = pageOf(AdminMembershipSuggestionSchema, "AdminMembershipSuggestionPage");
