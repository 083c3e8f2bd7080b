import { z } from "zod";
import { CheckInSchema } from "../check-in/schemas.ts";
import { PickupListSchema } from "../families/pickup-schemas.ts";
import { RegistrationSchema } from "../registrations/schemas.ts";
import { SecurityEventPageSchema, securityEventsQuerySchema } from "../security-log/schemas.ts";
import { MemberSessionSchema, RevokedOthersSchema } from "../sessions/schemas.ts";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";

/**
 * Accounts and roles as staff see and change them under /api/v1/admin (docs/decisions/0017). Pure zod,
 * shared by the routes and the OpenAPI document. No schema here has a field for a password hash, a TOTP
 * secret or a code: they cannot be answered by accident.
 */

export const USER_STATUSES = ["active", "disabled"] as const;

/**
 * The refusals of acting on an account more powerful than one's own (lib/users/assert-may-act-on-account.ts):
 * the step-up's description, and what follows `missing permission <names>` in the forbidden one. Here, pure,
 * so the OpenAPI document and the staff page can name them.
 */
export const SIGN_IN_AGAIN_FOR_ELEVATED_ACCOUNT = "sign in again to change an account that holds staff or volunteer permissions";
export const ELEVATED_ACCOUNT_FORBIDDEN_REASON = "changing an account needs every staff or volunteer permission it holds or is given";
export const adminUsersQuerySchema = listQuery("AdminUsersQuery", {
  sort: ["email", "familyName", "createdAt"] as const,
  defaultSort: "familyName",
  search:
    "Part of the email address or the name; or of the member's verified phone number, by its digits (`555 0123`, `(415) 555-0123`; a national " +
    "number's leading 0 is dropped, so `07700 900123` finds `+447700900123`).",
  extra: { status: z.enum(USER_STATUSES, { error: "must be active or disabled" }).optional().meta({ description: "Only active or only disabled accounts." }) },
});
export type AdminUsersQuery = z.output<typeof adminUsersQuerySchema>;

export const AdminUserSchema = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    email_verified: z.boolean(),
    given_name: z.string(),
    family_name: z.string(),
    phone_number: z.string().nullable().meta({ description: "The member's verified phone number (E.164); null when none is verified." }),
    roles: z.array(z.string()).meta({ description: "Role names, sorted." }),
    mfa_enabled: z.boolean().meta({ description: "A confirmed authenticator; never its secret." }),
    disabled_at: z.iso.datetime().nullable(),
    created_at: z.iso.datetime(),
  })
  .meta({ id: "AdminUser" });
export type AdminUser = z.infer<typeof AdminUserSchema>;
export const AdminUserPageSchema = pageOf(AdminUserSchema, "AdminUserPage");

export const setUserRolesBodySchema = z
  .object({
    roles: z
      .array(z.string({ error: "must be role names" }).regex(/^[a-z][a-z0-9_-]{0,39}$/, "must be role names"), { error: "must be a list of role names" })
      .max(20, "must hold at most 20 roles"),
  })
  .strict()
  .meta({ id: "SetUserRolesBody" });

export const rolesQuerySchema = listQuery("AdminRolesQuery", { sort: ["name"] as const, defaultSort: "name", search: "Part of the name.", extra: {} });
export const AdminRoleSchema = z
  .object({ name: z.string(), description: z.string(), permissions: z.array(z.string()), assignable: z.boolean().meta({ description: "False for `guardian`, which guardianships give." }) })
  .meta({ id: "AdminRole" });
export const AdminRolePageSchema = pageOf(AdminRoleSchema, "AdminRolePage");

/**
 * GET /api/v1/admin/users/{id}: the account, and what the office needs beside it on a member's profile. The
 * household needs `families:read` and the register's record `membership:read` too: a part the caller may not
 * read is absent (not null, which says there is none).
 */
export const AdminUserHouseholdSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(["adult", "child"]).meta({ description: "The member's place in it." }),
    member_count: z.number().int(),
  })
  .meta({ id: "AdminUserHousehold" });
export const AdminUserMembershipRecordSchema = z
  .object({
    membership_id: z.string(),
    given_name: z.string(),
    family_name: z.string(),
    birth_date: z.string().nullable(),
    campus: z.object({ id: z.string(), name: z.string() }).nullable(),
    linked_at: z.iso.datetime().nullable(),
  })
  .meta({ id: "AdminUserMembershipRecord", description: "The register record linked to the account (no contact details: the register's own page has them)." });
export const AdminUserDetailSchema = AdminUserSchema.extend({
  household: AdminUserHouseholdSchema.nullable().optional().meta({ description: "With `families:read`: the member's household, or null." }),
  membership_record: AdminUserMembershipRecordSchema.nullable()
    .optional()
    .meta({ description: "With `membership:read`: the register record linked to the account, or null." }),
}).meta({ id: "AdminUserDetail" });
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

/**
 * GET /api/v1/admin/users/{id}/participation: what a person's page shows beside the account. Each part needs its
 * own permission and is absent without it, as on the account's detail.
 */
export const AdminUserParticipationSchema = z
  .object({
    sign_ups: z
      .array(RegistrationSchema)
      .optional()
      .meta({ description: "With `events:read`: the person's sign-ups (cancelled ones too), the newest event first, at most 50." }),
    check_ins: z
      .array(CheckInSchema.omit({ label_notes: true }))
      .optional()
      .meta({ description: "With `attendance:read`: the person's check-ins, newest first, at most 50; an undone one is not listed." }),
    pickup: PickupListSchema.nullable()
      .optional()
      .meta({ description: "With `families:read`: for a child of a household, who may collect them and who may not; null for anyone else." }),
  })
  .meta({ id: "AdminUserParticipation" });
export type AdminUserParticipation = z.infer<typeof AdminUserParticipationSchema>;

/** GET /api/v1/admin/users/{id}/sessions: the member's live sessions, as the member's own list shows them (never a token). */
export const AdminUserSessionSchema = MemberSessionSchema.omit({ current: true }).meta({ id: "AdminUserSession" });
export type AdminUserSession = z.infer<typeof AdminUserSessionSchema>;
export const AdminUserSessionListSchema = z.object({ sessions: z.array(AdminUserSessionSchema) }).meta({ id: "AdminUserSessionList" });

/** GET /api/v1/admin/users/{id}/security-events: the member's own security log, the same page and cursor. */
export const adminUserSecurityEventsQuerySchema = securityEventsQuerySchema;
export const AdminUserSecurityEventPageSchema = SecurityEventPageSchema;

/** POST /api/v1/admin/users/{id}/sessions/end: how many live sessions ended. */
export const AdminEndedSessionsSchema = RevokedOthersSchema;
