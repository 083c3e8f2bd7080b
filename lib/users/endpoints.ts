import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400, LIST_400 } from "../openapi/staff-operations.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { contactCodeBodySchema } from "../contacts/schemas.ts";
import { AcknowledgementSchema } from "../identity/schemas.ts";
import { CONTACT_CODE_RULES, tooManyCodesSent, tooManyContactCodeAttempts } from "../openapi/responses.ts";
import {
  EmailChangeResultSchema,
  PasswordChangedSchema,
  ProfileSchema,
  changeMyPasswordBodySchema,
  startEmailChangeBodySchema,
  updateMyNameBodySchema,
} from "./schemas.ts";
import {
  AdminEndedSessionsSchema,
  AdminRolePageSchema,
  AdminUserDetailSchema,
  AdminUserPageSchema,
  AdminUserParticipationSchema,
  AdminUserSchema,
  AdminUserSecurityEventPageSchema,
  AdminUserSessionListSchema,
  ELEVATED_ACCOUNT_FORBIDDEN_REASON,
  adminUserSecurityEventsQuerySchema,
  adminUsersQuerySchema,
  rolesQuerySchema,
  setUserRolesBodySchema,
} from "./staff-schemas.ts";

/** The member's own profile, and accounts and roles as staff manage them (docs/decisions/0017). */

const USER_ID = "The user id (UUID).";
const USER_404 = "`not_found`: `user not found`.";
const USERS_READ = { kind: "staff" as const, permission: "users:read" };
/** Acting on a more powerful account (lib/users/assert-may-act-on-account.ts, docs/decisions/0018): the service checks it, so the access only says it. */
const USERS_WRITE_ON_ACCOUNT = { kind: "staff" as const, permission: "users:write", recentSignIn: "elevated-account" as const };

const ELEVATED_ACCOUNT_RULE =
  "An account that holds staff or volunteer permissions (any staff permission, or `attendance:kiosk`) may be acted on only by someone who holds every one of them, " +
  "after a sign-in of the last 10 minutes.";
const ELEVATED_ACCOUNT_403 = `Or \`missing permission <names>: ${ELEVATED_ACCOUNT_FORBIDDEN_REASON}\`, naming each staff or volunteer permission the account holds (or, setting roles, is given) that the caller lacks.`;

export const getMyProfile = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me",
  operationId: "getMyProfile",
  summary: "The signed-in member's profile, as far as the token may see it",
  description:
    "Needs permission `profile:read`, and any scope: `id` always; `profile` adds the name, given and family name, locale and `updated_at`, " +
    "`email` the email and `email_verified`, `phone` the phone number and `phone_number_verified`; a token of a first-party client also gets " +
    "`roles`, `permissions`, `mfa_enabled` and `created_at`. A field the token may not see is absent; a value the account lacks is null.",
  tags: ["users"],
  access: { kind: "member", scope: null, permission: "profile:read" },
  success: { status: 200, description: "The profile.", schema: ProfileSchema },
});

export const updateMyName = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/users/me",
  operationId: "updateMyName",
  summary: "Change the signed-in member's name",
  description:
    "Needs permission `profile:write` and scope `account:profile` (first-party clients only). `given_name`, `family_name` and `nickname` (the name the member " +
    "goes by; `\"\"` or null for none), any of them, each 1 to 100 characters without control characters or angle brackets. Logged in the member's security log " +
    "(`name_changed`). Answers the profile as `GET /api/v1/users/me` does.",
  tags: ["users"],
  access: { kind: "member", scope: AREA_SCOPES.profile, permission: "profile:write" },
  body: updateMyNameBodySchema,
  success: { status: 200, description: "The profile, with the new name.", schema: ProfileSchema },
  refusals: { "400": "`invalid_request`: malformed JSON, an unknown field, no field at all, or a name that breaks the rules above." },
});

export const changeMyPassword = defineEndpoint({
  method: "PUT",
  path: "/api/v1/users/me/password",
  operationId: "changeMyPassword",
  summary: "Choose a new password, or set a first one",
  description:
    "Needs permission `profile:write`, scope `account:profile` (first-party clients only) and a sign-in of the last few minutes. `new_password` is 8 to 128 " +
    "characters and neither a common password nor made of the member's own name or address. Every other session of the member ends, with its apps' access; " +
    "the caller's session stays. Logged (`password_changed`, or `password_set` for an account that had none) and told to the member by email.",
  tags: ["users"],
  access: { kind: "member", scope: AREA_SCOPES.profile, permission: "profile:write", recentSignIn: true },
  body: changeMyPasswordBodySchema,
  success: { status: 200, description: "The password is changed; `other_sessions_ended` says how many other sessions were signed out.", schema: PasswordChangedSchema },
  refusals: { "400": "`invalid_request`: malformed JSON, an unknown field, or `new_password: <why it is refused>`." },
});

export const startEmailChange = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/email",
  operationId: "startEmailChange",
  summary: "Send a code to a new sign-in address",
  description:
    "Needs permission `profile:write`, scope `account:profile` (first-party clients only) and a sign-in of the last few minutes. The account's address does not " +
    "change until the code comes back through `/email/verify`. An address that already belongs to an account gets a note instead of a code, and the answer is " +
    `the same. Calling again sends a new code; the earlier one stops working. ${CONTACT_CODE_RULES}`,
  tags: ["users"],
  access: { kind: "member", scope: AREA_SCOPES.profile, permission: "profile:write", recentSignIn: true },
  body: startEmailChangeBodySchema,
  success: { status: 200, description: "A code was sent (or, for an address already in use, a note).", schema: AcknowledgementSchema },
  refusals: {
    "400": "`invalid_request`: malformed JSON, an unknown field, `email` is not an address, or it is already the member's (`email: is already the address you sign in with`).",
    "429": tooManyCodesSent,
  },
});

export const verifyMyNewEmail = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/email/verify",
  operationId: "verifyMyNewEmail",
  summary: "Make the new address the sign-in address with its code",
  description:
    "Needs permission `profile:write` and scope `account:profile`. The right code makes the address the account's, verified (`email`, `email_verified: true` in the " +
    "`email` scope's claims); it is logged (`email_changed`) and the old address is told. A wrong code with tries left answers `{ \"verified\": false }`. " +
    CONTACT_CODE_RULES,
  tags: ["users"],
  access: { kind: "member", scope: AREA_SCOPES.profile, permission: "profile:write" },
  body: contactCodeBodySchema,
  success: { status: 200, description: "`verified: true` with the new address, or `false` for a wrong code.", schema: EmailChangeResultSchema },
  refusals: {
    "400": "`invalid_request`: `code` is not exactly 6 digits, or the code expired or none was sent (`code: has expired; ask for a new code`).",
    "409": "`conflict`: another account took the address in the meantime.",
    "429": tooManyContactCodeAttempts,
  },
});

export const adminListUsers = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/users",
  operationId: "adminListUsers",
  summary: "Accounts, searched by email address, name or phone number",
  description:
    "`q` matches part of the email address or the name, or, when it looks like a phone number (digits, spaces, `+`, `-`, `.`, brackets; 3 digits or more), " +
    "the digits of the member's verified phone number. `status` is `active` or `disabled`; sort by `familyName` (default), `email`, `createdAt`. " +
    "Never a password hash, TOTP secret or code.",
  tags: ["admin"],
  access: USERS_READ,
  query: adminUsersQuerySchema,
  success: { status: 200, description: "One page of accounts.", schema: AdminUserPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminGetUser = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/users/{id}",
  operationId: "adminGetUser",
  summary: "One account, with its household and register record",
  description:
    "The account as the list answers it; with `families:read` also `household` (the member's household and their place in it, or null), with " +
    "`membership:read` also `membership_record` (the register record linked to the account, or null). A part the caller may not read is absent.",
  tags: ["admin"],
  access: USERS_READ,
  params: { id: USER_ID },
  success: { status: 200, description: "The account.", schema: AdminUserDetailSchema },
  refusals: { "404": USER_404 },
});

export const adminGetUserParticipation = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/users/{id}/participation",
  operationId: "adminGetUserParticipation",
  summary: "A person's sign-ups, check-ins and pickup list",
  description:
    "What the office sees of a person beside the account. With `events:read` also `sign_ups` (their sign-ups, cancelled ones too, the newest event first, at most 50); " +
    "with `attendance:read` also `check_ins` (newest first, at most 50, never an undone one); with `families:read` also `pickup` (for a child of a household, " +
    "the household's adults with whether each may collect them, and the people the household named; null for anyone else). A part the caller may not read is absent.",
  tags: ["admin"],
  access: USERS_READ,
  params: { id: USER_ID },
  success: { status: 200, description: "The person's participation.", schema: AdminUserParticipationSchema },
  refusals: { "404": USER_404 },
});

export const adminListUserSessions = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/users/{id}/sessions",
  operationId: "adminListUserSessions",
  summary: "Where a member is signed in",
  description: "The member's live sessions, the last used first: device and browser (from the User-Agent), IP, when each began, was last used and ends. Never a token.",
  tags: ["admin"],
  access: USERS_READ,
  params: { id: USER_ID },
  success: { status: 200, description: "Live sessions.", schema: AdminUserSessionListSchema },
  refusals: { "404": USER_404 },
});

export const adminEndUserSessions = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/users/{id}/sessions/end",
  operationId: "adminEndUserSessions",
  summary: "Sign a member out everywhere",
  description:
    "No body. Every session and grant of the account is revoked: its refresh tokens die (apps' offline ones too) and its access tokens stop working " +
    "on these routes at once. The account stays enabled. Written to the member's security log (`sessions_ended_by_staff`) when anything was live; " +
    "`revoked` counts the live sessions ended. " +
    ELEVATED_ACCOUNT_RULE,
  tags: ["admin"],
  access: USERS_WRITE_ON_ACCOUNT,
  params: { id: USER_ID },
  success: { status: 200, description: "How many sessions were ended.", schema: AdminEndedSessionsSchema },
  refusals: {
    "403": ELEVATED_ACCOUNT_403,
    "404": USER_404,
    "409": "`conflict`: `you cannot end your own sessions here: sign out everywhere else on your own security page`.",
  },
});

export const adminListUserSecurityEvents = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/users/{id}/security-events",
  operationId: "adminListUserSecurityEvents",
  summary: "A member's security log, newest first",
  description:
    "The log the member sees on their security page: sign-ins, failed sign-ins, changes and what staff did, with IP, device and browser. " +
    "`limit` 1 to 100 (default 20); `next_cursor` is opaque and only valid for the same member.",
  tags: ["admin"],
  access: USERS_READ,
  params: { id: USER_ID },
  query: adminUserSecurityEventsQuerySchema,
  success: { status: 200, description: "One page of events.", schema: AdminUserSecurityEventPageSchema },
  refusals: {
    "400": "`invalid_request`: `limit` outside 1 to 100, an invalid or another member's `cursor`, or an unknown parameter.",
    "404": USER_404,
  },
});

export const adminDisableUser = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/users/{id}/disable",
  operationId: "adminDisableUser",
  summary: "Disable an account",
  description:
    "No body. The account can no longer sign in, and every session and grant it has is revoked: its refresh tokens die and its access tokens stop " +
    "working on these routes at once (third parties validating offline see it within 10 minutes). Disabling again: the same 200. " +
    ELEVATED_ACCOUNT_RULE,
  tags: ["admin"],
  access: USERS_WRITE_ON_ACCOUNT,
  params: { id: USER_ID },
  success: { status: 200, description: "The disabled account.", schema: AdminUserSchema },
  refusals: { "403": ELEVATED_ACCOUNT_403, "404": USER_404, "409": "`conflict`: `you cannot disable your own account`." },
});

export const adminEnableUser = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/users/{id}/enable",
  operationId: "adminEnableUser",
  summary: "Enable a disabled account",
  description: `No body. The member may sign in again; ended sessions stay ended. A disabled account keeps its roles, so: ${ELEVATED_ACCOUNT_RULE}`,
  tags: ["admin"],
  access: USERS_WRITE_ON_ACCOUNT,
  params: { id: USER_ID },
  success: { status: 200, description: "The account.", schema: AdminUserSchema },
  refusals: { "403": ELEVATED_ACCOUNT_403, "404": USER_404 },
});

export const adminSetUserRoles = defineEndpoint({
  method: "PUT",
  path: "/api/v1/admin/users/{id}/roles",
  operationId: "adminSetUserRoles",
  summary: "Set an account's roles",
  description:
    "The account holds exactly these roles afterwards; permissions change on its next call. `guardian` comes from guardianships: it cannot be sent and is kept as it is. " +
    "Nobody gives a staff or volunteer permission they do not hold, nor changes the roles of an account that holds one they lack.",
  tags: ["admin"],
  access: { kind: "staff", permission: "roles:write", recentSignIn: true },
  params: { id: USER_ID },
  body: setUserRolesBodySchema,
  success: { status: 200, description: "The account with its roles.", schema: AdminUserSchema },
  refusals: {
    "400": BODY_400(", `roles: no role named …`, `roles: guardian comes from guardianships and cannot be assigned`"),
    "403": ELEVATED_ACCOUNT_403,
    "404": USER_404,
    "409": "`conflict`: `you cannot take roles:write away from yourself`.",
  },
});

export const adminListRoles = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/roles",
  operationId: "adminListRoles",
  summary: "Every role and its permissions",
  tags: ["admin"],
  access: USERS_READ,
  query: rolesQuerySchema,
  success: { status: 200, description: "One page of roles.", schema: AdminRolePageSchema },
  refusals: { "400": LIST_400 },
});

/** In the order the OpenAPI document lists them. */
export const userEndpoints = [
  getMyProfile,
  updateMyName,
  changeMyPassword,
  startEmailChange,
  verifyMyNewEmail,
  adminListUsers,
  adminGetUser,
  adminGetUserParticipation,
  adminListUserSessions,
  adminEndUserSessions,
  adminListUserSecurityEvents,
  adminDisableUser,
  adminEnableUser,
  adminSetUserRoles,
  adminListRoles,
];
