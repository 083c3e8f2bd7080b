import { z } from "zod";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";

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
export const AdminMembershipRecordSchema = z
  .object({
    membership_id: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    birth_date: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    household_id: z.string().nullable(),
    campus: CampusRefSchema,
    linked_user_id: z.string().nullable(),
    linked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminMembershipRecord", description: "A register record as the church office keeps it." });
export type AdminMembershipRecord = z.infer<typeof AdminMembershipRecordSchema>;
export const AdminMembershipRecordPageSchema = pageOf(AdminMembershipRecordSchema, "AdminMembershipRecordPage");

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
