import type { ZodOpenApiPathsObject } from "zod-openapi";
import { AcknowledgementSchema } from "../identity/schemas.ts";
import {
  CONTACT_CODE_RULES,
  identityError,
  invalidTokenResponse,
  jsonResponse,
  tooManyCodesSent,
  tooManyContactCodeAttempts,
} from "../openapi/responses.ts";
import { BODY_400, LIST_400, idPath, staffOperation } from "../openapi/staff-operations.ts";
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
} from "./schemas.ts";
import {
  AdminMembershipRecordPageSchema,
  AdminMembershipRecordSchema,
  AdminMembershipSuggestionPageSchema,
  AdminMembershipSuggestionSchema,
  adminMembershipRecordsQuerySchema,
  adminSuggestionsQuerySchema,
  updateMembershipRecordBodySchema,
} from "./staff-schemas.ts";

/**
 * The OpenAPI entries of claiming one's own record in the membership register, and of the register and its
 * link requests as staff manage them (docs/decisions/0012, 0017), spread into the document's paths by
 * lib/openapi/document.ts.
 */

const requestPath = idPath("The link request id (UUID).");

export const membershipPaths = {
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
        `Asking again sends a new code; the earlier one stops working. ${CONTACT_CODE_RULES}`,
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
      description: `Needs permission \`profile:write\`. Already linked to this account: the same 200. ${CONTACT_CODE_RULES}`,
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
} satisfies ZodOpenApiPathsObject;

/** /api/v1/admin/membership (docs/decisions/0017). */
export const staffMembershipPaths = {
  "/api/v1/admin/membership/records": {
    get: staffOperation(
      "membership:read",
      "adminListMembershipRecords",
      "The church's membership register",
      "`q` matches the name, email address or phone number on file; `linked` is `true` or `false`. Sort by `familyName` (default) or `createdAt`.",
      { "200": jsonResponse("One page of records.", AdminMembershipRecordPageSchema), "400": LIST_400 },
      { query: adminMembershipRecordsQuerySchema },
    ),
  },
  "/api/v1/admin/membership/records/{id}": {
    get: staffOperation("membership:read", "adminGetMembershipRecord", "One register record", "", { "200": jsonResponse("The record.", AdminMembershipRecordSchema), "404": identityError("`not_found`: `membership record not found`.") }, {
      path: idPath("The membership id (mbr_…)."),
    }),
    patch: staffOperation(
      "membership:write",
      "adminUpdateMembershipRecord",
      "Correct a register record",
      "Only the fields sent change; `null` clears an optional one. When the record is linked, the member's security log gets `membership_record_updated` naming the fields (never their values).",
      {
        "200": jsonResponse("The record.", AdminMembershipRecordSchema),
        "400": BODY_400(", an empty body, or `campus_id: no such campus`"),
        "404": identityError("`not_found`: `membership record not found`."),
      },
      { path: idPath("The membership id (mbr_…)."), body: updateMembershipRecordBodySchema },
    ),
  },
  "/api/v1/admin/membership/records/{id}/unlink": {
    post: staffOperation(
      "membership:write",
      "adminUnlinkMembershipRecord",
      "Unlink a register record from its account",
      "No body. The record is no longer linked; the member's security log gets `membership_unlinked`, and they may claim a record again. A record that is not linked is answered unchanged.",
      { "200": jsonResponse("The record, unlinked.", AdminMembershipRecordSchema), "404": identityError("`not_found`: `membership record not found`.") },
      { path: idPath("The membership id (mbr_…).") },
    ),
  },
  "/api/v1/admin/membership/suggestions": {
    get: staffOperation(
      "membership:read",
      "adminListMembershipSuggestions",
      "Members' requests to link a register record",
      "`status` defaults to `pending`; oldest first unless `sort=-createdAt`. Each shows the member and the record side by side for staff to compare.",
      { "200": jsonResponse("One page of requests.", AdminMembershipSuggestionPageSchema), "400": LIST_400 },
      { query: adminSuggestionsQuerySchema },
    ),
  },
  "/api/v1/admin/membership/suggestions/{id}/approve": {
    post: staffOperation(
      "membership:write",
      "adminApproveMembershipSuggestion",
      "Approve a request: link the record to the member",
      "No body. The record is linked as if the member had typed its code; their other waiting requests, and others' requests for this record, are closed.",
      {
        "200": jsonResponse("The request, `approved`.", AdminMembershipSuggestionSchema),
        "404": identityError("`not_found`: `membership suggestion not found`."),
        "409": identityError(
          "`conflict`: `this request is already approved` (or rejected, closed), `the record is already linked to an account`, `the member is already linked to another record`.",
        ),
      },
      { path: requestPath },
    ),
  },
  "/api/v1/admin/membership/suggestions/{id}/reject": {
    post: staffOperation(
      "membership:write",
      "adminRejectMembershipSuggestion",
      "Reject a request",
      "No body. The member may ask again.",
      {
        "200": jsonResponse("The request, `rejected`.", AdminMembershipSuggestionSchema),
        "404": identityError("`not_found`: `membership suggestion not found`."),
        "409": identityError("`conflict`: `this request is already approved` (or rejected, closed)."),
      },
      { path: requestPath },
    ),
  },
} satisfies ZodOpenApiPathsObject;
