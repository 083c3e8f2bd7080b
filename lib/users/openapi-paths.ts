import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse, jsonResponse } from "../openapi/responses.ts";
import { BODY_400, LIST_400, idPath, staffOperation } from "../openapi/staff-operations.ts";
import { ProfileSchema } from "./schemas.ts";
import {
  AdminEndedSessionsSchema,
  AdminRolePageSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  AdminUserSecurityEventPageSchema,
  AdminUserSessionListSchema,
  adminUserSecurityEventsQuerySchema,
  adminUsersQuerySchema,
  rolesQuerySchema,
  ELEVATED_ACCOUNT_FORBIDDEN_REASON,
  setUserRolesBodySchema,
} from "./staff-schemas.ts";

/**
 * The OpenAPI entries of the member's own profile and of accounts and roles as staff manage them, spread into
 * the document's paths by lib/openapi/document.ts.
 */

const userPath = idPath("The user id (UUID).");

/** Acting on a more powerful account (lib/users/assert-may-act-on-account.ts, docs/decisions/0018). */
const ELEVATED_ACCOUNT_RULE =
  "An account that holds staff or volunteer permissions (any staff permission, or `attendance:kiosk`) may be acted on only by someone who holds every one of them, " +
  "after a sign-in of the last 10 minutes.";
const ELEVATED_ACCOUNT_403 = `Or \`missing permission <names>: ${ELEVATED_ACCOUNT_FORBIDDEN_REASON}\`, naming each staff or volunteer permission the account holds (or, setting roles, is given) that the caller lacks.`;

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
      "Accounts, searched by email address, name or phone number",
      "`q` matches part of the email address or the name, or, when it looks like a phone number (digits, spaces, `+`, `-`, `.`, brackets; 3 digits or more), " +
        "the digits of the member's verified phone number. `status` is `active` or `disabled`; sort by `familyName` (default), `email`, `createdAt`. " +
        "Never a password hash, TOTP secret or code.",
      { "200": jsonResponse("One page of accounts.", AdminUserPageSchema), "400": LIST_400 },
      { query: adminUsersQuerySchema },
    ),
  },
  "/api/v1/admin/users/{id}": {
    get: staffOperation(
      "users:read",
      "adminGetUser",
      "One account, with its household and register record",
      "The account as the list answers it; with `families:read` also `household` (the member's household and their place in it, or null), with " +
        "`membership:read` also `membership_record` (the register record linked to the account, or null). A part the caller may not read is absent.",
      { "200": jsonResponse("The account.", AdminUserDetailSchema), "404": identityError("`not_found`: `user not found`.") },
      { path: userPath },
    ),
  },
  "/api/v1/admin/users/{id}/sessions": {
    get: staffOperation(
      "users:read",
      "adminListUserSessions",
      "Where a member is signed in",
      "The member's live sessions, the last used first: device and browser (from the User-Agent), IP, when each began, was last used and ends. Never a token.",
      { "200": jsonResponse("Live sessions.", AdminUserSessionListSchema), "404": identityError("`not_found`: `user not found`.") },
      { path: userPath },
    ),
  },
  "/api/v1/admin/users/{id}/sessions/end": {
    post: staffOperation(
      "users:write",
      "adminEndUserSessions",
      "Sign a member out everywhere",
      "No body. Every session and grant of the account is revoked: its refresh tokens die (apps' offline ones too) and its access tokens stop working " +
        "on these routes at once. The account stays enabled. Written to the member's security log (`sessions_ended_by_staff`) when anything was live; " +
        "`revoked` counts the live sessions ended. " +
        ELEVATED_ACCOUNT_RULE,
      {
        "200": jsonResponse("How many sessions were ended.", AdminEndedSessionsSchema),
        "404": identityError("`not_found`: `user not found`."),
        "409": identityError("`conflict`: `you cannot end your own sessions here: sign out everywhere else on your own security page`."),
      },
      { path: userPath, forbidden: ELEVATED_ACCOUNT_403 },
    ),
  },
  "/api/v1/admin/users/{id}/security-events": {
    get: staffOperation(
      "users:read",
      "adminListUserSecurityEvents",
      "A member's security log, newest first",
      "The log the member sees on their security page: sign-ins, failed sign-ins, changes and what staff did, with IP, device and browser. " +
        "`limit` 1 to 100 (default 20); `next_cursor` is opaque and only valid for the same member.",
      {
        "200": jsonResponse("One page of events.", AdminUserSecurityEventPageSchema),
        "400": identityError("`invalid_request`: `limit` outside 1 to 100, an invalid or another member's `cursor`, or an unknown parameter."),
        "404": identityError("`not_found`: `user not found`."),
      },
      { path: userPath, query: adminUserSecurityEventsQuerySchema },
    ),
  },
  "/api/v1/admin/users/{id}/disable": {
    post: staffOperation(
      "users:write",
      "adminDisableUser",
      "Disable an account",
      "No body. The account can no longer sign in, and every session and grant it has is revoked: its refresh tokens die and its access tokens stop " +
        "working on these routes at once (third parties validating offline see it within 10 minutes). Disabling again: the same 200. " +
        ELEVATED_ACCOUNT_RULE,
      { "200": jsonResponse("The disabled account.", AdminUserSchema), "404": identityError("`not_found`: `user not found`."), "409": identityError("`conflict`: `you cannot disable your own account`.") },
      { path: userPath, forbidden: ELEVATED_ACCOUNT_403 },
    ),
  },
  "/api/v1/admin/users/{id}/enable": {
    post: staffOperation(
      "users:write",
      "adminEnableUser",
      "Enable a disabled account",
      `No body. The member may sign in again; ended sessions stay ended. A disabled account keeps its roles, so: ${ELEVATED_ACCOUNT_RULE}`,
      { "200": jsonResponse("The account.", AdminUserSchema), "404": identityError("`not_found`: `user not found`.") },
      { path: userPath, forbidden: ELEVATED_ACCOUNT_403 },
    ),
  },
  "/api/v1/admin/users/{id}/roles": {
    put: staffOperation(
      "roles:write",
      "adminSetUserRoles",
      "Set an account's roles",
      "The account holds exactly these roles afterwards; permissions change on its next call. `guardian` comes from guardianships: it cannot be sent and is kept as it is. " +
        "Nobody gives a staff or volunteer permission they do not hold, nor changes the roles of an account that holds one they lack.",
      {
        "200": jsonResponse("The account with its roles.", AdminUserSchema),
        "400": BODY_400(", `roles: no role named …`, `roles: guardian comes from guardianships and cannot be assigned`"),
        "404": identityError("`not_found`: `user not found`."),
        "409": identityError("`conflict`: `you cannot take roles:write away from yourself`."),
      },
      { path: userPath, body: setUserRolesBodySchema, forbidden: ELEVATED_ACCOUNT_403 },
    ),
  },
  "/api/v1/admin/roles": {
    get: staffOperation("users:read", "adminListRoles", "Every role and its permissions", "", { "200": jsonResponse("One page of roles.", AdminRolePageSchema), "400": LIST_400 }, { query: rolesQuerySchema }),
  },
} satisfies ZodOpenApiPathsObject;
