import { createDocument } from "zod-openapi";
import { z } from "zod";
import {
  calendarErrorSchema,
  ICS_FEED_MAX_EVENTS,
  eventDetailSchema,
  eventIdParamsSchema,
  upcomingEventsQuerySchema,
  upcomingFeedSchema,
} from "../calendar/schemas.ts";
import { ConsentListSchema, ConsentSchema, createConsentBodySchema } from "../consents/schemas.ts";
import { AcknowledgementSchema, identityErrorSchema } from "../identity/schemas.ts";
import { MfaStateSchema, RecoveryCodesSchema, TotpSetupSchema, disableMfaBodySchema, totpCodeBodySchema } from "../mfa/schemas.ts";
import { DataExportSchema, DataRequestListSchema, DataRequestSchema, createDataRequestBodySchema } from "../privacy/schemas.ts";
import { SecurityEventPageSchema, securityEventsQuerySchema } from "../security-log/schemas.ts";
import { MemberSessionListSchema, RevokedOthersSchema, RevokedSessionSchema } from "../sessions/schemas.ts";
import { ProfileSchema } from "../users/schemas.ts";

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

const notModified = { description: "Not modified: the If-None-Match tag still matches." };
const calendarSubscriptionQuery = upcomingEventsQuerySchema.pick({ type: true, ministryId: true, campusId: true, audience: true });

export function buildOpenApiDocument(options: { serverUrl: string; calendarUrl: string }) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Church identity and calendar API",
      version: "1.0.0",
      description:
        "The identity service (OAuth 2.0 / OpenID Connect and the /api/v1 self-service routes) and the public calendar service. " +
        "Calendar routes need no authentication, answer `Access-Control-Allow-Origin: *`, and fail with a CalendarError body.",
    },
    servers: [{ url: options.serverUrl }],
    tags: [
      { name: "users", description: "The signed-in member (bearer access token from this issuer)." },
      { name: "consents-privacy", description: "Which apps may use which parts of the member's account." },
      { name: "sessions", description: "Where the member is signed in." },
      { name: "privacy", description: "A copy of everything kept about the member, and deleting their account." },
      { name: "security", description: "Two-factor authentication, and what happened to the member's account and from where." },
      { name: "events", description: "Public calendar of church events (no authentication)." },
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
    paths: {
      "/api/v1/users/me": {
        get: {
          tags: ["users"],
          operationId: "getMyProfile",
          summary: "The signed-in member's profile, roles and permissions",
          description: "Needs permission `profile:read`. Absent values are null.",
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
    },
    "x-calendar-base-url": options.calendarUrl,
  });
}
