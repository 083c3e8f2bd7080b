import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse, jsonResponse } from "../openapi/responses.ts";
import { BODY_400, LIST_400, idPath, staffOperation } from "../openapi/staff-operations.ts";
import {
  FAMILY_CODE_MAX_USES,
  FAMILY_CODE_TTL_DAYS,
  FamilyCodeSchema,
  FamilyJoinResultSchema,
  FamilyChildSchema,
  FamilySchema,
  LeftFamilySchema,
  RemovedChildSchema,
  addChildBodySchema,
  createFamilyBodySchema,
  joinFamilyBodySchema,
  updateChildBodySchema,
} from "./schemas.ts";
import { PickupListSchema, PickupPersonSchema, RemovedPickupPersonSchema, addPickupPersonBodySchema } from "./pickup-schemas.ts";
import { MAX_PICKUP_PEOPLE } from "./pickup-limits.ts";
import {
  AdminFamilyDetailSchema,
  AdminFamilyGuardianshipsSchema,
  AdminFamilyMemberSchema,
  AdminFamilyPageSchema,
  RemovedFamilyMemberSchema,
  addFamilyMemberBodySchema,
  adminAddChildBodySchema,
  adminFamilyNameBodySchema,
  mergeFamiliesBodySchema,
  AdminGuardianshipPageSchema,
  AdminGuardianshipSchema,
  adminFamiliesQuerySchema,
  adminGuardianshipsQuerySchema,
  createGuardianshipBodySchema,
} from "./staff-schemas.ts";

/**
 * The OpenAPI entries of families (docs/decisions/0013), and of households and guardianships as staff see and
 * record them (docs/decisions/0017), spread into the document's paths by lib/openapi/document.ts.
 */

const childPath = z.object({ childId: z.string().meta({ description: "The child's id (UUID)." }) });

const CODE_RULES = `A code is valid ${FAMILY_CODE_TTL_DAYS} days and for ${FAMILY_CODE_MAX_USES} members joining; an adult can replace it at any time.`;

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
  "/api/v1/families": {
    post: {
      tags: ["family"],
      operationId: "createFamily",
      summary: "Create a household",
      description: "Needs permission `profile:write`. The caller becomes its first adult; the answer carries the household's first code, to invite the others. One household per person.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: createFamilyBodySchema } } },
      responses: {
        "201": { description: "The new household.", content: { "application/json": { schema: FamilySchema } } },
        "400": identityError("`invalid_request`: `name: must be from 1 to 100 characters`, malformed JSON or an unknown field."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "409": identityError("`conflict`: `you already belong to a family: leave it first`."),
      },
    },
  },
  "/api/v1/families/me/children": {
    post: {
      tags: ["family"],
      operationId: "addChild",
      summary: "Add a child who does not sign in",
      description:
        "Needs permission `profile:write` and to be an adult of the household. The child gets a record without a sign-in, joins the household as `child`, " +
        "and the caller becomes their guardian (with the `guardian` role). The notes are seen by the household's adults and by staff only.",
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: addChildBodySchema } } },
      responses: {
        "201": { description: "The child.", content: { "application/json": { schema: FamilyChildSchema } } },
        "400": identityError("`invalid_request`: a field at fault, e.g. `birth_date: a child must be under 18` or `birth_date: must not be in the future`."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`, or `only an adult of the family can add, change or remove its children`."),
        "404": identityError("`not_found`: `family not found`."),
      },
    },
  },
  "/api/v1/families/me/children/{childId}": {
    patch: {
      tags: ["family"],
      operationId: "updateChild",
      summary: "Change a child's details",
      description:
        "Needs permission `profile:write` and to be an adult of the household. A child who signs in keeps their own name and birth date; their notes can be changed. Another household's child is not found.",
      security: [{ bearer: [] }],
      requestParams: { path: childPath },
      requestBody: { content: { "application/json": { schema: updateChildBodySchema } } },
      responses: {
        "200": { description: "The child as changed.", content: { "application/json": { schema: FamilyChildSchema } } },
        "400": identityError("`invalid_request`: a field at fault, or `the body must change at least one field`."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`, adults only, or a child who signs in keeps their own name and birth date."),
        "404": identityError("`not_found`: `family not found` or `child not found`."),
      },
    },
    delete: {
      tags: ["family"],
      operationId: "removeChild",
      summary: "Remove a child who does not sign in",
      description:
        "Needs permission `profile:write` and to be an adult of the household. The child's record goes, with their guardianships; a guardian left with no dependant loses the `guardian` role. A child who signs in leaves by themselves (`forbidden`).",
      security: [{ bearer: [] }],
      requestParams: { path: childPath },
      responses: {
        "200": { description: "Removed.", content: { "application/json": { schema: RemovedChildSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`, adults only, or a child who signs in."),
        "404": identityError("`not_found`: `family not found` or `child not found`."),
      },
    },
  },
  "/api/v1/families/me/children/{childId}/pickup": {
    get: {
      tags: ["family"],
      operationId: "getPickupList",
      summary: "Who may collect a child",
      description: "Needs permission `profile:read` and to be an adult of the household. The household's adults may collect their children unless marked not authorized; `people` are the others named.",
      security: [{ bearer: [] }],
      requestParams: { path: childPath },
      responses: {
        "200": { description: "The child's pickup list.", content: { "application/json": { schema: PickupListSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`, or adults only."),
        "404": identityError("`not_found`: `family not found` or `child not found`."),
      },
    },
    post: {
      tags: ["family"],
      operationId: "addPickupPerson",
      summary: "Name someone who may, or may not, collect a child",
      description:
        "Needs permission `profile:write` and to be an adult of the household. A named person (`name`, optional `relation` and E.164 `phone`) as `authorized` or `not_authorized`, " +
        `or one of the household's adults (\`user_id\`) as \`not_authorized\`. At most ${MAX_PICKUP_PEOPLE} per child. Check-in reads the list.`,
      security: [{ bearer: [] }],
      requestParams: { path: childPath },
      requestBody: { content: { "application/json": { schema: addPickupPersonBodySchema } } },
      responses: {
        "201": { description: "Added.", content: { "application/json": { schema: PickupPersonSchema } } },
        "400": identityError("`invalid_request`: a field at fault, e.g. `phone: must be a phone number with its country code, like +14155550123`, or `user_id: must be the id of one of the household's adults`."),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`, or adults only."),
        "404": identityError("`not_found`: `family not found` or `child not found`."),
        "409": identityError(`\`conflict\`: the adult is already marked, or the list holds ${MAX_PICKUP_PEOPLE} people.`),
      },
    },
  },
  "/api/v1/families/me/children/{childId}/pickup/{pickupId}": {
    delete: {
      tags: ["family"],
      operationId: "removePickupPerson",
      summary: "Take someone off a child's pickup list",
      description: "Needs permission `profile:write` and to be an adult of the household.",
      security: [{ bearer: [] }],
      requestParams: { path: childPath.extend({ pickupId: z.string().meta({ description: "The entry's id (UUID)." }) }) },
      responses: {
        "200": { description: "Removed.", content: { "application/json": { schema: RemovedPickupPersonSchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`, or adults only."),
        "404": identityError("`not_found`: `family not found`, `child not found` or `pickup person not found`."),
      },
    },
  },
  "/api/v1/families/me": {
    delete: {
      tags: ["family"],
      operationId: "leaveFamily",
      summary: "Leave the household",
      description:
        "Needs permission `profile:write`. The last adult cannot leave while the household has children; the last member to leave closes it. Guardianships do not end with leaving.",
      security: [{ bearer: [] }],
      responses: {
        "200": { description: "Left.", content: { "application/json": { schema: LeftFamilySchema } } },
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: `family not found`."),
        "409": identityError("`conflict`: `the last adult cannot leave while the household has children: remove them, or invite another adult first`."),
      },
    },
    get: {
      tags: ["family"],
      operationId: "getMyFamily",
      summary: "The member's family and its members",
      description:
        "Needs permission `profile:read`. Members are listed adults first, then by when they joined, with names, roles and whether each signs in. " +
        "The family's adults also get the children's birth dates and notes, and its current code (`active` false once it expired or is used up).",
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
} satisfies ZodOpenApiPathsObject;

const FAMILY_404 = identityError("`not_found`: `family not found`.");

/** /api/v1/admin/families and guardianships (docs/decisions/0017, 0013). */
export const staffFamilyPaths = {
  "/api/v1/admin/families": {
    get: staffOperation("families:read", "adminListFamilies", "Households", "`q` matches the name. Never a join code.", { "200": jsonResponse("One page of families.", AdminFamilyPageSchema), "400": LIST_400 }, {
      query: adminFamiliesQuerySchema,
    }),
    post: staffOperation(
      "families:write",
      "adminCreateFamily",
      "Create a household",
      "With no members yet: add them next. It gets a code like any household, which only its adults will see.",
      { "201": jsonResponse("The new household.", AdminFamilyDetailSchema), "400": BODY_400(", e.g. `name: must be from 1 to 100 characters`") },
      { body: adminFamilyNameBodySchema },
    ),
  },
  "/api/v1/admin/families/{id}": {
    get: staffOperation("families:read", "adminGetFamily", "One household and its members", "Adults first.", { "200": jsonResponse("The family.", AdminFamilyDetailSchema), "404": FAMILY_404 }, {
      path: idPath("The family id (UUID)."),
    }),
    patch: staffOperation("families:write", "adminRenameFamily", "Rename a household", "Every member's security log records it.", { "200": jsonResponse("The household.", AdminFamilyDetailSchema), "400": BODY_400(), "404": FAMILY_404 }, {
      path: idPath("The family id (UUID)."),
      body: adminFamilyNameBodySchema,
    }),
  },
  "/api/v1/admin/families/{id}/members": {
    post: staffOperation(
      "families:write",
      "adminAddFamilyMember",
      "Add an existing account to a household",
      "As joining by code would: `adult` or `child` by their birth date unless `role` says (`child` only for a minor); the household's adults and a minor who signs in are asked about guardianship. One household per person.",
      {
        "201": jsonResponse("The new member.", AdminFamilyMemberSchema),
        "200": jsonResponse("Already a member of this household: nothing changed.", AdminFamilyMemberSchema),
        "400": BODY_400(", `user_id: no such user`, `role: only someone under 18 by their birth date can be a child of a household`"),
        "404": FAMILY_404,
        "409": identityError("`conflict`: `this person already belongs to another household (<its name>): remove them there first, or merge the two households`."),
      },
      { path: idPath("The family id (UUID)."), body: addFamilyMemberBodySchema },
    ),
  },
  "/api/v1/admin/families/{id}/members/{userId}": {
    delete: staffOperation(
      "families:write",
      "adminRemoveFamilyMember",
      "Take a member out of a household",
      "By the rules of leaving: not the last adult while the household has children; their waiting guardianship requests there go; no guardianship ends. The household stays, even empty. A child without a sign-in is removed with the children's route instead.",
      {
        "200": jsonResponse("Removed.", RemovedFamilyMemberSchema),
        "404": identityError("`not_found`: `family not found`, or `member not found` (not a member of this household)."),
        "409": identityError("`conflict`: `the last adult cannot be removed while the household has children: remove them, or add another adult first`, or a child without a sign-in."),
      },
      { path: idPath("The family id (UUID).").extend({ userId: z.string().meta({ description: "The member's user id (UUID)." }) }) },
    ),
  },
  "/api/v1/admin/families/{id}/children": {
    post: staffOperation(
      "families:write",
      "adminAddChild",
      "Add a child who does not sign in",
      "The member route's rules (a birth date under the age of majority, optional notes); the adults in `guardian_ids` become the child's guardians, with the `guardian` role.",
      {
        "201": jsonResponse("The child.", FamilyChildSchema),
        "400": BODY_400(", `birth_date: a child must be under 18`, `guardian_ids: must be adults of this household`"),
        "404": FAMILY_404,
      },
      { path: idPath("The family id (UUID)."), body: adminAddChildBodySchema },
    ),
  },
  "/api/v1/admin/families/{id}/children/{childId}": {
    patch: staffOperation(
      "families:write",
      "adminUpdateChild",
      "Change a child's details",
      "The member route's rules: a child who signs in keeps their own name and birth date (`forbidden`); their notes can be changed. Another household's child is not found.",
      {
        "200": jsonResponse("The child as changed.", FamilyChildSchema),
        "400": BODY_400(", or `the body must change at least one field`"),
        "404": identityError("`not_found`: `family not found` or `child not found`."),
      },
      { path: idPath("The family id (UUID).").merge(childPath), body: updateChildBodySchema },
    ),
    delete: staffOperation(
      "families:write",
      "adminRemoveChild",
      "Remove a child who does not sign in",
      "Their record goes, with their guardianships and pickup list; a guardian left with no dependant loses the `guardian` role. A child who signs in is taken out with the members' route instead (`forbidden` here).",
      { "200": jsonResponse("Removed.", RemovedChildSchema), "404": identityError("`not_found`: `family not found` or `child not found`.") },
      { path: idPath("The family id (UUID).").merge(childPath) },
    ),
  },
  "/api/v1/admin/families/{id}/guardianships": {
    get: staffOperation(
      "families:read",
      "adminListFamilyGuardianships",
      "A household's guardianships and waiting requests",
      "Guardianships where either person is a member (live first), and the requests waiting for a minor's answer.",
      { "200": jsonResponse("The household's guardianships.", AdminFamilyGuardianshipsSchema), "404": FAMILY_404 },
      { path: idPath("The family id (UUID).") },
    ),
    post: staffOperation(
      "families:write",
      "adminRecordFamilyGuardianship",
      "Record a guardian for a minor of the household",
      "The rules of `POST /api/v1/admin/guardianships`, for a dependant who is a member of this household (the guardian may live elsewhere). A request of the pair waiting for the minor's answer is confirmed by it.",
      {
        "201": jsonResponse("The new guardianship.", AdminGuardianshipSchema),
        "200": jsonResponse("It was live already.", AdminGuardianshipSchema),
        "400": BODY_400(", `dependent_id: must be a member of this household`, `guardian_id: no such user`, `dependent_id: a dependant must have a birth date and be under the age of majority`"),
        "404": FAMILY_404,
      },
      { path: idPath("The family id (UUID)."), body: createGuardianshipBodySchema },
    ),
  },
  "/api/v1/admin/families/{id}/merge": {
    post: staffOperation(
      "families:write",
      "adminMergeFamilies",
      "Merge another household into this one",
      "Every member of `from` (adults and children, with their pickup lists and notes) and its guardianship requests move here; this household keeps its name and code; `from` is deleted. Guardianships do not change; adults and minors who sign in who now share a household are asked about guardianship, as on joining. One transaction; every member moved gets an entry in their security log.",
      {
        "200": jsonResponse("This household, with everyone in it.", AdminFamilyDetailSchema),
        "400": BODY_400(", `from: cannot merge a household into itself`, `from: no such household`"),
        "404": FAMILY_404,
      },
      { path: idPath("The family id (UUID): the household that stays."), body: mergeFamiliesBodySchema },
    ),
  },
  "/api/v1/admin/guardianships": {
    get: staffOperation(
      "families:read",
      "adminListGuardianships",
      "Guardianships, live or ended",
      "`q` matches either person's name or email address; `status` is `active` or `ended`; newest first by default.",
      { "200": jsonResponse("One page of guardianships.", AdminGuardianshipPageSchema), "400": LIST_400 },
      { query: adminGuardianshipsQuerySchema },
    ),
    post: staffOperation(
      "families:write",
      "adminCreateGuardianship",
      "Record a guardian for a minor",
      "The guardian gets the guardian role (`guardian:act_as`) at once. The dependant must have a birth date under the age of majority. An ended guardianship of the pair starts again.",
      {
        "201": jsonResponse("The new guardianship.", AdminGuardianshipSchema),
        "200": jsonResponse("It was live already.", AdminGuardianshipSchema),
        "400": BODY_400(", `guardian_id: no such user`, `dependent_id: a dependant must have a birth date and be under the age of majority`"),
      },
      { body: createGuardianshipBodySchema },
    ),
  },
  "/api/v1/admin/guardianships/{id}/end": {
    post: staffOperation(
      "families:write",
      "adminEndGuardianship",
      "End a guardianship",
      "No body. A guardian left with no live guardianship loses the guardian role at once. Again: the same 200.",
      { "200": jsonResponse("The ended guardianship.", AdminGuardianshipSchema), "404": identityError("`not_found`: `guardianship not found`.") },
      { path: idPath("The guardianship id (UUID).") },
    ),
  },
} satisfies ZodOpenApiPathsObject;
