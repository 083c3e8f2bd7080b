import { z } from "zod";
import { ConsentSchema } from "../consents/schemas.ts";
import { FAMILY_CODE_MAX_USES, FAMILY_CODE_TTL_DAYS, FamilyCodeSchema, FamilyJoinResultSchema, FamilySchema, joinFamilyBodySchema } from "../families/schemas.ts";
import { DependentListSchema } from "../guardians/schemas.ts";
import { identityErrorSchema } from "../identity/schemas.ts";

/**
 * The OpenAPI entries of families and guardians (docs/decisions/0013-families-and-guardians.md), spread into
 * the document's paths by document.ts.
 */
const identityError = (description: string) => ({ description, content: { "application/json": { schema: identityErrorSchema } } });

const invalidTokenResponse = {
  ...identityError("`invalid_token`: missing, malformed, expired, revoked or wrongly-signed access token, or its session has ended."),
  headers: { "WWW-Authenticate": { description: 'Bearer error="invalid_token" (RFC 6750)', schema: { type: "string" as const } } },
};

const CODE_RULES = `A code is valid ${FAMILY_CODE_TTL_DAYS} days and for ${FAMILY_CODE_MAX_USES} members joining; an adult can replace it at any time.`;

export const familyTag = { name: "family", description: "Households, their members and codes; guardians acting for their dependants." };

export const familyPaths = {
  "/api/v1/families/join": {
    post: {
      tags: ["family"],
      operationId: "joinFamily",
      summary: "Join a family with its code",
      description:
        "Needs a bearer token with permission `profile:write`. The member joins as `adult`, or as `child` when their birth date says they are " +
        "under the age of majority. Already a member of that family: the same 200 (the code is not used again). Every code that does not " +
        "let the caller join (unknown, expired, used up, malformed) is the same `invalid_request`, and counts against the member (5 free, then " +
        `2, 4, 8 … s, at most 15 min) and their IP address (20 free, then the same). ${CODE_RULES}`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: joinFamilyBodySchema } } },
      responses: {
        "200": { description: "The caller is a member of the family.", content: { "application/json": { schema: FamilyJoinResultSchema } } },
        "400": identityError("`invalid_request`: `code: is not a valid family code` (one answer for every bad code), `code: is required`, malformed JSON or an unknown field."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError("`conflict`: `you already belong to another family` (answered for a valid code only)."),
        "429": {
          ...identityError("`too_many_requests`: `too many wrong family codes; try again later`, for this member or from this IP address."),
          headers: { "Retry-After": { description: "Seconds until another code may be tried.", schema: { type: "string" as const } } },
        },
      },
    },
  },
  "/api/v1/families/me": {
    get: {
      tags: ["family"],
      operationId: "getMyFamily",
      summary: "The member's family and its members",
      description:
        "Needs permission `profile:read`. Members are listed adults first, then by when they joined, with names and roles only. " +
        "The family's adults also get its current code (`active` false once it expired or is used up).",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The family.", content: { "application/json": { schema: FamilySchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
        "404": identityError("`not_found`: `family not found`: the member belongs to no family."),
      },
    },
  },
  "/api/v1/families/me/code": {
    post: {
      tags: ["family"],
      operationId: "rotateFamilyCode",
      summary: "Make a new family code",
      description: `Needs permission \`profile:write\` and to be an adult of the family. No body. The old code stops working at once. ${CODE_RULES}`,
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The new code.", content: { "application/json": { schema: FamilyCodeSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`, or `only an adult of the family can make a new family code`."),
        "404": identityError("`not_found`: `family not found`: the member belongs to no family."),
      },
    },
  },
  "/api/v1/users/me/dependents": {
    get: {
      tags: ["family"],
      operationId: "listMyDependents",
      summary: "The guardian's dependants, each with their consents",
      description:
        "Needs permission `guardian:act_as` (held by every member with at least one guardianship). Dependants under a live guardianship, " +
        "oldest first, with the day they come of age (when the guardianship ends by itself) and every consent, granted first.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "The dependants.", content: { "application/json": { schema: DependentListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission guardian:act_as`."),
      },
    },
  },
  "/api/v1/users/me/dependents/{dependentId}/consent/{consentId}": {
    delete: {
      tags: ["family"],
      operationId: "revokeDependentConsent",
      summary: "Revoke a dependant's consent, and the client's refresh tokens for them",
      description:
        "Needs permission `guardian:act_as` and a live guardianship of that dependant. Works exactly as the dependant's own revocation: " +
        "answers the consent with `status: revoked` and `revoked_at`; the client's grants and refresh tokens for the dependant are revoked. " +
        "Recorded in the dependant's security log and the guardian's.",
      security: [{ bearer: [] }],
      requestParams: {
        path: z.object({
          dependentId: z.string().meta({ description: "The dependant's user id (UUID)." }),
          consentId: z.string().meta({ description: "The consent id (UUID)." }),
        }),
      },
      responses: {
        "200": { description: "The revoked consent.", content: { "application/json": { schema: ConsentSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission guardian:act_as`."),
        "404": identityError("`not_found`: `dependent not found` (not the caller's dependant, or no longer) or `consent not found` (not that dependant's)."),
      },
    },
  },
};
