import { z } from "zod";
import { listQuery, pageOf } from "../staff-lists/schemas.ts";

/**
 * Accounts and roles as staff see and change them under /api/v1/admin (docs/decisions/0017). Pure zod,
 * shared by the routes and the OpenAPI document. No schema here has a field for a password hash, a TOTP
 * secret or a code: they cannot be answered by accident.
 */

export const USER_STATUSES = ["active", "disabled"] as const;
export const adminUsersQuerySchema = listQuery("AdminUsersQuery", {
  sort: ["email", "familyName", "createdAt"] as const,
  defaultSort: "familyName",
  search: "Part of the email address or the name.",
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
