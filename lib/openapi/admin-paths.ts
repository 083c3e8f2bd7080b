import { z } from "zod";
import {
  AdminCampusPageSchema,
  AdminCampusSchema,
  AdminClientPageSchema,
  AdminClientSchema,
  AdminClientWithSecretSchema,
  AdminEventPageSchema,
  AdminEventSchema,
  AdminFamilyDetailSchema,
  AdminFamilyPageSchema,
  AdminGuardianshipPageSchema,
  AdminGuardianshipSchema,
  AdminMembershipRecordPageSchema,
  AdminMembershipRecordSchema,
  AdminMembershipSuggestionPageSchema,
  AdminMembershipSuggestionSchema,
  AdminMinistryPageSchema,
  AdminMinistrySchema,
  AdminRolePageSchema,
  AdminUserPageSchema,
  AdminUserSchema,
  MAX_PER,
  adminCampusesQuerySchema,
  adminClientsQuerySchema,
  adminEventsQuerySchema,
  adminFamiliesQuerySchema,
  adminGuardianshipsQuerySchema,
  adminMembershipRecordsQuerySchema,
  adminMinistriesQuerySchema,
  adminSuggestionsQuerySchema,
  adminUsersQuerySchema,
  createCampusBodySchema,
  createClientBodySchema,
  createEventBodySchema,
  createGuardianshipBodySchema,
  createMinistryBodySchema,
  rolesQuerySchema,
  setUserRolesBodySchema,
  updateClientBodySchema,
  updateEventBodySchema,
} from "../admin/schemas.ts";
import { identityErrorSchema } from "../identity/schemas.ts";

/**
 * The OpenAPI entries of the staff management API under /api/v1/admin (docs/decisions/0017-staff-management.md),
 * spread into the document's paths by document.ts.
 */
const identityError = (description: string) => ({ description, content: { "application/json": { schema: identityErrorSchema } } });
const json = (description: string, schema: z.ZodType) => ({ description, content: { "application/json": { schema } } });

const invalidTokenResponse = {
  ...identityError("`invalid_token`: missing, malformed, expired, revoked or wrongly-signed access token, or its session has ended."),
  headers: { "WWW-Authenticate": { description: 'Bearer error="invalid_token" (RFC 6750)', schema: { type: "string" as const } } },
};

export const adminTag = {
  name: "admin",
  description:
    "Staff management: events, ministries, campuses, accounts, roles, clients, the membership register and link requests, families and guardianships. " +
    `Every route needs its own permission (from the caller's roles, checked on every call). Lists answer \`{ metadata: { total, page, per }, items }\`; ` +
    `\`page\` from 1, \`per\` 1 to ${MAX_PER} (default 20), \`q\` searches, \`sort\` takes a field or \`-field\`; any other parameter is \`invalid_request\`.`,
};

const LIST_400 = identityError("`invalid_request` naming the parameter, e.g. `per: must be a whole number from 1 to 100`, `sort: must be one of …`, or an unknown one.");
const BODY_400 = (extra = "") => identityError(`\`invalid_request\` naming the field: malformed JSON, a wrong type or value, an unknown field${extra}.`);

function op(
  permission: string,
  operationId: string,
  summary: string,
  description: string,
  responses: Record<string, unknown>,
  extra: { query?: z.ZodObject; path?: z.ZodObject; body?: z.ZodType } = {},
) {
  return {
    tags: ["admin"],
    operationId,
    summary,
    description: `Needs permission \`${permission}\`. ${description}`.trim(),
    security: [{ bearer: [] }],
    ...((extra.query || extra.path) && { requestParams: { ...(extra.query && { query: extra.query }), ...(extra.path && { path: extra.path }) } }),
    ...(extra.body && { requestBody: { content: { "application/json": { schema: extra.body } } } }),
    responses: { ...responses, "401": invalidTokenResponse, "403": identityError(`Or \`missing permission ${permission}\`: the member's roles lack it.`) },
  };
}

const idPath = (what: string) => z.object({ id: z.string().meta({ description: what }) });
const eventPath = idPath("The event id (evt_…). GET also takes the slug.");
const userPath = idPath("The user id (UUID).");
const clientPath = idPath("The client_id.");
const requestPath = idPath("The link request id (UUID).");
const STATUS_CHANGE = (to: string, from: string) =>
  `No body. Answers the event with status ${to}; the feed, its caches and the event page show it on the next request. ` +
  `Already ${to}: the same 200. From any other status than ${from}: \`conflict\` (\`a DRAFT event cannot be cancelled\`).`;

export const adminPaths = {
  "/api/v1/admin/events": {
    get: op(
      "events:read",
      "adminListEvents",
      "Every event, drafts and non-public ones too",
      "`q` matches the title or slug; `status` and `from` (YYYY-MM-DD: events ending on or after it) filter; sort by `startAt` (default), `title`, `updatedAt`, `createdAt`.",
      { "200": json("One page of events.", AdminEventPageSchema), "400": LIST_400 },
      { query: adminEventsQuerySchema },
    ),
    post: op(
      "events:write",
      "adminCreateEvent",
      "Create an event (a DRAFT until published)",
      "Local dates and times in `timezone` (IANA) are the truth; the instants are computed DST-correctly. The slug is made from the title and start date " +
        "when left out. Linked ministry, campus and series must exist. An event lasts at most 62 days and cannot end before it starts.",
      {
        "201": json("The new draft.", AdminEventSchema),
        "400": BODY_400(", `endDate: an event cannot end before it starts`, `campusId: no such campus`"),
        "409": identityError("`conflict`: `slug: another event already uses this address`."),
      },
      { body: createEventBodySchema },
    ),
  },
  "/api/v1/admin/events/{id}": {
    get: op("events:read", "adminGetEvent", "One event by id or slug", "", { "200": json("The event.", AdminEventSchema), "404": identityError("`not_found`: `event not found`.") }, { path: eventPath }),
    patch: op(
      "events:write",
      "adminUpdateEvent",
      "Change some fields of an event",
      "Only the fields sent change; `null` clears an optional one. The status has its own routes. The calendar shows the change on the next request.",
      {
        "200": json("The event as it is now.", AdminEventSchema),
        "400": BODY_400(", an empty body, or a schedule that ends before it starts"),
        "404": identityError("`not_found`: `event not found`."),
        "409": identityError("`conflict`: `slug: another event already uses this address`."),
      },
      { path: eventPath, body: updateEventBodySchema },
    ),
  },
  "/api/v1/admin/events/{id}/publish": {
    post: op(
      "events:write",
      "adminPublishEvent",
      "Put an event on the calendar (SCHEDULED)",
      STATUS_CHANGE("SCHEDULED", "DRAFT, POSTPONED or CANCELLED"),
      { "200": json("The published event.", AdminEventSchema), "404": identityError("`not_found`: `event not found`."), "409": identityError("`conflict`: e.g. `a COMPLETED event cannot be published`.") },
      { path: eventPath },
    ),
  },
  "/api/v1/admin/events/{id}/cancel": {
    post: op(
      "events:write",
      "adminCancelEvent",
      "Cancel an event (it stays in the feed, CANCELLED)",
      STATUS_CHANGE("CANCELLED", "SCHEDULED, ACTIVE or POSTPONED"),
      { "200": json("The cancelled event.", AdminEventSchema), "404": identityError("`not_found`: `event not found`."), "409": identityError("`conflict`: e.g. `a DRAFT event cannot be cancelled`.") },
      { path: eventPath },
    ),
  },
  "/api/v1/admin/events/{id}/postpone": {
    post: op(
      "events:write",
      "adminPostponeEvent",
      "Postpone an event (it stays in the feed, POSTPONED)",
      STATUS_CHANGE("POSTPONED", "SCHEDULED or ACTIVE") + " Give it new dates with PATCH and publish it again when they are known.",
      { "200": json("The postponed event.", AdminEventSchema), "404": identityError("`not_found`: `event not found`."), "409": identityError("`conflict`: e.g. `a CANCELLED event cannot be postponed`.") },
      { path: eventPath },
    ),
  },
  "/api/v1/admin/ministries": {
    get: op("events:read", "adminListMinistries", "Ministries, with their event counts", "Sort by `name` (default) or `createdAt`.", { "200": json("One page of ministries.", AdminMinistryPageSchema), "400": LIST_400 }, {
      query: adminMinistriesQuerySchema,
    }),
    post: op("events:write", "adminCreateMinistry", "Add a ministry", "Its id (`min_…`) is made for it.", { "201": json("The new ministry.", AdminMinistrySchema), "400": BODY_400() }, {
      body: createMinistryBodySchema,
    }),
  },
  "/api/v1/admin/campuses": {
    get: op("events:read", "adminListCampuses", "Campuses, with their time zones and event counts", "Sort by `name` (default) or `createdAt`.", { "200": json("One page of campuses.", AdminCampusPageSchema), "400": LIST_400 }, {
      query: adminCampusesQuerySchema,
    }),
    post: op("events:write", "adminCreateCampus", "Add a campus", "Its id (`cmp_…`) is made for it; `timezone` is IANA.", { "201": json("The new campus.", AdminCampusSchema), "400": BODY_400() }, {
      body: createCampusBodySchema,
    }),
  },
  "/api/v1/admin/users": {
    get: op(
      "users:read",
      "adminListUsers",
      "Accounts, searched by email address or name",
      "`status` is `active` or `disabled`; sort by `familyName` (default), `email`, `createdAt`. Never a password hash, TOTP secret or code.",
      { "200": json("One page of accounts.", AdminUserPageSchema), "400": LIST_400 },
      { query: adminUsersQuerySchema },
    ),
  },
  "/api/v1/admin/users/{id}": {
    get: op("users:read", "adminGetUser", "One account", "", { "200": json("The account.", AdminUserSchema), "404": identityError("`not_found`: `user not found`.") }, { path: userPath }),
  },
  "/api/v1/admin/users/{id}/disable": {
    post: op(
      "users:write",
      "adminDisableUser",
      "Disable an account",
      "No body. The account can no longer sign in, and every session and grant it has is revoked: its refresh tokens die and its access tokens stop " +
        "working on these routes at once (third parties validating offline see it within 10 minutes). Disabling again: the same 200.",
      { "200": json("The disabled account.", AdminUserSchema), "404": identityError("`not_found`: `user not found`."), "409": identityError("`conflict`: `you cannot disable your own account`.") },
      { path: userPath },
    ),
  },
  "/api/v1/admin/users/{id}/enable": {
    post: op("users:write", "adminEnableUser", "Enable a disabled account", "No body. The member may sign in again; ended sessions stay ended.", { "200": json("The account.", AdminUserSchema), "404": identityError("`not_found`: `user not found`.") }, {
      path: userPath,
    }),
  },
  "/api/v1/admin/users/{id}/roles": {
    put: op(
      "roles:write",
      "adminSetUserRoles",
      "Set an account's roles",
      "The account holds exactly these roles afterwards; permissions change on its next call. `guardian` comes from guardianships: it cannot be sent and is kept as it is.",
      {
        "200": json("The account with its roles.", AdminUserSchema),
        "400": BODY_400(", `roles: no role named …`, `roles: guardian comes from guardianships and cannot be assigned`"),
        "404": identityError("`not_found`: `user not found`."),
        "409": identityError("`conflict`: `you cannot take roles:write away from yourself`."),
      },
      { path: userPath, body: setUserRolesBodySchema },
    ),
  },
  "/api/v1/admin/roles": {
    get: op("users:read", "adminListRoles", "Every role and its permissions", "", { "200": json("One page of roles.", AdminRolePageSchema), "400": LIST_400 }, { query: rolesQuerySchema }),
  },
  "/api/v1/admin/clients": {
    get: op("clients:read", "adminListClients", "Registered OAuth clients", "`q` matches the client id or name. Never a secret or its hash.", { "200": json("One page of clients.", AdminClientPageSchema), "400": LIST_400 }, {
      query: adminClientsQuerySchema,
    }),
    post: op(
      "clients:write",
      "adminCreateClient",
      "Register a third-party client",
      "A confidential client gets a random secret, answered in `client_secret` this once and stored only hashed. First-party clients are registered with `npm run clients:register`.",
      { "201": json("The new client with its secret.", AdminClientWithSecretSchema), "400": BODY_400(", `grant_types: client_credentials needs a confidential client`") },
      { body: createClientBodySchema },
    ),
  },
  "/api/v1/admin/clients/{id}": {
    get: op("clients:read", "adminGetClient", "One registered client", "", { "200": json("The client.", AdminClientSchema), "404": identityError("`not_found`: `client not found`.") }, { path: clientPath }),
    patch: op(
      "clients:write",
      "adminUpdateClient",
      "Change a client's name, redirect URIs or scopes",
      "Takes effect on the next authorization request.",
      {
        "200": json("The client.", AdminClientSchema),
        "400": BODY_400(" or an empty body"),
        "404": identityError("`not_found`: `client not found`."),
        "409": identityError("`conflict`: `first-party clients are managed with npm run clients:register`."),
      },
      { path: clientPath, body: updateClientBodySchema },
    ),
  },
  "/api/v1/admin/clients/{id}/rotate-secret": {
    post: op(
      "clients:write",
      "adminRotateClientSecret",
      "Give a confidential client a new secret",
      "No body. The new secret is answered this once and works at once; the old one stops working within 5 seconds (the token endpoint keeps clients for 5 s, decision 0008).",
      {
        "200": json("The client with its new secret.", AdminClientWithSecretSchema),
        "404": identityError("`not_found`: `client not found`."),
        "409": identityError("`conflict`: `a public client has no secret`, or a first-party client."),
      },
      { path: clientPath },
    ),
  },
  "/api/v1/admin/clients/{id}/disable": {
    post: op(
      "clients:write",
      "adminDisableClient",
      "Disable a client",
      "No body. Its grants are revoked at once (refresh tokens die, access tokens stop working on these routes); it can no longer authorize, and the token endpoint refuses it within 5 seconds (its client cache, decision 0008). Again: the same 200.",
      { "200": json("The disabled client.", AdminClientSchema), "404": identityError("`not_found`: `client not found`."), "409": identityError("`conflict`: a first-party client.") },
      { path: clientPath },
    ),
  },
  "/api/v1/admin/membership/records": {
    get: op(
      "membership:read",
      "adminListMembershipRecords",
      "The church's membership register",
      "`q` matches the name, email address or phone number on file; `linked` is `true` or `false`. Sort by `familyName` (default) or `createdAt`.",
      { "200": json("One page of records.", AdminMembershipRecordPageSchema), "400": LIST_400 },
      { query: adminMembershipRecordsQuerySchema },
    ),
  },
  "/api/v1/admin/membership/records/{id}": {
    get: op("membership:read", "adminGetMembershipRecord", "One register record", "", { "200": json("The record.", AdminMembershipRecordSchema), "404": identityError("`not_found`: `membership record not found`.") }, {
      path: idPath("The membership id (mbr_…)."),
    }),
  },
  "/api/v1/admin/membership/suggestions": {
    get: op(
      "membership:read",
      "adminListMembershipSuggestions",
      "Members' requests to link a register record",
      "`status` defaults to `pending`; oldest first unless `sort=-createdAt`. Each shows the member and the record side by side for staff to compare.",
      { "200": json("One page of requests.", AdminMembershipSuggestionPageSchema), "400": LIST_400 },
      { query: adminSuggestionsQuerySchema },
    ),
  },
  "/api/v1/admin/membership/suggestions/{id}/approve": {
    post: op(
      "membership:write",
      "adminApproveMembershipSuggestion",
      "Approve a request: link the record to the member",
      "No body. The record is linked as if the member had typed its code; their other waiting requests, and others' requests for this record, are closed.",
      {
        "200": json("The request, `approved`.", AdminMembershipSuggestionSchema),
        "404": identityError("`not_found`: `membership suggestion not found`."),
        "409": identityError(
          "`conflict`: `this request is already approved` (or rejected, closed), `the record is already linked to an account`, `the member is already linked to another record`.",
        ),
      },
      { path: requestPath },
    ),
  },
  "/api/v1/admin/membership/suggestions/{id}/reject": {
    post: op(
      "membership:write",
      "adminRejectMembershipSuggestion",
      "Reject a request",
      "No body. The member may ask again.",
      {
        "200": json("The request, `rejected`.", AdminMembershipSuggestionSchema),
        "404": identityError("`not_found`: `membership suggestion not found`."),
        "409": identityError("`conflict`: `this request is already approved` (or rejected, closed)."),
      },
      { path: requestPath },
    ),
  },
  "/api/v1/admin/families": {
    get: op("families:read", "adminListFamilies", "Households", "`q` matches the name. Never a join code.", { "200": json("One page of families.", AdminFamilyPageSchema), "400": LIST_400 }, {
      query: adminFamiliesQuerySchema,
    }),
  },
  "/api/v1/admin/families/{id}": {
    get: op("families:read", "adminGetFamily", "One household and its members", "Adults first.", { "200": json("The family.", AdminFamilyDetailSchema), "404": identityError("`not_found`: `family not found`.") }, {
      path: idPath("The family id (UUID)."),
    }),
  },
  "/api/v1/admin/guardianships": {
    get: op(
      "families:read",
      "adminListGuardianships",
      "Guardianships, live or ended",
      "`q` matches either person's name or email address; `status` is `active` or `ended`; newest first by default.",
      { "200": json("One page of guardianships.", AdminGuardianshipPageSchema), "400": LIST_400 },
      { query: adminGuardianshipsQuerySchema },
    ),
    post: op(
      "families:write",
      "adminCreateGuardianship",
      "Record a guardian for a minor",
      "The guardian gets the guardian role (`guardian:act_as`) at once. The dependant must have a birth date under the age of majority. An ended guardianship of the pair starts again.",
      {
        "201": json("The new guardianship.", AdminGuardianshipSchema),
        "200": json("It was live already.", AdminGuardianshipSchema),
        "400": BODY_400(", `guardian_id: no such user`, `dependent_id: a dependant must have a birth date and be under the age of majority`"),
      },
      { body: createGuardianshipBodySchema },
    ),
  },
  "/api/v1/admin/guardianships/{id}/end": {
    post: op(
      "families:write",
      "adminEndGuardianship",
      "End a guardianship",
      "No body. A guardian left with no live guardianship loses the guardian role at once. Again: the same 200.",
      { "200": json("The ended guardianship.", AdminGuardianshipSchema), "404": identityError("`not_found`: `guardianship not found`.") },
      { path: idPath("The guardianship id (UUID).") },
    ),
  },
};
