import { defineEndpoint } from "../openapi/endpoint.ts";
import { identityError } from "../openapi/responses.ts";
import { BODY_400, LIST_400 } from "../openapi/staff-operations.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { MAX_PICKUP_PEOPLE } from "./pickup-limits.ts";
import { PickupListSchema, PickupPersonSchema, RemovedPickupPersonSchema, addPickupPersonBodySchema } from "./pickup-schemas.ts";
import {
  FAMILY_CODE_MAX_USES,
  FAMILY_CODE_TTL_DAYS,
  FamilyChildSchema,
  FamilyCodeSchema,
  FamilyJoinResultSchema,
  FamilySchema,
  LeftFamilySchema,
  RemovedChildSchema,
  addChildBodySchema,
  createFamilyBodySchema,
  joinFamilyBodySchema,
  updateChildBodySchema,
} from "./schemas.ts";
import {
  AdminFamilyDetailSchema,
  AdminFamilyGuardianshipsSchema,
  AdminFamilyMemberSchema,
  AdminFamilyPageSchema,
  AdminGuardianshipPageSchema,
  AdminGuardianshipSchema,
  RemovedFamilyMemberSchema,
  addFamilyMemberBodySchema,
  adminAddChildBodySchema,
  adminFamiliesQuerySchema,
  adminFamilyNameBodySchema,
  adminGuardianshipsQuerySchema,
  createGuardianshipBodySchema,
  mergeFamiliesBodySchema,
} from "./staff-schemas.ts";

/**
 * Households (docs/decisions/0013): the member's own, its code, its children and who may collect them; and
 * households and guardianships as staff see and record them (docs/decisions/0017).
 */

const TAGS = ["family"] as const;
const STAFF_TAGS = ["admin"] as const;
const member = (permission: "profile:read" | "profile:write") => ({ kind: "member" as const, scope: AREA_SCOPES.family, permission });
const staff = (permission: "families:read" | "families:write") => ({ kind: "staff" as const, permission });

const CODE_RULES = `A code is valid ${FAMILY_CODE_TTL_DAYS} days and for ${FAMILY_CODE_MAX_USES} members joining; an adult can replace it at any time.`;
const CHILD_ID = "The child's id (UUID).";
const FAMILY_ID = "The family id (UUID).";
const FAMILY_404 = "`not_found`: `family not found`.";
const CHILD_404 = "`not_found`: `family not found` or `child not found`.";

// ── The member's household ──

export const joinFamily = defineEndpoint({
  method: "POST",
  path: "/api/v1/families/join",
  operationId: "joinFamily",
  summary: "Join a family with its code",
  description:
    "Needs a bearer token with permission `profile:write`. The member joins as `adult`, or as `child` when their birth date says they are " +
    "under the age of majority. Already a member of that family: the same 200 (the code is not used again). Every code that does not " +
    "let the caller join (unknown, expired, used up, malformed) is the same `invalid_request`, and counts against the member (5 free, then " +
    `2, 4, 8 … s, at most 15 min) and their IP address (20 free, then the same). ${CODE_RULES}`,
  tags: TAGS,
  access: member("profile:write"),
  body: joinFamilyBodySchema,
  success: { status: 200, description: "The caller is a member of the family.", schema: FamilyJoinResultSchema },
  refusals: {
    "400": "`invalid_request`: `code: is not a valid family code` (one answer for every bad code), `code: is required`, malformed JSON or an unknown field.",
    "409": "`conflict`: `you already belong to another family` (answered for a valid code only).",
    "429": {
      ...identityError("`too_many_requests`: `too many wrong family codes; try again later`, for this member or from this IP address."),
      headers: { "Retry-After": { description: "Seconds until another code may be tried.", schema: { type: "string" as const } } },
    },
  },
});

export const createFamily = defineEndpoint({
  method: "POST",
  path: "/api/v1/families",
  operationId: "createFamily",
  summary: "Create a household",
  description: "Needs permission `profile:write`. The caller becomes its first adult; the answer carries the household's first code, to invite the others. One household per person.",
  tags: TAGS,
  access: member("profile:write"),
  body: createFamilyBodySchema,
  success: { status: 201, description: "The new household.", schema: FamilySchema },
  refusals: {
    "400": "`invalid_request`: `name: must be from 1 to 100 characters`, malformed JSON or an unknown field.",
    "409": "`conflict`: `you already belong to a family: leave it first`.",
  },
});

export const getMyFamily = defineEndpoint({
  method: "GET",
  path: "/api/v1/families/me",
  operationId: "getMyFamily",
  summary: "The member's family and its members",
  description:
    "Needs permission `profile:read`. Members are listed adults first, then by when they joined, with names, roles and whether each signs in. " +
    "The family's adults also get the children's birth dates and notes, and its current code (`active` false once it expired or is used up).",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The family.", schema: FamilySchema },
  refusals: { "404": "`not_found`: `family not found`: the member belongs to no family." },
});

export const leaveFamily = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/families/me",
  operationId: "leaveFamily",
  summary: "Leave the household",
  description:
    "Needs permission `profile:write`. The last adult cannot leave while the household has children; the last member to leave closes it. Guardianships do not end with leaving.",
  tags: TAGS,
  access: member("profile:write"),
  success: { status: 200, description: "Left.", schema: LeftFamilySchema },
  refusals: {
    "404": FAMILY_404,
    "409": "`conflict`: `the last adult cannot leave while the household has children: remove them, or invite another adult first`.",
  },
});

export const rotateFamilyCode = defineEndpoint({
  method: "POST",
  path: "/api/v1/families/me/code",
  operationId: "rotateFamilyCode",
  summary: "Make a new family code",
  description: `Needs permission \`profile:write\` and to be an adult of the family. No body. The old code stops working at once. ${CODE_RULES}`,
  tags: TAGS,
  access: member("profile:write"),
  success: { status: 200, description: "The new code.", schema: FamilyCodeSchema },
  refusals: {
    "403": "Or `only an adult of the family can make a new family code`.",
    "404": "`not_found`: `family not found`: the member belongs to no family.",
  },
});

export const addChild = defineEndpoint({
  method: "POST",
  path: "/api/v1/families/me/children",
  operationId: "addChild",
  summary: "Add a child who does not sign in",
  description:
    "Needs permission `profile:write` and to be an adult of the household. The child gets a record without a sign-in, joins the household as `child`, " +
    "and the caller becomes their guardian (with the `guardian` role). The notes are seen by the household's adults and by staff only.",
  tags: TAGS,
  access: member("profile:write"),
  body: addChildBodySchema,
  success: { status: 201, description: "The child.", schema: FamilyChildSchema },
  refusals: {
    "400": "`invalid_request`: a field at fault, e.g. `birth_date: a child must be under 18` or `birth_date: must not be in the future`.",
    "403": "Or `only an adult of the family can add, change or remove its children`.",
    "404": FAMILY_404,
  },
});

export const updateChild = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/families/me/children/{childId}",
  operationId: "updateChild",
  summary: "Change a child's details",
  description:
    "Needs permission `profile:write` and to be an adult of the household. A child who signs in keeps their own name and birth date; their notes can be changed. Another household's child is not found.",
  tags: TAGS,
  access: member("profile:write"),
  params: { childId: CHILD_ID },
  body: updateChildBodySchema,
  success: { status: 200, description: "The child as changed.", schema: FamilyChildSchema },
  refusals: {
    "400": "`invalid_request`: a field at fault, or `the body must change at least one field`.",
    "403": "Or adults only, or a child who signs in keeps their own name and birth date.",
    "404": CHILD_404,
  },
});

export const removeChild = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/families/me/children/{childId}",
  operationId: "removeChild",
  summary: "Remove a child who does not sign in",
  description:
    "Needs permission `profile:write` and to be an adult of the household. The child's record goes, with their guardianships; a guardian left with no dependant loses the `guardian` role. A child who signs in leaves by themselves (`forbidden`).",
  tags: TAGS,
  access: member("profile:write"),
  params: { childId: CHILD_ID },
  success: { status: 200, description: "Removed.", schema: RemovedChildSchema },
  refusals: { "403": "Or adults only, or a child who signs in.", "404": CHILD_404 },
});

export const getPickupList = defineEndpoint({
  method: "GET",
  path: "/api/v1/families/me/children/{childId}/pickup",
  operationId: "getPickupList",
  summary: "Who may collect a child",
  description: "Needs permission `profile:read` and to be an adult of the household. The household's adults may collect their children unless marked not authorized; `people` are the others named.",
  tags: TAGS,
  access: member("profile:read"),
  params: { childId: CHILD_ID },
  success: { status: 200, description: "The child's pickup list.", schema: PickupListSchema },
  refusals: { "403": "Or adults only.", "404": CHILD_404 },
});

export const addPickupPerson = defineEndpoint({
  method: "POST",
  path: "/api/v1/families/me/children/{childId}/pickup",
  operationId: "addPickupPerson",
  summary: "Name someone who may, or may not, collect a child",
  description:
    "Needs permission `profile:write` and to be an adult of the household. A named person (`name`, optional `relation` and E.164 `phone`) as `authorized` or `not_authorized`, " +
    `or one of the household's adults (\`user_id\`) as \`not_authorized\`. At most ${MAX_PICKUP_PEOPLE} per child. Check-in reads the list.`,
  tags: TAGS,
  access: member("profile:write"),
  params: { childId: CHILD_ID },
  body: addPickupPersonBodySchema,
  success: { status: 201, description: "Added.", schema: PickupPersonSchema },
  refusals: {
    "400": "`invalid_request`: a field at fault, e.g. `phone: must be a phone number with its country code, like +14155550123`, or `user_id: must be the id of one of the household's adults`.",
    "403": "Or adults only.",
    "404": CHILD_404,
    "409": `\`conflict\`: the adult is already marked, or the list holds ${MAX_PICKUP_PEOPLE} people.`,
  },
});

export const removePickupPerson = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/families/me/children/{childId}/pickup/{pickupId}",
  operationId: "removePickupPerson",
  summary: "Take someone off a child's pickup list",
  description: "Needs permission `profile:write` and to be an adult of the household.",
  tags: TAGS,
  access: member("profile:write"),
  params: { childId: CHILD_ID, pickupId: "The entry's id (UUID)." },
  success: { status: 200, description: "Removed.", schema: RemovedPickupPersonSchema },
  refusals: { "403": "Or adults only.", "404": "`not_found`: `family not found`, `child not found` or `pickup person not found`." },
});

// ── Staff: households ──

export const adminListFamilies = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/families",
  operationId: "adminListFamilies",
  summary: "Households",
  description: "`q` matches the name. Never a join code.",
  tags: STAFF_TAGS,
  access: staff("families:read"),
  query: adminFamiliesQuerySchema,
  success: { status: 200, description: "One page of families.", schema: AdminFamilyPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateFamily = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/families",
  operationId: "adminCreateFamily",
  summary: "Create a household",
  description: "With no members yet: add them next. It gets a code like any household, which only its adults will see.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  body: adminFamilyNameBodySchema,
  success: { status: 201, description: "The new household.", schema: AdminFamilyDetailSchema },
  refusals: { "400": BODY_400(", e.g. `name: must be from 1 to 100 characters`") },
});

export const adminGetFamily = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/families/{id}",
  operationId: "adminGetFamily",
  summary: "One household and its members",
  description: "Adults first.",
  tags: STAFF_TAGS,
  access: staff("families:read"),
  params: { id: FAMILY_ID },
  success: { status: 200, description: "The family.", schema: AdminFamilyDetailSchema },
  refusals: { "404": FAMILY_404 },
});

export const adminRenameFamily = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/families/{id}",
  operationId: "adminRenameFamily",
  summary: "Rename a household",
  description: "Every member's security log records it.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: FAMILY_ID },
  body: adminFamilyNameBodySchema,
  success: { status: 200, description: "The household.", schema: AdminFamilyDetailSchema },
  refusals: { "400": BODY_400(), "404": FAMILY_404 },
});

export const adminAddFamilyMember = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/families/{id}/members",
  operationId: "adminAddFamilyMember",
  summary: "Add an existing account to a household",
  description:
    "As joining by code would: `adult` or `child` by their birth date unless `role` says (`child` only for a minor); the household's adults and a minor who signs in are asked about guardianship. One household per person.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: FAMILY_ID },
  body: addFamilyMemberBodySchema,
  success: { status: 201, description: "The new member.", schema: AdminFamilyMemberSchema, also: { 200: "Already a member of this household: nothing changed." } },
  refusals: {
    "400": BODY_400(", `user_id: no such user`, `role: only someone under 18 by their birth date can be a child of a household`"),
    "404": FAMILY_404,
    "409": "`conflict`: `this person already belongs to another household (<its name>): remove them there first, or merge the two households`.",
  },
});

export const adminRemoveFamilyMember = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/admin/families/{id}/members/{userId}",
  operationId: "adminRemoveFamilyMember",
  summary: "Take a member out of a household",
  description:
    "By the rules of leaving: not the last adult while the household has children; their waiting guardianship requests there go; no guardianship ends. The household stays, even empty. A child without a sign-in is removed with the children's route instead.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: FAMILY_ID, userId: "The member's user id (UUID)." },
  success: { status: 200, description: "Removed.", schema: RemovedFamilyMemberSchema },
  refusals: {
    "404": "`not_found`: `family not found`, or `member not found` (not a member of this household).",
    "409": "`conflict`: `the last adult cannot be removed while the household has children: remove them, or add another adult first`, or a child without a sign-in.",
  },
});

export const adminAddChild = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/families/{id}/children",
  operationId: "adminAddChild",
  summary: "Add a child who does not sign in",
  description:
    "The member route's rules (a birth date under the age of majority, optional notes); the adults in `guardian_ids` become the child's guardians, with the `guardian` role.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: FAMILY_ID },
  body: adminAddChildBodySchema,
  success: { status: 201, description: "The child.", schema: FamilyChildSchema },
  refusals: { "400": BODY_400(", `birth_date: a child must be under 18`, `guardian_ids: must be adults of this household`"), "404": FAMILY_404 },
});

export const adminUpdateChild = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/families/{id}/children/{childId}",
  operationId: "adminUpdateChild",
  summary: "Change a child's details",
  description:
    "The member route's rules: a child who signs in keeps their own name and birth date (`forbidden`); their notes can be changed. Another household's child is not found.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: FAMILY_ID, childId: CHILD_ID },
  body: updateChildBodySchema,
  success: { status: 200, description: "The child as changed.", schema: FamilyChildSchema },
  refusals: { "400": BODY_400(", or `the body must change at least one field`"), "404": CHILD_404 },
});

export const adminRemoveChild = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/admin/families/{id}/children/{childId}",
  operationId: "adminRemoveChild",
  summary: "Remove a child who does not sign in",
  description:
    "Their record goes, with their guardianships and pickup list; a guardian left with no dependant loses the `guardian` role. A child who signs in is taken out with the members' route instead (`forbidden` here).",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: FAMILY_ID, childId: CHILD_ID },
  success: { status: 200, description: "Removed.", schema: RemovedChildSchema },
  refusals: { "404": CHILD_404 },
});

export const adminListFamilyGuardianships = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/families/{id}/guardianships",
  operationId: "adminListFamilyGuardianships",
  summary: "A household's guardianships and waiting requests",
  description: "Guardianships where either person is a member (live first), and the requests waiting for a minor's answer.",
  tags: STAFF_TAGS,
  access: staff("families:read"),
  params: { id: FAMILY_ID },
  success: { status: 200, description: "The household's guardianships.", schema: AdminFamilyGuardianshipsSchema },
  refusals: { "404": FAMILY_404 },
});

export const adminRecordFamilyGuardianship = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/families/{id}/guardianships",
  operationId: "adminRecordFamilyGuardianship",
  summary: "Record a guardian for a minor of the household",
  description:
    "The rules of `POST /api/v1/admin/guardianships`, for a dependant who is a member of this household (the guardian may live elsewhere). A request of the pair waiting for the minor's answer is confirmed by it.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: FAMILY_ID },
  body: createGuardianshipBodySchema,
  success: { status: 201, description: "The new guardianship.", schema: AdminGuardianshipSchema, also: { 200: "It was live already." } },
  refusals: {
    "400": BODY_400(", `dependent_id: must be a member of this household`, `guardian_id: no such user`, `dependent_id: a dependant must have a birth date and be under the age of majority`"),
    "404": FAMILY_404,
  },
});

export const adminMergeFamilies = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/families/{id}/merge",
  operationId: "adminMergeFamilies",
  summary: "Merge another household into this one",
  description:
    "Every member of `from` (adults and children, with their pickup lists and notes) and its guardianship requests move here; this household keeps its name and code; `from` is deleted. Guardianships do not change; adults and minors who sign in who now share a household are asked about guardianship, as on joining. One transaction; every member moved gets an entry in their security log.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: "The family id (UUID): the household that stays." },
  body: mergeFamiliesBodySchema,
  success: { status: 200, description: "This household, with everyone in it.", schema: AdminFamilyDetailSchema },
  refusals: { "400": BODY_400(", `from: cannot merge a household into itself`, `from: no such household`"), "404": FAMILY_404 },
});

// ── Staff: guardianships ──

export const adminListGuardianships = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/guardianships",
  operationId: "adminListGuardianships",
  summary: "Guardianships, live or ended",
  description: "`q` matches either person's name or email address; `status` is `active` or `ended`; newest first by default.",
  tags: STAFF_TAGS,
  access: staff("families:read"),
  query: adminGuardianshipsQuerySchema,
  success: { status: 200, description: "One page of guardianships.", schema: AdminGuardianshipPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateGuardianship = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/guardianships",
  operationId: "adminCreateGuardianship",
  summary: "Record a guardian for a minor",
  description:
    "The guardian gets the guardian role (`guardian:act_as`) at once. The dependant must have a birth date under the age of majority. An ended guardianship of the pair starts again.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  body: createGuardianshipBodySchema,
  success: { status: 201, description: "The new guardianship.", schema: AdminGuardianshipSchema, also: { 200: "It was live already." } },
  refusals: { "400": BODY_400(", `guardian_id: no such user`, `dependent_id: a dependant must have a birth date and be under the age of majority`") },
});

export const adminEndGuardianship = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/guardianships/{id}/end",
  operationId: "adminEndGuardianship",
  summary: "End a guardianship",
  description: "No body. A guardian left with no live guardianship loses the guardian role at once. Again: the same 200.",
  tags: STAFF_TAGS,
  access: staff("families:write"),
  params: { id: "The guardianship id (UUID)." },
  success: { status: 200, description: "The ended guardianship.", schema: AdminGuardianshipSchema },
  refusals: { "404": "`not_found`: `guardianship not found`." },
});

export const familyEndpoints = [
  joinFamily,
  createFamily,
  getMyFamily,
  leaveFamily,
  rotateFamilyCode,
  addChild,
  updateChild,
  removeChild,
  getPickupList,
  addPickupPerson,
  removePickupPerson,
  adminListFamilies,
  adminCreateFamily,
  adminGetFamily,
  adminRenameFamily,
  adminAddFamilyMember,
  adminRemoveFamilyMember,
  adminAddChild,
  adminUpdateChild,
  adminRemoveChild,
  adminListFamilyGuardianships,
  adminRecordFamilyGuardianship,
  adminMergeFamilies,
  adminListGuardianships,
  adminCreateGuardianship,
  adminEndGuardianship,
];
