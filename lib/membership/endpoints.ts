import { AcknowledgementSchema } from "../identity/schemas.ts";
import { defineEndpoint } from "../openapi/endpoint.ts";
import { CONTACT_CODE_RULES, identityError, tooManyCodesSent, tooManyContactCodeAttempts } from "../openapi/responses.ts";
import { BODY_400, LIST_400 } from "../openapi/staff-operations.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
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
 * Claiming one's own record in the church's membership register, and the register and its link requests as
 * staff manage them (docs/decisions/0012, 0017).
 */

const TAGS = ["membership"] as const;
const claim = (permission: "profile:read" | "profile:write") => ({ kind: "member" as const, scope: AREA_SCOPES.claimMembership, permission });
const MEMBERSHIP_ID_400 = "`invalid_request`: malformed JSON, an unknown field, or `membership_id` is not a string.";
const RECORD_404 = "`not_found`: no such record, or it is linked to another account.";

// ── The member's own ──

export const getMyMembership = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/membership",
  operationId: "getMyMembership",
  summary: "The membership record linked to the member, and their requests waiting for church staff",
  description: "Records are shown by id and campus only.",
  tags: TAGS,
  access: { kind: "member", scope: AREA_SCOPES.membership, permission: "profile:read" },
  success: { status: 200, description: "The linked record (or null) and the waiting requests.", schema: MyMembershipSchema },
});

export const rankedMembershipSearch = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/membership/ranked-search",
  operationId: "rankedMembershipSearch",
  summary: "Register records that look like the member, best first",
  description:
    `At most ${MAX_MATCHES} records not linked to any account, by trigram similarity (pg_trgm) of the query to ` +
    "the record's name (accents, case and punctuation ignored; a given name also tried as its nicknames, Bill for William). " +
    "A query that is an email address or a phone number finds only the records holding exactly that contact, and only when it is one of the member's " +
    "own verified contacts: anyone else's gives no matches, as a contact on no record does. " +
    "A record holding the member's own verified email or phone counts for more. Answers ids, scores and campuses, never names or contact data. " +
    "Rate limited per member: 20 searches, then a growing wait.",
  tags: TAGS,
  access: claim("profile:read"),
  body: rankedSearchBodySchema,
  success: { status: 200, description: "Matches, highest score first; none is an empty list.", schema: MembershipSearchResultSchema },
  refusals: {
    "400": "`invalid_request`: malformed JSON, an unknown field, or `query` is not 2 to 100 characters.",
    "429": {
      ...identityError("`too_many_requests`: `too many searches; try again later`."),
      headers: { "Retry-After": { description: "Seconds until the member may search again.", schema: { type: "string" as const } } },
    },
  },
});

export const challengeMembership = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/membership/challenge",
  operationId: "challengeMembership",
  summary: "Send a code to a register record's contact on file",
  description:
    "The code goes to the record's email, or by SMS to its phone when it has no email; the answer is the Acknowledgement only, " +
    "never where the code went. A record's contact gets at most 3 such messages a day, whoever asks, then they are spaced out. " +
    `Asking again sends a new code; the earlier one stops working. ${CONTACT_CODE_RULES}`,
  tags: TAGS,
  access: claim("profile:write"),
  body: membershipIdBodySchema,
  success: { status: 200, description: "Acknowledgement: a code was sent.", schema: MembershipChallengeSchema },
  refusals: {
    "400": MEMBERSHIP_ID_400,
    "404": RECORD_404,
    "409": "`conflict`: the record is already linked to this account, the account is linked to another record, or the record has no contact on file.",
    "429": tooManyCodesSent,
  },
});

export const verifyMembership = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/membership/verify",
  operationId: "verifyMembership",
  summary: "Link a register record to the member with the code sent to its contact",
  description: `Already linked to this account: the same 200. ${CONTACT_CODE_RULES}`,
  tags: TAGS,
  access: claim("profile:write"),
  body: verifyMembershipBodySchema,
  success: { status: 200, description: "The record is linked to the member.", schema: MembershipLinkedSchema },
  refusals: {
    "400": "`invalid_request`: `code` is not exactly 6 digits; a wrong code (`code: is not the code we sent; N tries left`); an expired one, or none sent.",
    "404": RECORD_404,
    "409": "`conflict`: the account is already linked to another record.",
    "429": tooManyContactCodeAttempts,
  },
});

export const suggestMembershipLink = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/membership/suggest",
  operationId: "suggestMembershipLink",
  summary: "Ask church staff to link a register record to the member",
  description: `Idempotent: asking again for the same record answers the same. At most ${MAX_OPEN_LINK_REQUESTS} requests wait at once.`,
  tags: TAGS,
  access: claim("profile:write"),
  body: membershipIdBodySchema,
  success: { status: 200, description: "Acknowledgement: the request is filed.", schema: AcknowledgementSchema },
  refusals: {
    "400": MEMBERSHIP_ID_400,
    "404": RECORD_404,
    "409": `\`conflict\`: the record is already linked to this account, the account is linked to another record, or ${MAX_OPEN_LINK_REQUESTS} requests are already waiting.`,
  },
});

// ── Staff ──

const READ = { kind: "staff", permission: "membership:read" } as const;
const WRITE = { kind: "staff", permission: "membership:write" } as const;
const RECORD_ID = { id: "The membership id (mbr_…)." };
const REQUEST_ID = { id: "The link request id (UUID)." };
const STAFF_RECORD_404 = "`not_found`: `membership record not found`.";
const SUGGESTION_404 = "`not_found`: `membership suggestion not found`.";

export const adminListMembershipRecords = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/membership/records",
  operationId: "adminListMembershipRecords",
  summary: "The church's membership register",
  description: "`q` matches the name, email address or phone number on file; `linked` is `true` or `false`. Sort by `familyName` (default) or `createdAt`.",
  tags: ["admin"],
  access: READ,
  query: adminMembershipRecordsQuerySchema,
  success: { status: 200, description: "One page of records.", schema: AdminMembershipRecordPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminGetMembershipRecord = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/membership/records/{id}",
  operationId: "adminGetMembershipRecord",
  summary: "One register record",
  description: "",
  tags: ["admin"],
  access: READ,
  params: RECORD_ID,
  success: { status: 200, description: "The record.", schema: AdminMembershipRecordSchema },
  refusals: { "404": STAFF_RECORD_404 },
});

export const adminUpdateMembershipRecord = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/membership/records/{id}",
  operationId: "adminUpdateMembershipRecord",
  summary: "Correct a register record",
  description: "Only the fields sent change; `null` clears an optional one. When the record is linked, the member's security log gets `membership_record_updated` naming the fields (never their values).",
  tags: ["admin"],
  access: WRITE,
  params: RECORD_ID,
  body: updateMembershipRecordBodySchema,
  success: { status: 200, description: "The record.", schema: AdminMembershipRecordSchema },
  refusals: { "400": BODY_400(", an empty body, or `campus_id: no such campus`"), "404": STAFF_RECORD_404 },
});

export const adminUnlinkMembershipRecord = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/membership/records/{id}/unlink",
  operationId: "adminUnlinkMembershipRecord",
  summary: "Unlink a register record from its account",
  description: "No body. The record is no longer linked; the member's security log gets `membership_unlinked`, and they may claim a record again. A record that is not linked is answered unchanged.",
  tags: ["admin"],
  access: WRITE,
  params: RECORD_ID,
  success: { status: 200, description: "The record, unlinked.", schema: AdminMembershipRecordSchema },
  refusals: { "404": STAFF_RECORD_404 },
});

export const adminListMembershipSuggestions = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/membership/suggestions",
  operationId: "adminListMembershipSuggestions",
  summary: "Members' requests to link a register record",
  description: "`status` defaults to `pending`; oldest first unless `sort=-createdAt`. Each shows the member and the record side by side for staff to compare.",
  tags: ["admin"],
  access: READ,
  query: adminSuggestionsQuerySchema,
  success: { status: 200, description: "One page of requests.", schema: AdminMembershipSuggestionPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminApproveMembershipSuggestion = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/membership/suggestions/{id}/approve",
  operationId: "adminApproveMembershipSuggestion",
  summary: "Approve a request: link the record to the member",
  description: "No body. The record is linked as if the member had typed its code; their other waiting requests, and others' requests for this record, are closed.",
  tags: ["admin"],
  access: WRITE,
  params: REQUEST_ID,
  success: { status: 200, description: "The request, `approved`.", schema: AdminMembershipSuggestionSchema },
  refusals: {
    "404": SUGGESTION_404,
    "409": "`conflict`: `this request is already approved` (or rejected, closed), `the record is already linked to an account`, `the member is already linked to another record`.",
  },
});

export const adminRejectMembershipSuggestion = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/membership/suggestions/{id}/reject",
  operationId: "adminRejectMembershipSuggestion",
  summary: "Reject a request",
  description: "No body. The member may ask again.",
  tags: ["admin"],
  access: WRITE,
  params: REQUEST_ID,
  success: { status: 200, description: "The request, `rejected`.", schema: AdminMembershipSuggestionSchema },
  refusals: { "404": SUGGESTION_404, "409": "`conflict`: `this request is already approved` (or rejected, closed)." },
});

/** In the order the OpenAPI document lists them. */
export const membershipEndpoints = [
  getMyMembership,
  rankedMembershipSearch,
  challengeMembership,
  verifyMembership,
  suggestMembershipLink,
  adminListMembershipRecords,
  adminGetMembershipRecord,
  adminUpdateMembershipRecord,
  adminUnlinkMembershipRecord,
  adminListMembershipSuggestions,
  adminApproveMembershipSuggestion,
  adminRejectMembershipSuggestion,
];
