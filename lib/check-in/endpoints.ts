import { z } from "zod";
import { defineEndpoint } from "../openapi/endpoint.ts";
import { AREA_SCOPES } from "../oauth/scopes.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";
import { CARD_CODE_PREFIX, KIOSK_PHONE_SEARCH_POLICY, MAX_CSV_ROWS, MEMBER_CODE_LIFETIME_SECONDS, SECURITY_CODE_ALPHABET } from "./rules.ts";
import {
  AttendanceSchema,
  CheckInCardStatusSchema,
  CheckInListSchema,
  CheckInSchema,
  HouseholdSearchSchema,
  IssuedCheckInCardSchema,
  KioskCheckInSchema,
  MemberCodeSchema,
  OpenEventSchema,
  PhoneCheckSchema,
  PICKUP_TAG_PREFIX,
  PickupSchema,
  SelfCheckInEventListSchema,
  attendanceCsvQuerySchema,
  findHouseholdBodySchema,
  kioskCheckInBodySchema,
  kioskCheckOutBodySchema,
  kioskPickupBodySchema,
  selfCheckInBodySchema,
  staffCheckInBodySchema,
  startPhoneCheckBodySchema,
} from "./schemas.ts";
import { CHECK_IN_OPENS_MINUTES_BEFORE } from "./window.ts";

/** The check-in endpoints (docs/decisions/0023): the member's own, the lobby kiosk's, and staff's attendance. */

const WINDOW = `Check-in is open from ${CHECK_IN_OPENS_MINUTES_BEFORE} minutes before an event starts until it ends, for an event on the calendar (not a draft, cancelled or postponed) whose \`attendance_modes\` allow the way used.`;
const KIOSK = "A first-party kiosk client bound to a campus, enrolled with the device authorization grant, whose enrolling account holds `attendance:kiosk`; a client without a campus is `forbidden`. Only the kiosk's campus's events.";
const KIOSK_FORBIDDEN = "Or `this client is not a check-in kiosk of a campus`.";
const KIOSK_429 = "`too_many_requests` with `Retry-After`: too many wrong scans, codes or searches at this tablet.";
const TAGS = ["check-in"] as const;
const member = (permission: "profile:read" | "profile:write", recentSignIn?: true) => ({ kind: "member" as const, scope: AREA_SCOPES.checkIn, permission, ...(recentSignIn ? { recentSignIn } : {}) });
const kiosk = { kind: "member" as const, scope: AREA_SCOPES.kiosk, permission: "attendance:kiosk" };

// ── The member's own ──

export const getMyCheckInCode = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/check-in-code",
  operationId: "getMyCheckInCode",
  summary: "A fresh code for the member's check-in QR",
  description: `A signed code naming the member, good for ${MEMBER_CODE_LIFETIME_SECONDS / 60} minutes: show it as a QR and ask for a new one every minute, so a screenshot is soon useless. A code that collected a child at a kiosk is spent.`,
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The code.", schema: MemberCodeSchema },
});

export const getMyCheckInCard = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/check-in-card",
  operationId: "getMyCheckInCard",
  summary: "The member's household card",
  description: "The live printed card for a member without a phone (its id, when it was issued and last used at a kiosk), or `card: null`. Never its code.",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The live card, or null.", schema: CheckInCardStatusSchema },
});

export const issueMyCheckInCard = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/check-in-card",
  operationId: "issueMyCheckInCard",
  summary: "Issue (or replace) the member's household card",
  description: `A new card, \`${CARD_CODE_PREFIX}\` and 32 base32 capitals (160 random bits), which a kiosk takes wherever it takes the member's rotating code (\`member_code\`); only its hash is kept, so the code is answered this once, for printing, with what goes on the card (the church, the member's name, the first names of the rest of their household). A live card is revoked in the same transaction.`,
  tags: TAGS,
  access: member("profile:write", true),
  success: { status: 201, description: "The new card and its code.", schema: IssuedCheckInCardSchema },
});

export const revokeMyCheckInCard = defineEndpoint({
  method: "DELETE",
  path: "/api/v1/users/me/check-in-card",
  operationId: "revokeMyCheckInCard",
  summary: "Revoke the member's household card",
  description: "Kiosks refuse the card at once, as an invalid code.",
  tags: TAGS,
  access: member("profile:write"),
  success: { status: 200, description: "Revoked: no live card.", schema: CheckInCardStatusSchema },
  refusals: { "404": "`not_found`: `check-in card not found`." },
});

export const listMySelfCheckInEvents = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/check-in-events",
  operationId: "listMySelfCheckInEvents",
  summary: "The events the member may check themselves in to now",
  description: `Public and members' events that allow SELF_CHECK_IN and whose window is open, at most 20, soonest first, with whether the member is already checked in. ${WINDOW}`,
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The open events.", schema: SelfCheckInEventListSchema },
});

export const listMyCheckIns = defineEndpoint({
  method: "GET",
  path: "/api/v1/users/me/check-ins",
  operationId: "listMyCheckIns",
  summary: "The member's own attendance",
  description: "Newest first, at most 200; undone check-ins are left out.",
  tags: TAGS,
  access: member("profile:read"),
  success: { status: 200, description: "The member's check-ins.", schema: CheckInListSchema },
});

export const selfCheckIn = defineEndpoint({
  method: "POST",
  path: "/api/v1/users/me/check-ins",
  operationId: "selfCheckIn",
  summary: "Check oneself in",
  description: `Where the event allows SELF_CHECK_IN. ${WINDOW}`,
  tags: TAGS,
  access: member("profile:write"),
  body: selfCheckInBodySchema,
  success: { status: 201, description: "Checked in.", schema: CheckInSchema },
  refusals: {
    "400": "`invalid_request` naming the field.",
    "404": "`not_found`: `event not found`.",
    "409": "`conflict`: not open, not a self check-in event, full, or already checked in to it or to one at the same time.",
  },
});

// ── The lobby kiosk ──

export const kioskListEvents = defineEndpoint({
  method: "GET",
  path: "/api/v1/kiosk/events",
  operationId: "kioskListEvents",
  summary: "Events open for check-in at the kiosk's campus, and ended ones to pick children up from",
  description: `${KIOSK} ${WINDOW} Today's events that have ended while children are still checked in follow, with \`check_in_open: false\`: for pickup only.`,
  tags: TAGS,
  access: kiosk,
  success: { status: 200, description: "The open events by start, then those for pickup only.", schema: z.object({ events: z.array(OpenEventSchema) }) },
  refusals: { "403": KIOSK_FORBIDDEN },
});

export const kioskStartPhoneCheck = defineEndpoint({
  method: "POST",
  path: "/api/v1/kiosk/phone-checks",
  operationId: "kioskStartPhoneCheck",
  summary: "Text a code to a household's phone",
  description: `${KIOSK} The whole mobile number, with its country code. A 6-digit code is texted to it when it is the verified phone of an account; the answer is the same when it is not (nothing is texted), so the kiosk tells nobody who belongs to the church. Type the code back at the same tablet (\`POST /api/v1/kiosk/households\`) within ${CODE_TTL_SECONDS / 60} minutes; 5 tries. Every search counts against the tablet (${KIOSK_PHONE_SEARCH_POLICY.freeFailures} in a quarter-hour, then a wait) and every text against the number (3, then a wait).`,
  tags: TAGS,
  access: kiosk,
  body: startPhoneCheckBodySchema,
  success: { status: 201, description: "The check to finish with the texted code.", schema: PhoneCheckSchema },
  refusals: {
    "400": "`invalid_request` naming the field: malformed JSON, a wrong type or value, an unknown field, or `phone: must be a mobile number with its country code, …`.",
    "403": KIOSK_FORBIDDEN,
    "409": "`conflict`: this church cannot send texts (no SMS gateway).",
    "429": KIOSK_429,
  },
});

export const kioskFindHousehold = defineEndpoint({
  method: "POST",
  path: "/api/v1/kiosk/households",
  fastPath: true,
  operationId: "kioskFindHousehold",
  summary: "Find the household of the adult at the tablet",
  description: `${KIOSK} The adult proves they are here: \`member_code\`, their own current code (from their QR) or household card; or \`phone_check_id\` and \`code\`, the code texted to their phone by \`POST /api/v1/kiosk/phone-checks\` from this tablet. Ids, first names and roles only, never notes; \`scanned_id\` is the adult proven present. \`presence\` is what \`POST /api/v1/kiosk/check-ins\` needs: it names the adults proven present and this tablet, for 10 minutes. A bad code or scan counts against the tablet and is shown to staff.`,
  tags: TAGS,
  access: kiosk,
  body: findHouseholdBodySchema,
  success: { status: 200, description: "The household, and the proof of presence.", schema: HouseholdSearchSchema },
  refusals: {
    "400": "`invalid_request` naming the field: malformed JSON, a wrong type or value, an unknown field, `member_code: is not a valid or current check-in code`, or `code: is not the code we texted; …`.",
    "403": KIOSK_FORBIDDEN,
    "404": "`not_found`: no household has the phone.",
    "429": KIOSK_429,
  },
});

export const kioskCheckIn = defineEndpoint({
  method: "POST",
  path: "/api/v1/kiosk/check-ins",
  fastPath: true,
  operationId: "kioskCheckIn",
  summary: "Check children in",
  description: `${KIOSK} \`presence\` from the household search at this tablet; the adult (\`guardian_id\`) must be one it names, and an adult of each child's household or their guardian, not marked not authorized for any of them (\`forbidden\`, and an alert to staff). All or none. Each child gets a security code of 4 characters from \`${SECURITY_CODE_ALPHABET}\`, unique per event and day, printed on the child's label and on the pickup tag for a volunteer to compare; \`label_notes\` are the child's notes, for the label only. \`pickup_tag\` is the tag's secret (\`${PICKUP_TAG_PREFIX}\` and 16 base32 capitals, 80 random bits), answered this once, to print as a QR code on the adult's tag only: it collects these children today. ${WINDOW}`,
  tags: TAGS,
  access: kiosk,
  body: kioskCheckInBodySchema,
  success: { status: 201, description: "Checked in.", schema: KioskCheckInSchema },
  refusals: {
    "400": "`invalid_request` naming the field: malformed JSON, a wrong type or value, an unknown field, `presence: has expired; …`, or a child not of the adult's household.",
    "403": "Or the adult was not proven present, or is marked not authorized for a child; or `this client is not a check-in kiosk of a campus`.",
    "404": "`not_found`: `event not found` (also another campus's) or `person not found`.",
    "409": "`conflict`: not open, not a kiosk event, full (`… has only 1 place left`), or a child already checked in to it or to one at the same time (`…: please see a volunteer`).",
  },
});

export const kioskFindPickup = defineEndpoint({
  method: "POST",
  path: "/api/v1/kiosk/pickups",
  operationId: "kioskFindPickup",
  summary: "Who a pickup tag or an adult may collect now",
  description: `${KIOSK} \`pickup_tag\`: the scanned QR of the adult's tag (a typed 4-character code collects nobody); or \`member_code\`: the current code or household card of an adult of the child's household or their guardian. The children still checked in at the kiosk's campus today that it may collect, with the code on each child's label for the volunteer to compare; \`refused\`: children this adult is marked NOT authorized to collect (an alert to staff). An unknown tag or code counts against the tablet and is shown to staff.`,
  tags: TAGS,
  access: kiosk,
  body: kioskPickupBodySchema,
  success: { status: 200, description: "The children.", schema: PickupSchema },
  refusals: {
    "400": "`invalid_request` naming the field: malformed JSON, a wrong type or value, an unknown field, `pickup_tag: is not a pickup tag printed here; …` or `member_code: is not a valid or current check-in code`.",
    "403": KIOSK_FORBIDDEN,
    "404": "`not_found`: no child checked in here today for this tag or adult.",
    "429": KIOSK_429,
  },
});

export const kioskCheckOut = defineEndpoint({
  method: "POST",
  path: "/api/v1/kiosk/check-outs",
  fastPath: true,
  operationId: "kioskCheckOut",
  summary: "Check children out",
  description: `${KIOSK} The pickup tag or the adult's code again, and the check-ins (from \`POST /api/v1/kiosk/pickups\`) that go home now; each must be one it may collect now. All or none. A member's rotating code is spent by it: the same code collects nobody afterwards.`,
  tags: TAGS,
  access: kiosk,
  body: kioskCheckOutBodySchema,
  success: { status: 200, description: "Checked out.", schema: CheckInListSchema },
  refusals: {
    "400": "`invalid_request` naming the field: malformed JSON, a wrong type or value, an unknown field, an unknown tag or code, or `member_code: has already been used to collect a child; …`.",
    "403": "Or the adult is marked not authorized for a child; or `this client is not a check-in kiosk of a campus`.",
    "404": "`not_found`: a check-in this tag or adult may not collect now.",
    "409": "`conflict`: already checked out.",
    "429": KIOSK_429,
  },
});

// ── Staff ──

const CHECK_IN_404 = "`not_found`: `check-in not found`.";

export const adminGetAttendance = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/events/{id}/attendance",
  operationId: "adminGetAttendance",
  summary: "Live attendance of an event",
  description:
    "Counts against capacity, children still present, every check-in (undone ones marked), and what the campus's kiosks refused on the event's day (`kiosk_alerts`: unknown pickup tags, invalid member codes, wrong texted codes, adults marked not authorized, children already checked in), newest first, each with the tablet by when and by whom it was set up.",
  tags: ["admin"],
  access: { kind: "staff", permission: "attendance:read" },
  params: { id: "The event id." },
  success: { status: 200, description: "The attendance.", schema: AttendanceSchema },
  refusals: { "404": "`not_found`: `event not found`." },
});

export const adminCheckIn = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/events/{id}/check-ins",
  operationId: "adminCheckIn",
  summary: "Check someone in by hand",
  description: `Where the event allows MANUAL. ${WINDOW} A child gets a security code.`,
  tags: ["admin"],
  access: { kind: "staff", permission: "attendance:write" },
  params: { id: "The event id." },
  body: staffCheckInBodySchema,
  success: { status: 201, description: "Checked in.", schema: CheckInSchema },
  refusals: {
    "400": "`invalid_request` naming the field: malformed JSON, a wrong type or value, an unknown field.",
    "404": "`not_found`: `event not found` or `person not found`.",
    "409": "`conflict`: not open, not MANUAL, full, or already checked in.",
  },
});

export const adminCheckOut = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/check-ins/{id}/check-out",
  operationId: "adminCheckOut",
  summary: "Check a person out",
  description: "For someone collected by a person without an account on the pickup list, or whose tag will not scan: staff see the child's code to compare.",
  tags: ["admin"],
  access: { kind: "staff", permission: "attendance:write" },
  params: { id: "The check-in id (UUID)." },
  success: { status: 200, description: "Checked out.", schema: CheckInSchema },
  refusals: { "404": CHECK_IN_404, "409": "`conflict`: already checked out." },
});

export const adminUndoCheckIn = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/check-ins/{id}/undo",
  operationId: "adminUndoCheckIn",
  summary: "Undo a check-in",
  description: "A check-in made by mistake counts for nothing from now on (nor in capacity, lists or exports).",
  tags: ["admin"],
  access: { kind: "staff", permission: "attendance:write" },
  params: { id: "The check-in id (UUID)." },
  success: { status: 200, description: "Undone.", schema: CheckInSchema.extend({ undone: z.literal(true) }) },
  refusals: { "404": CHECK_IN_404 },
});

export const adminExportAttendance = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/attendance/export",
  operationId: "adminExportAttendance",
  summary: "Attendance as CSV",
  description: `One event (\`event_id\`) or the events starting between two dates (\`from\`, \`to\`, inclusive, at most a year), at most ${MAX_CSV_ROWS} rows; cells a spreadsheet would run as a formula start with a quote.`,
  tags: ["admin"],
  access: { kind: "staff", permission: "attendance:read" },
  query: attendanceCsvQuerySchema,
  success: { status: 200, description: "RFC 4180 CSV.", schema: undefined, file: "text/csv" },
  refusals: { "400": "`invalid_request` naming the parameter.", "404": "`not_found`: `event not found`." },
});

/** In the order the OpenAPI document lists them. */
export const checkInEndpoints = [
  getMyCheckInCode,
  getMyCheckInCard,
  issueMyCheckInCard,
  revokeMyCheckInCard,
  listMySelfCheckInEvents,
  listMyCheckIns,
  selfCheckIn,
  kioskListEvents,
  kioskStartPhoneCheck,
  kioskFindHousehold,
  kioskCheckIn,
  kioskFindPickup,
  kioskCheckOut,
  adminGetAttendance,
  adminCheckIn,
  adminCheckOut,
  adminUndoCheckIn,
  adminExportAttendance,
];
