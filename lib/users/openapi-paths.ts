import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse, jsonResponse } from "../openapi/responses.ts";
import { BODY_400, LIST_400, idPath, staffOperation } from "../openapi/staff-operations.ts";
import { ProfileSchema } from "./schemas.ts";
import {
  AdminRolePageSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  adminUsersQuerySchema,
  rolesQuerySchema,
  setUserRolesBodySchema,
} from "./staff-schemas.ts";

/**
 * The OpenAPI entries of the member's own profile and of accounts and roles as staff manage them, spread into
 * the document's paths by lib/openapi/document.ts.
 */

const userPath = idPath("The user id (UUID).");

/** GET /api/v1/users/me. */
export const profilePaths = {
  "/api/v1/users/me": {
    get: {
      tags: ["users"],
      operationId: "getMyProfile",
      summary: "The signed-in member's profile, as far as the token may see it",
      description:
        "Needs permission `profile:read`, and any scope: `id` always; `profile` adds the name, given and family name, locale and `updated_at`, " +
        "`email` the email and `email_verified`, `phone` the phone number and `phone_number_verified`; a token of a first-party client also gets " +
        "`roles`, `permissions`, `mfa_enabled` and `created_at`. A field the token may not see is absent; a value the account lacks is null.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The profile.", content: { "application/json": { schema: ProfileSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
  },
} satisfies ZodOpenApiPathsObject;

/** /api/v1/admin/users and /api/v1/admin/roles (docs/decisions/0017). */
export const staffUserPaths = {
  "/api/v1/admin/users": {
    get: staffOperation(
      "users:read",
      "adminListUsers",
      "Accounts, searched by email address or name",
      "`status` is `active` or `disabled`; sort by `familyName` (default), `email`, `createdAt`. Never a password hash, TOTP secret or code.",
      { "200": jsonResponse("One page of accounts.", AdminUserPageSchema), "400": LIST_400 },
      { query: adminUsersQuerySchema },
    ),
  },
  "/api/v1/admin/users/{id}": {
    get: staffOperation("users:read", "adminGetUser", "One account", "", { "200": jsonResponse("The account.", AdminUserSchema), "404": identityError("`not_found`: `user not found`.") }, { path: userPath }),
  },
  "/api/v1/admin/users/{id}/disable": {
    post: staffOperation(
      "users:write",
      "adminDisableUser",
      "Disable an account",
      "No body. The account can no longer sign in, and every session and grant it has is revoked: its refresh tokens die and its access tokens stop " +
        "working on these routes at once (third parties validating offline see it within 10 minutes). Disabling again: the same 200.",
      { "200": jsonResponse("The disabled account.", AdminUserSchema), "404": identityError("`not_found`: `user not found`."), "409": identityError("`conflict`: `you cannot disable your own account`.") },
      { path: userPath },
    ),
  },
  "/api/v1/admin/users/{id}/enable": {
    post: staffOperation("users:write", "adminEnableUser", "Enable a disabled account", "No body. The member may sign in again; ended sessions stay ended.", { "200": jsonResponse("The account.", AdminUserSchema), "404": identityError("`not_found`: `user not found`.") }, {
      path: userPath,
    }),
  },
  "/api/v1/admin/users/{id}/roles": {
    put: staffOperation(
      "roles:write",
      "adminSetUserRoles",
      "Set an account's roles",
      "The account holds exactly these roles afterwards; permissions change on its next call. `guardian` comes from guardianships: it cannot be sent and is kept as it is.",
      {
        "200": jsonResponse("The account with its roles.", AdminUserSchema),
        "400": BODY_400(", `roles: no role named …`, `roles: guardian comes from guardianships and cannot be assigned`"),
        "404": identityError("`not_found`: `user not found`."),
        "409": identityError("`conflict`: `you cannot take roles:write away from yourself`."),
      },
      { path: userPath, body: setUserRolesBodySchema },
    ),
  },
  "/api/v1/admin/roles": {
    get: staffOperation("users:read", "adminListRoles", "Every role and its permissions", "", { "200": jsonResponse("One page of roles.", AdminRolePageSchema), "400": LIST_400 }, { query: rolesQuerySchema }),
  },
} satisfies ZodOpenApiPathsObject;
