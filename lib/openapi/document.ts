import { createDocument, type ZodOpenApiPathsObject } from "zod-openapi";
import { z } from "zod";
import {
  calendarErrorSchema,
  ICS_FEED_MAX_EVENTS,
  eventDetailSchema,
  eventIdParamsSchema,
  upcomingEventsQuerySchema,
  upcomingFeedSchema,
} from "../calendar/schemas.ts";
import {
  MAX_RECOVERY_CONTACTS,
  PhoneVerificationResultSchema,
  RecoveryContactListSchema,
  RecoveryContactPendingSchema,
  RecoveryContactVerifiedSchema,
  RemovedRecoveryContactSchema,
  contactCodeBodySchema,
  createRecoveryContactBodySchema,
  startPhoneVerificationBodySchema,
} from "../contacts/schemas.ts";
import { ConsentListSchema, ConsentSchema, createConsentBodySchema } from "../consents/schemas.ts";
import {
  MAX_MATCHES,
  MAX_OPEN_LINK_REQUESTS,
  MembershipChallengeSchema,
  MembershipLinkedSchema,
  MembershipSearchResultSchema,
  MyMembershipSchema,
  membershipIdBodySchema,
  rankedSearchBodySchema,
  verifyMembershipBodySchema,
} from "../membership/schemas.ts";
import { FederatedLinkResultSchema, LinkedIdentityListSchema, RemovedLinkedIdentitySchema, finalizeLinkBodySchema } from "../federation/schemas.ts";
import { AcknowledgementSchema, identityErrorSchema } from "../identity/schemas.ts";
import { MfaStateSchema, RecoveryCodesSchema, TotpSetupSchema, disableMfaBodySchema, totpCodeBodySchema } from "../mfa/schemas.ts";
import { DataExportSchema, DataRequestListSchema, DataRequestSchema, createDataRequestBodySchema } from "../privacy/schemas.ts";
import { SecurityEventPageSchema, securityEventsQuerySchema } from "../security-log/schemas.ts";
import { MemberSessionListSchema, RevokedOthersSchema, RevokedSessionSchema } from "../sessions/schemas.ts";
import { ProfileSchema } from "../users/schemas.ts";
import { adminPaths, adminTag } from "./admin-paths.ts";
import { familyPaths, familyTag } from "./family-paths.ts";
import { systemPaths, systemTag } from "./system-paths.ts";
import { routeNeeds } from "./route-scopes.ts";
import { RECENT_SIGN_IN_SECONDS } from "../oauth/config.ts";
import { SCOPE_RULES } from "../oauth/scopes.ts";

/**
 * The OpenAPI 3.1 document, generated from the same zod schemas the routes validate with and answer
 * through, so it cannot drift from them. Each issue adds its own routes here.
 */

const calendarError = (description: string) => ({
  description,
  content: { "application/json": { schema: calendarErrorSchema } },
});

const cachedJson = (description: string, schema: z.ZodType) => ({
  description,
  headers: {
    ETag: { description: "Entity tag of the body; send it back in If-None-Match to get 304.", schema: { type: "string" as const } },
    "Cache-Control": { description: "Public, CDN-cacheable for a short time.", schema: { type: "string" as const } },
  },
  content: { "application/json": { schema } },
});

const identityError = (description: string) => ({
  description,
  content: { "application/json": { schema: identityErrorSchema } },
});

const invalidTokenResponse = {
  ...identityError("`invalid_token`: missing, malformed, expired, revoked or wrongly-signed access token, or its session has ended."),
  headers: { "WWW-Authenticate": { description: 'Bearer error="invalid_token" (RFC 6750)', schema: { type: "string" as const } } },
};

const tooManyWrongCodes = {
  ...identityError("`too_many_requests`: too many wrong codes for this account (shared with sign-in's second step) or from this IP."),
  headers: { "Retry-After": { description: "Seconds until another code may be tried.", schema: { type: "string" as const } } },
};

const tooManyCodesSent = {
  ...identityError(
    "`too_many_requests`: too many codes sent to this address or number, by this member or from this IP (3 free per address, then 1, 2, 4 … minutes, at most 15).",
  ),
  headers: { "Retry-After": { description: "Seconds until another code may be sent.", schema: { type: "string" as const } } },
};

const tooManyContactCodeAttempts = {
  ...identityError(
    "`too_many_requests`: the code is dead after 5 wrong attempts (`too many wrong codes; ask for a new code`; Retry-After says when one may be sent), " +
      "or too many wrong codes from this IP.",
  ),
  headers: { "Retry-After": { description: "Seconds until a new code may be asked for (or tried, for the IP limit).", schema: { type: "string" as const } } },
};

const CODE_RULES = "Codes: 6 digits, valid 10 minutes, 5 attempts; then dead, and a new one must be sent.";
const contactIdParam = z.object({ id: z.string().meta({ description: "The recovery contact id (UUID)." }) });

const notModified = { description: "Not modified: the If-None-Match tag still matches." };
const calendarSubscriptionQuery = upcomingEventsQuerySchema.pick({ type: true, ministryId: true, campusId: true, audience: true });

/** Every operation may meet a database outage: 503 with Retry-After, in its surface's shape (decision 0016). */
const serviceUnavailable = {
  identity: {
    ...identityError("`service_unavailable`: the database is briefly unreachable; nothing was changed. Try again after Retry-After."),
    headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "string" as const } } },
  },
  calendar: {
    ...calendarError("The calendar is briefly unavailable (its database is unreachable); try again after Retry-After."),
    headers: { "Retry-After": { description: "Seconds to wait before trying again.", schema: { type: "string" as const } } },
  },
};

function withOutageAnswers(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  for (const [urlPath, item] of Object.entries(paths)) {
    const answer = urlPath.startsWith("/api/calendar") ? serviceUnavailable.calendar : serviceUnavailable.identity;
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const operation = item?.[method];
      if (operation?.responses && !("503" in operation.responses)) operation.responses["503"] = answer;
    }
  }
  return paths;
}

/**
 * Every identity operation says what it needs of a token (lib/openapi/route-scopes.ts, docs/decisions/0018):
 * its scope in the security requirement, the 403 of a missing scope, and the 401 of a sign-in that is too old
 * or, on the staff API, lacks a second factor (RFC 9470).
 */
function withTokenNeeds(paths: ZodOpenApiPathsObject): ZodOpenApiPathsObject {
  for (const [urlPath, item] of Object.entries(paths)) {
    for (const method of ["get", "post", "put", "patch", "delete"] as const) {
      const operation = item?.[method];
      const needs = routeNeeds(`${method.toUpperCase()} ${urlPath}`);
      if (!operation?.responses || !needs) continue;
      operation.security = [{ bearer: needs.scope ? [needs.scope] : [] }];
      if (needs.scope) {
        const permission = operation.responses["403"] as { description?: string } | undefined;
        operation.responses["403"] = {
          ...identityError(
            `\`forbidden\`: \`missing scope ${needs.scope}\` (with \`WWW-Authenticate: Bearer error="insufficient_scope", scope="${needs.scope}"\`) when the token's scopes, ` +
              `or what its client may hold, do not reach this area${SCOPE_RULES[needs.scope].thirdParty ? "" : " (account control and staff tools are for the church's own first-party apps only)"}. ` +
              (permission?.description ?? ""),
          ),
          headers: { "WWW-Authenticate": { description: 'Bearer error="insufficient_scope" (RFC 6750) for a missing scope', schema: { type: "string" as const } } },
        };
      }
      const stepUps = [
        ...(needs.scope === "staff" ? ["`staff tools need a sign-in with a second factor`"] : []),
        ...(needs.recentSignIn
          ? [`\`sign in again to make this change\`${needs.recentSignIn === "deletion" ? " (a deletion request)" : ""} when the sign-in is older than ${RECENT_SIGN_IN_SECONDS / 60} minutes (\`max_age=${RECENT_SIGN_IN_SECONDS}\` in the challenge)`]
          : []),
      ];
      if (stepUps.length > 0) {
        const invalid = operation.responses["401"] as { description?: string } | undefined;
        operation.responses["401"] = {
          ...identityError(`${invalid?.description ?? ""} Or \`insufficient_user_authentication\` (RFC 9470, with WWW-Authenticate): ${stepUps.join("; ")}.`.trim()),
          headers: { "WWW-Authenticate": { description: 'Bearer error="invalid_token" or error="insufficient_user_authentication"', schema: { type: "string" as const } } },
        };
      }
    }
  }
  return paths;
}

export function buildOpenApiDocument(options: { serverUrl: string; calendarUrl: string }) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Church identity and calendar API",
      version: "1.0.0",
      description:
        "The identity service (OAuth 2.0 / OpenID Connect and the /api/v1 self-service routes) and the public calendar service. " +
        "Calendar routes need no authentication, answer `Access-Control-Allow-Origin: *`, and fail with a CalendarError body. " +
        "A method a path does not list answers 405 with an `Allow` header, in the surface's error shape (`method_not_allowed` under /api/v1, a CalendarError under /api/calendar); " +
        "an unknown path under /api answers 404 the same way. When the database is unreachable, every operation answers 503 with `Retry-After` and changes nothing.",
    },
    servers: [{ url: options.serverUrl }],
    tags: [
      { name: "users", description: "The signed-in member (bearer access token from this issuer)." },
      { name: "consents-privacy", description: "Which apps may use which parts of the member's account." },
      { name: "sessions", description: "Where the member is signed in." },
      { name: "privacy", description: "A copy of everything kept about the member, and deleting their account." },
      { name: "security", description: "Two-factor authentication, and what happened to the member's account and from where." },
      { name: "recovery", description: "Recovery contacts that can receive a password-reset code, and the member's verified phone number." },
      { name: "membership", description: "Finding and claiming the member's own record in the church's membership register." },
      { name: "events", description: "Public calendar of church events (no authentication)." },
      familyTag,
      {
        name: "federation",
        description:
          "Accounts at external OpenID Connect providers, configured by the church, that can sign the member in (“Continue with …”). " +
          "Linked only by the member's own confirmation (a one-time link code), never by matching an email address.",
      },
      systemTag,
      adminTag,
    ],
    components: {
      securitySchemes: {
        bearer: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT (RFC 9068, typ at+jwt), 10 minutes, from /oauth/token",
        },
        oidc: { type: "openIdConnect", openIdConnectUrl: `${options.serverUrl}/.well-known/openid-configuration` },
      },
    },
    paths: withTokenNeeds(withOutageAnswers({
      ...familyPaths,
      ...systemPaths,
      ...adminPaths,
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
      "/api/v1/consents/me": {
        get: {
          tags: ["consents-privacy"],
          operationId: "listMyConsents",
          summary: "The member's consents, granted first",
          description: "Needs permission `consents:read`.",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "Every consent of the member.", content: { "application/json": { schema: ConsentListSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission consents:read`."),
          },
        },
        post: {
          tags: ["consents-privacy"],
          operationId: "grantConsent",
          summary: "Allow a registered client some scopes",
          description:
            "Needs permission `consents:write`. Each scope must be one the client may ask for. Granting again for the same client " +
            "merges the scopes (200); a first grant, or one after a revocation, answers 201.",
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: createConsentBodySchema } } },
          responses: {
            "201": { description: "A new grant.", content: { "application/json": { schema: ConsentSchema } } },
            "200": { description: "Merged into the existing grant.", content: { "application/json": { schema: ConsentSchema } } },
            "400": identityError("`invalid_request`: malformed JSON, a wrong field, an unknown client or a scope it may not use."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission consents:write`."),
          },
        },
      },
      "/api/v1/consents/me/{id}": {
        delete: {
          tags: ["consents-privacy"],
          operationId: "revokeConsent",
          summary: "Revoke a consent, and the client's refresh tokens for the member",
          description: "Needs permission `consents:write`. Answers the consent with `status: revoked` and `revoked_at`.",
          security: [{ bearer: [] }],
          requestParams: { path: z.object({ id: z.string().meta({ description: "The consent id (UUID)." }) }) },
          responses: {
            "200": { description: "The revoked consent.", content: { "application/json": { schema: ConsentSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission consents:write`."),
            "404": identityError("`not_found`: no such consent of this member (someone else's is not found either)."),
          },
        },
      },
      "/api/v1/privacy/data-requests/me": {
        get: {
          tags: ["privacy"],
          operationId: "listMyDataRequests",
          summary: "The member's exports and deletion requests, newest first",
          description: "Needs permission `profile:read`. At most the newest 100.",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "The member's data requests.", content: { "application/json": { schema: DataRequestListSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:read`."),
          },
        },
        post: {
          tags: ["privacy"],
          operationId: "createDataRequest",
          summary: "Ask for an export of the member's data, or for their account to be deleted",
          description:
            "Needs permission `profile:write`. `export`: built at once from every record kept about the member and answered " +
            "`fulfilled`; download it from `/api/v1/privacy/data-requests/me/{id}/download`. At most 5 exports an hour. " +
            "`deletion`: `pending` until `due_at` (the grace period, 14 days unless the deployment sets PRIVACY_DELETION_GRACE_DAYS); " +
            "the member may cancel it until it is carried out. Then the account and everything tied to it is erased and every " +
            "token, session, grant and consent of the member stops working. One pending deletion at a time.",
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: createDataRequestBodySchema } } },
          responses: {
            "201": { description: "The new request: an export `fulfilled`, a deletion `pending` with `due_at`.", content: { "application/json": { schema: DataRequestSchema } } },
            "400": identityError("`invalid_request`: malformed JSON, a `type` other than `export` or `deletion`, or an unknown field."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "409": identityError("`conflict`: `a deletion of this account is already pending`."),
            "429": {
              ...identityError("`too_many_requests`: more than 5 exports within an hour."),
              headers: { "Retry-After": { description: "Seconds until another export may be asked for.", schema: { type: "string" as const } } },
            },
          },
        },
      },
      "/api/v1/privacy/data-requests/me/{id}/cancel": {
        post: {
          tags: ["privacy"],
          operationId: "cancelDeletionRequest",
          summary: "Call off a pending account deletion",
          description:
            "Needs permission `profile:write`. No body. Answers the request with `status: cancelled` and `cancelled_at`; " +
            "cancelling it again answers the same. Possible until the deletion is carried out.",
          security: [{ bearer: [] }],
          requestParams: { path: z.object({ id: z.string().meta({ description: "The data request id (UUID)." }) }) },
          responses: {
            "200": { description: "The cancelled deletion request.", content: { "application/json": { schema: DataRequestSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "404": identityError("`not_found`: no such request of this member (someone else's is not found either)."),
            "409": identityError("`conflict`: `only a pending deletion can be cancelled` (an export, or a deletion already carried out)."),
          },
        },
      },
      "/api/v1/privacy/data-requests/me/{id}/download": {
        get: {
          tags: ["privacy"],
          operationId: "downloadDataExport",
          summary: "Download an export as a JSON file",
          description:
            "Needs permission `profile:read`. The document as it was built when the export was asked for, with " +
            "`Content-Disposition: attachment`. Holds the profile, two-step sign-in state (never its secret), sessions, app " +
            "authorizations, consents, the security log, guardianships (without the other person), codes sent (never the code), " +
            "messages sent (never their text) and the member's data requests. Each download is written to the security log.",
          security: [{ bearer: [] }],
          requestParams: { path: z.object({ id: z.string().meta({ description: "The export's data request id (UUID)." }) }) },
          responses: {
            "200": {
              description: "The export document.",
              headers: { "Content-Disposition": { description: 'attachment; filename="account-data-YYYY-MM-DD.json"', schema: { type: "string" as const } } },
              content: { "application/json": { schema: DataExportSchema } },
            },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:read`."),
            "404": identityError("`not_found`: `export not found`: no such export of this member (a deletion request has no download)."),
          },
        },
      },
      "/api/v1/users/me/security-events": {
        get: {
          tags: ["security"],
          operationId: "listMySecurityEvents",
          summary: "The member's security log, newest first",
          description:
            "Needs permission `profile:read`. Sign-ins and failed sign-ins, consents granted and revoked, sessions signed out, " +
            "password changes and more, with IP, device and browser. `next_cursor` is opaque and only valid for the same member.",
          security: [{ bearer: [] }],
          requestParams: { query: securityEventsQuerySchema },
          responses: {
            "200": { description: "One page of events.", content: { "application/json": { schema: SecurityEventPageSchema } } },
            "400": identityError("`invalid_request`: `limit` outside 1 to 100, an invalid or foreign `cursor`, or an unknown parameter."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:read`."),
          },
        },
      },
      "/api/v1/users/me/mfa": {
        get: {
          tags: ["security"],
          operationId: "getMyMfa",
          summary: "Whether TOTP is off, set up but unconfirmed, or on",
          description: "Needs permission `profile:read`. When on: since when, and how many recovery codes are unused.",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "The member's second factor.", content: { "application/json": { schema: MfaStateSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:read`."),
          },
        },
        delete: {
          tags: ["security"],
          operationId: "disableMfa",
          summary: "Turn TOTP off",
          description:
            "Needs permission `profile:write`. `code` is the current 6-digit code (each accepted once) or an unused recovery code. " +
            "Deletes the secret and every recovery code.",
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: disableMfaBodySchema } } },
          responses: {
            "200": { description: "TOTP is off.", content: { "application/json": { schema: AcknowledgementSchema } } },
            "400": identityError("`invalid_request`: malformed body, or a code that is wrong, already used or too old."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "409": identityError("`conflict`: TOTP is not on."),
            "429": tooManyWrongCodes,
          },
        },
      },
      "/api/v1/users/me/mfa/setup": {
        post: {
          tags: ["security"],
          operationId: "setUpMfa",
          summary: "TOTP enrolment, step 1: a new pending secret",
          description:
            "Needs permission `profile:write`. No body. The secret is SHA-1, 6 digits, 30 s, issuer the church's name; show the URL as a QR code. " +
            "Calling again replaces a pending secret; a confirmed one is never replaced.",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "The pending secret.", content: { "application/json": { schema: TotpSetupSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "409": identityError("`conflict`: TOTP is already on; turn it off first."),
          },
        },
      },
      "/api/v1/users/me/mfa/confirm": {
        post: {
          tags: ["security"],
          operationId: "confirmMfa",
          summary: "TOTP enrolment, step 2: confirm with a current code",
          description:
            "Needs permission `profile:write`. The code must match the pending secret within ±1 step of 30 s. Answers ten one-time " +
            "recovery codes, shown this once (stored hashed); from now on sign-in asks for a TOTP or recovery code.",
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: totpCodeBodySchema } } },
          responses: {
            "200": { description: "TOTP is on.", content: { "application/json": { schema: RecoveryCodesSchema } } },
            "400": identityError("`invalid_request`: `code` is not exactly 6 digits, or not the current code."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "409": identityError("`conflict`: nothing to confirm (no set-up started, or it was restarted meanwhile), or TOTP is already on."),
            "429": tooManyWrongCodes,
          },
        },
      },
      "/api/v1/users/me/mfa/recovery-codes": {
        post: {
          tags: ["security"],
          operationId: "regenerateRecoveryCodes",
          summary: "A new set of recovery codes",
          description: "Needs permission `profile:write` and the current 6-digit code. Every earlier recovery code stops working.",
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: totpCodeBodySchema } } },
          responses: {
            "200": { description: "The new codes, shown this once.", content: { "application/json": { schema: RecoveryCodesSchema } } },
            "400": identityError("`invalid_request`: `code` is not exactly 6 digits, or not the current code."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "409": identityError("`conflict`: TOTP is not on."),
            "429": tooManyWrongCodes,
          },
        },
      },
      "/api/v1/sessions/me": {
        get: {
          tags: ["sessions"],
          operationId: "listMySessions",
          summary: "The member's signed-in sessions, the current one first",
          description: "Needs permission `sessions:read`. Device and browser are read from the User-Agent.",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "Live sessions.", content: { "application/json": { schema: MemberSessionListSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission sessions:read`."),
          },
        },
        delete: {
          tags: ["sessions"],
          operationId: "signOutOtherSessions",
          summary: "Sign out of every session but the current one",
          description: "Needs permission `sessions:write`. Their tokens stop working at once; their refresh tokens are dead.",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "How many sessions were signed out.", content: { "application/json": { schema: RevokedOthersSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission sessions:write`."),
          },
        },
      },
      "/api/v1/sessions/me/{id}": {
        delete: {
          tags: ["sessions"],
          operationId: "signOutSession",
          summary: "Sign one session out",
          description: "Needs permission `sessions:write`. Its tokens stop working on /api/v1 at once and its refresh tokens are dead.",
          security: [{ bearer: [] }],
          requestParams: { path: z.object({ id: z.string().meta({ description: "The session id (UUID), the `sid` of its tokens." }) }) },
          responses: {
            "200": { description: "The session, signed out.", content: { "application/json": { schema: RevokedSessionSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission sessions:write`."),
            "404": identityError("`not_found`: no live session of this member with that id."),
          },
        },
      },
      "/api/v1/users/me/recovery-contacts": {
        get: {
          tags: ["recovery"],
          operationId: "listMyRecoveryContacts",
          summary: "The member's recovery contacts, oldest first, values masked",
          description: "Needs permission `profile:read`. Values are masked (`j***@e***.org`, `+44********89`): no answer carries a full address or number.",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "Every recovery contact of the member.", content: { "application/json": { schema: RecoveryContactListSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:read`."),
          },
        },
        post: {
          tags: ["recovery"],
          operationId: "addRecoveryContact",
          summary: "Add a recovery email address or phone number; a code is sent to it",
          description:
            `Needs permission \`profile:write\`. \`value\` is an email address or an E.164 phone number; the channel is inferred. The contact is \`pending_verification\` ` +
            `until the code sent to it (by email or SMS) comes back through \`/verify\`; only verified contacts are offered by forgot-password. ` +
            `At most ${MAX_RECOVERY_CONTACTS} per member. ${CODE_RULES}`,
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: createRecoveryContactBodySchema } } },
          responses: {
            "201": { description: "Added; a code was sent.", content: { "application/json": { schema: RecoveryContactPendingSchema } } },
            "400": identityError("`invalid_request`: malformed JSON, an unknown field, or a value that is neither an email address nor an E.164 number."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "409": identityError(
              `\`conflict\`: the value is already one of the member's recovery contacts, is the account's own email address, or the member already has ${MAX_RECOVERY_CONTACTS}.`,
            ),
            "429": tooManyCodesSent,
          },
        },
      },
      "/api/v1/users/me/recovery-contacts/{id}": {
        delete: {
          tags: ["recovery"],
          operationId: "removeRecoveryContact",
          summary: "Remove a recovery contact",
          description: "Needs permission `profile:write`. Password recovery stops offering it at once; a code still out for it stops working. Answers it masked, `status: removed`.",
          security: [{ bearer: [] }],
          requestParams: { path: contactIdParam },
          responses: {
            "200": { description: "The removed contact.", content: { "application/json": { schema: RemovedRecoveryContactSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "404": identityError("`not_found`: no such recovery contact of this member (someone else's is not found either)."),
          },
        },
      },
      "/api/v1/users/me/recovery-contacts/{id}/verify": {
        post: {
          tags: ["recovery"],
          operationId: "verifyRecoveryContact",
          summary: "Verify a recovery contact with the code sent to it",
          description: `Needs permission \`profile:write\`. ${CODE_RULES}`,
          security: [{ bearer: [] }],
          requestParams: { path: contactIdParam },
          requestBody: { content: { "application/json": { schema: contactCodeBodySchema } } },
          responses: {
            "200": { description: "The contact is verified.", content: { "application/json": { schema: RecoveryContactVerifiedSchema } } },
            "400": identityError(
              "`invalid_request`: `code` is not exactly 6 digits; or a wrong code (`code: is not the code we sent; N tries left`); or an expired one (`code: has expired; ask for a new code`).",
            ),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "404": identityError("`not_found`: no such recovery contact of this member."),
            "409": identityError("`conflict`: the contact is already verified."),
            "429": tooManyContactCodeAttempts,
          },
        },
      },
      "/api/v1/users/me/recovery-contacts/{id}/resend": {
        post: {
          tags: ["recovery"],
          operationId: "resendRecoveryContactCode",
          summary: "Send a new code to a pending recovery contact",
          description: `Needs permission \`profile:write\`. No body. The earlier code stops working. Rate limited with adding contacts. ${CODE_RULES}`,
          security: [{ bearer: [] }],
          requestParams: { path: contactIdParam },
          responses: {
            "200": { description: "A new code was sent.", content: { "application/json": { schema: RecoveryContactPendingSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "404": identityError("`not_found`: no such recovery contact of this member."),
            "409": identityError("`conflict`: the contact is already verified."),
            "429": tooManyCodesSent,
          },
        },
      },
      "/api/v1/users/me/membership": {
        get: {
          tags: ["membership"],
          operationId: "getMyMembership",
          summary: "The membership record linked to the member, and their requests waiting for church staff",
          description: "Needs permission `profile:read`. Records are shown by id and campus only.",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "The linked record (or null) and the waiting requests.", content: { "application/json": { schema: MyMembershipSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:read`."),
          },
        },
      },
      "/api/v1/users/me/membership/ranked-search": {
        post: {
          tags: ["membership"],
          operationId: "rankedMembershipSearch",
          summary: "Register records that look like the member, best first",
          description:
            `Needs permission \`profile:read\`. At most ${MAX_MATCHES} records not linked to any account, by trigram similarity (pg_trgm) of the query to ` +
            "the record's name (accents, case and punctuation ignored; a given name also tried as its nicknames, Bill for William). " +
            "A query that is an email address or a phone number finds only the records holding exactly that contact, and only when it is one of the member's " +
            "own verified contacts: anyone else's gives no matches, as a contact on no record does. " +
            "A record holding the member's own verified email or phone counts for more. Answers ids, scores and campuses, never names or contact data. " +
            "Rate limited per member: 20 searches, then a growing wait.",
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: rankedSearchBodySchema } } },
          responses: {
            "200": { description: "Matches, highest score first; none is an empty list.", content: { "application/json": { schema: MembershipSearchResultSchema } } },
            "400": identityError("`invalid_request`: malformed JSON, an unknown field, or `query` is not 2 to 100 characters."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:read`."),
            "429": {
              ...identityError("`too_many_requests`: `too many searches; try again later`."),
              headers: { "Retry-After": { description: "Seconds until the member may search again.", schema: { type: "string" as const } } },
            },
          },
        },
      },
      "/api/v1/users/me/membership/challenge": {
        post: {
          tags: ["membership"],
          operationId: "challengeMembership",
          summary: "Send a code to a register record's contact on file",
          description:
            "Needs permission `profile:write`. The code goes to the record's email, or by SMS to its phone when it has no email; the answer is the Acknowledgement only, " +
            "never where the code went. A record's contact gets at most 3 such messages a day, whoever asks, then they are spaced out. " +
            `Asking again sends a new code; the earlier one stops working. ${CODE_RULES}`,
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: membershipIdBodySchema } } },
          responses: {
            "200": { description: "Acknowledgement: a code was sent.", content: { "application/json": { schema: MembershipChallengeSchema } } },
            "400": identityError("`invalid_request`: malformed JSON, an unknown field, or `membership_id` is not a string."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "404": identityError("`not_found`: no such record, or it is linked to another account."),
            "409": identityError("`conflict`: the record is already linked to this account, the account is linked to another record, or the record has no contact on file."),
            "429": tooManyCodesSent,
          },
        },
      },
      "/api/v1/users/me/membership/verify": {
        post: {
          tags: ["membership"],
          operationId: "verifyMembership",
          summary: "Link a register record to the member with the code sent to its contact",
          description: `Needs permission \`profile:write\`. Already linked to this account: the same 200. ${CODE_RULES}`,
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: verifyMembershipBodySchema } } },
          responses: {
            "200": { description: "The record is linked to the member.", content: { "application/json": { schema: MembershipLinkedSchema } } },
            "400": identityError(
              "`invalid_request`: `code` is not exactly 6 digits; a wrong code (`code: is not the code we sent; N tries left`); an expired one, or none sent.",
            ),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "404": identityError("`not_found`: no such record, or it is linked to another account."),
            "409": identityError("`conflict`: the account is already linked to another record."),
            "429": tooManyContactCodeAttempts,
          },
        },
      },
      "/api/v1/users/me/membership/suggest": {
        post: {
          tags: ["membership"],
          operationId: "suggestMembershipLink",
          summary: "Ask church staff to link a register record to the member",
          description: `Needs permission \`profile:write\`. Idempotent: asking again for the same record answers the same. At most ${MAX_OPEN_LINK_REQUESTS} requests wait at once.`,
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: membershipIdBodySchema } } },
          responses: {
            "200": { description: "Acknowledgement: the request is filed.", content: { "application/json": { schema: AcknowledgementSchema } } },
            "400": identityError("`invalid_request`: malformed JSON, an unknown field, or `membership_id` is not a string."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "404": identityError("`not_found`: no such record, or it is linked to another account."),
            "409": identityError(`\`conflict\`: the record is already linked to this account, the account is linked to another record, or ${MAX_OPEN_LINK_REQUESTS} requests are already waiting.`),
          },
        },
      },
      "/api/v1/users/me/phone": {
        post: {
          tags: ["recovery"],
          operationId: "startPhoneVerification",
          summary: "Text a code to a phone number to verify it",
          description:
            "Needs permission `profile:write`. `phone` is E.164. The account's phone does not change until the code comes back through " +
            `\`/phone/verify\`. Calling again (same or another number) sends a new code; the earlier one stops working. ${CODE_RULES}`,
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: startPhoneVerificationBodySchema } } },
          responses: {
            "200": { description: "A code was texted.", content: { "application/json": { schema: AcknowledgementSchema } } },
            "400": identityError("`invalid_request`: malformed JSON, an unknown field, or `phone` is not an E.164 number."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "429": tooManyCodesSent,
          },
        },
      },
      "/api/v1/users/me/phone/verify": {
        post: {
          tags: ["recovery"],
          operationId: "verifyPhone",
          summary: "Verify the phone number with the texted code",
          description:
            "Needs permission `profile:write`. The right code makes the number the account's verified phone: the `phone` scope then releases " +
            `\`phone_number\` and \`phone_number_verified: true\` (userinfo). A wrong code with tries left answers \`{ "verified": false }\`. ${CODE_RULES}`,
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: contactCodeBodySchema } } },
          responses: {
            "200": { description: "`verified: true`, or `false` for a wrong code.", content: { "application/json": { schema: PhoneVerificationResultSchema } } },
            "400": identityError("`invalid_request`: `code` is not exactly 6 digits, or the code expired or none was sent (`code: has expired; ask for a new code`)."),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "429": tooManyContactCodeAttempts,
          },
        },
      },
      "/oauth/federated/link/finalize": {
        post: {
          tags: ["federation"],
          operationId: "finalizeFederatedLink",
          summary: "Link the external identity of a one-time link code to the caller",
          description:
            "Needs permission `profile:write`. A link code is issued when a member who is signed in here comes back from a provider with an " +
            "identity (issuer + subject) that is not linked yet; the portal's confirmation page sends it here with the member's own token. " +
            "The code is single use, valid 10 minutes, stored hashed, and bound to the member it was issued to: with anyone else's token it is " +
            "`invalid_request` and stays usable by its owner. Wrong codes count against the caller (5 free, then growing delays) and their IP. " +
            "Linking an identity already linked to the caller answers the same 200 with the original `linked_at`.",
          security: [{ bearer: [] }],
          requestBody: { content: { "application/json": { schema: finalizeLinkBodySchema } } },
          responses: {
            "200": { description: "Linked: the provider's id and when.", content: { "application/json": { schema: FederatedLinkResultSchema } } },
            "400": identityError(
              "`invalid_request`: malformed JSON, a missing or unknown field, or a code that is unknown, expired, already used or another member's (`code: is unknown or has expired`).",
            ),
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "409": identityError("`conflict`: the identity was linked to another account after the code was issued."),
            "429": {
              ...identityError("`too_many_requests`: too many refused codes from this member or this IP."),
              headers: { "Retry-After": { description: "Seconds until another code may be tried.", schema: { type: "string" as const } } },
            },
          },
        },
      },
      "/api/v1/users/me/linked-identities": {
        get: {
          tags: ["federation"],
          operationId: "listMyLinkedIdentities",
          summary: "The member's linked provider accounts, oldest first",
          description: "Needs permission `profile:read`. The provider's email is masked (`j***@e***.org`).",
          security: [{ bearer: [] }],
          responses: {
            "200": { description: "Every linked identity of the member.", content: { "application/json": { schema: LinkedIdentityListSchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:read`."),
          },
        },
      },
      "/api/v1/users/me/linked-identities/{id}": {
        delete: {
          tags: ["federation"],
          operationId: "removeLinkedIdentity",
          summary: "Unlink a provider account",
          description:
            "Needs permission `profile:write`. “Continue with” that account stops signing the member in at once (sessions it started are not ended). " +
            "Answers the identity as it was, `status: removed`.",
          security: [{ bearer: [] }],
          requestParams: { path: z.object({ id: z.string().meta({ description: "The linked identity id (UUID)." }) }) },
          responses: {
            "200": { description: "The removed identity.", content: { "application/json": { schema: RemovedLinkedIdentitySchema } } },
            "401": invalidTokenResponse,
            "403": identityError("`forbidden`: `missing permission profile:write`."),
            "404": identityError("`not_found`: no such linked identity of this member (someone else's is not found either)."),
          },
        },
      },
      "/api/calendar/events/upcoming": {
        get: {
          tags: ["events"],
          operationId: "listUpcomingEvents",
          summary: "Upcoming public events, filtered and cursor-paged",
          description:
            "Public events that are not drafts and end now or later, ordered by start instant (UTC) then eventId. " +
            "Filters combine with AND; `audience` matches events whose audience contains the value; unknown ministry, " +
            "campus or audience values give an empty page. `nextCursor` is opaque, tamper-evident and bound to the filters " +
            "it was issued for: send it back with the same filters.",
          requestParams: { query: upcomingEventsQuerySchema },
          responses: {
            "200": cachedJson("One page of events.", upcomingFeedSchema),
            "304": notModified,
            "400": calendarError(
              "`limit must be between 1 and 100`, `type must be one of …` or `cursor is invalid` (malformed, tampered or bound to other filters).",
            ),
          },
        },
      },
      "/api/calendar/events/upcoming.ics": {
        get: {
          tags: ["events"],
          operationId: "subscribeUpcomingEvents",
          summary: "Upcoming public events as an iCalendar (RFC 5545) subscription",
          description: `Same filters as the JSON feed, every upcoming event (at most ${ICS_FEED_MAX_EVENTS.toLocaleString("en")}) in one calendar that Google and Apple calendars can subscribe to.`,
          requestParams: { query: calendarSubscriptionQuery },
          responses: {
            "200": { description: "An iCalendar document.", content: { "text/calendar": { schema: { type: "string" } } } },
            "304": notModified,
            "400": calendarError("An invalid filter value."),
          },
        },
      },
      "/api/calendar/events/{eventId}": {
        get: {
          tags: ["events"],
          operationId: "getEvent",
          summary: "One public event by id or slug",
          requestParams: { path: eventIdParamsSchema },
          responses: {
            "200": cachedJson("The event with its ministry and campus when linked.", eventDetailSchema),
            "304": notModified,
            "400": calendarError("`eventId missing`."),
            "404": calendarError("`event not found`: no such event, or it is a draft or not public."),
          },
        },
      },
      "/api/calendar/events/{eventId}/calendar.ics": {
        get: {
          tags: ["events"],
          operationId: "getEventIcs",
          summary: "One public event as iCalendar, for “add to my calendar”",
          requestParams: { path: eventIdParamsSchema },
          responses: {
            "200": { description: "An iCalendar document with one event.", content: { "text/calendar": { schema: { type: "string" } } } },
            "304": notModified,
            "404": calendarError("`event not found`."),
          },
        },
      },
    })),
    "x-calendar-base-url": options.calendarUrl,
  });
}
