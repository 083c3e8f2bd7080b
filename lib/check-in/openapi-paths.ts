import { z } from "zod";
import type { ZodOpenApiPathsObject } from "zod-openapi";
import { identityError, invalidTokenResponse, jsonResponse } from "../openapi/responses.ts";
import { BODY_400, idPath, staffOperation } from "../openapi/staff-operations.ts";
import { MAX_CSV_ROWS } from "./attendance-csv.ts";
import { MEMBER_CODE_LIFETIME_SECONDS } from "./member-code.ts";
import { CARD_CODE_PREFIX } from "./card-code.ts";
import {
  AttendanceSchema,
  CheckInCardStatusSchema,
  CheckInSchema,
  HouseholdSearchSchema,
  IssuedCheckInCardSchema,
  KioskCheckInSchema,
  PhoneCheckSchema,
  PickupSchema,
  OpenEventSchema,
  PICKUP_TAG_PREFIX,
  SelfCheckInEventListSchema,
  attendanceCsvQuerySchema,
  findHouseholdBodySchema,
  kioskCheckInBodySchema,
  kioskCheckOutBodySchema,
  kioskPickupBodySchema,
  selfCheckInBodySchema,
  startPhoneCheckBodySchema,
  staffCheckInBodySchema,
} from "./schemas.ts";
import { KIOSK_PHONE_SEARCH_POLICY } from "./guess-limits.ts";
import { SECURITY_CODE_ALPHABET } from "./security-code.ts";
import { CODE_TTL_SECONDS } from "../verification-codes/verification-code-rules.ts";
import { CHECK_IN_OPENS_MINUTES_BEFORE } from "./window.ts";

/** The check-in routes in the OpenAPI document (docs/decisions/0023). */

const WINDOW = `Check-in is open from ${CHECK_IN_OPENS_MINUTES_BEFORE} minutes before an event starts until it ends, for a SCHEDULED or ACTIVE event whose \`attendance_modes\` allow the way used.`;
const KIOSK = "Needs the `check-in:kiosk` scope (a first-party kiosk client bound to a campus, enrolled with the device authorization grant) and permission `attendance:kiosk`; a client without a campus is `forbidden`. Only the kiosk's campus's events.";
const KIOSK_403 = identityError("`forbidden`: `missing permission attendance:kiosk`, or `this client is not a check-in kiosk of a campus`.");
const KIOSK_429 = identityError("`too_many_requests` with `Retry-After`: too many wrong scans, codes or searches at this tablet.");
const PHONE_CODE_MINUTES = CODE_TTL_SECONDS / 60;
const CheckInListSchema = z.object({ check_ins: z.array(CheckInSchema) });

export const checkInPaths: ZodOpenApiPathsObject = {
  "/api/v1/users/me/check-in-code": {
    get: {
      tags: ["check-in"],
      operationId: "getMyCheckInCode",
      summary: "A fresh code for the member's check-in QR",
      description: `Needs permission \`profile:read\` and the \`account:check-in\` scope. A signed code naming the member, good for ${MEMBER_CODE_LIFETIME_SECONDS / 60} minutes: show it as a QR and ask for a new one every minute, so a screenshot is soon useless.`,
      security: [{ bearer: [] }],
      responses: {
        "200": jsonResponse("The code.", z.object({ code: z.string(), expires_at: z.string(), lifetime_seconds: z.number().int() })),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:read`."),
      },
    },
  },
  "/api/v1/users/me/check-in-card": {
    get: {
      tags: ["check-in"],
      operationId: "getMyCheckInCard",
      summary: "The member's household card",
      description: "Needs permission `profile:read` and the `account:check-in` scope. The live printed card for a member without a phone (its id, when it was issued and last used at a kiosk), or `card: null`. Never its code.",
      security: [{ bearer: [] }],
      responses: { "200": jsonResponse("The live card, or null.", CheckInCardStatusSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:read`.") },
    },
    post: {
      tags: ["check-in"],
      operationId: "issueMyCheckInCard",
      summary: "Issue (or replace) the member's household card",
      description: `Needs permission \`profile:write\` and the \`account:check-in\` scope. A new card, \`${CARD_CODE_PREFIX}\` and 32 base32 capitals (160 random bits), which a kiosk takes wherever it takes the member's rotating code (\`member_code\`); only its hash is kept, so the code is answered this once, for printing, with what goes on the card (the church, the member's name, the first names of the rest of their household). A live card is revoked in the same transaction.`,
      security: [{ bearer: [] }],
      responses: { "201": jsonResponse("The new card and its code.", IssuedCheckInCardSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:write`.") },
    },
    delete: {
      tags: ["check-in"],
      operationId: "revokeMyCheckInCard",
      summary: "Revoke the member's household card",
      description: "Needs permission `profile:write` and the `account:check-in` scope. Kiosks refuse the card at once, as an invalid code.",
      security: [{ bearer: [] }],
      responses: {
        "200": jsonResponse("Revoked: no live card.", CheckInCardStatusSchema),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: `check-in card not found`."),
      },
    },
  },
  "/api/v1/users/me/check-in-events": {
    get: {
      tags: ["check-in"],
      operationId: "listMySelfCheckInEvents",
      summary: "The events the member may check themselves in to now",
      description: `Needs permission \`profile:read\` and the \`account:check-in\` scope. Public and members' events that allow SELF_CHECK_IN and whose window is open, at most 20, soonest first, with whether the member is already checked in. ${WINDOW}`,
      security: [{ bearer: [] }],
      responses: { "200": jsonResponse("The open events.", SelfCheckInEventListSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:read`.") },
    },
  },
  "/api/v1/users/me/check-ins": {
    get: {
      tags: ["check-in"],
      operationId: "listMyCheckIns",
      summary: "The member's own attendance",
      description: "Needs permission `profile:read`. Newest first, at most 200; undone check-ins are left out.",
      security: [{ bearer: [] }],
      responses: { "200": jsonResponse("The member's check-ins.", CheckInListSchema), "401": invalidTokenResponse, "403": identityError("`forbidden`: `missing permission profile:read`.") },
    },
    post: {
      tags: ["check-in"],
      operationId: "selfCheckIn",
      summary: "Check oneself in",
      description: `Needs permission \`profile:write\`. Where the event allows SELF_CHECK_IN. ${WINDOW}`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: selfCheckInBodySchema } } },
      responses: {
        "201": jsonResponse("Checked in.", CheckInSchema),
        "400": BODY_400(),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: `missing permission profile:write`."),
        "404": identityError("`not_found`: `event not found`."),
        "409": identityError("`conflict`: not open, not a self check-in event, full, or already checked in to it or to one at the same time."),
      },
    },
  },
  "/api/v1/kiosk/events": {
    get: {
      tags: ["check-in"],
      operationId: "kioskListEvents",
      summary: "Events open for check-in at the kiosk's campus, and ended ones to pick children up from",
      description: `${KIOSK} ${WINDOW} Today's events that have ended while children are still checked in follow, with \`check_in_open: false\`: for pickup only.`,
      security: [{ bearer: [] }],
      responses: { "200": jsonResponse("The open events by start, then those for pickup only.", z.object({ events: z.array(OpenEventSchema) })), "401": invalidTokenResponse, "403": KIOSK_403 },
    },
  },
  "/api/v1/kiosk/phone-checks": {
    post: {
      tags: ["check-in"],
      operationId: "kioskStartPhoneCheck",
      summary: "Text a code to a household's phone",
      description: `${KIOSK} The whole mobile number, with its country code. A 6-digit code is texted to it when it is the verified phone of an account; the answer is the same when it is not (nothing is texted), so the kiosk tells nobody who belongs to the church. Type the code back at the same tablet (\`POST /api/v1/kiosk/households\`) within ${PHONE_CODE_MINUTES} minutes; 5 tries. Every search counts against the tablet (${KIOSK_PHONE_SEARCH_POLICY.freeFailures} in a quarter-hour, then a wait) and every text against the number (3, then a wait).`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: startPhoneCheckBodySchema } } },
      responses: {
        "201": jsonResponse("The check to finish with the texted code.", PhoneCheckSchema),
        "400": BODY_400(", or `phone: must be a mobile number with its country code, …`"),
        "401": invalidTokenResponse,
        "403": KIOSK_403,
        "409": identityError("`conflict`: this church cannot send texts (no SMS gateway)."),
        "429": KIOSK_429,
      },
    },
  },
  "/api/v1/kiosk/households": {
    post: {
      tags: ["check-in"],
      operationId: "kioskFindHousehold",
      summary: "Find the household of the adult at the tablet",
      description: `${KIOSK} The adult proves they are here: \`member_code\`, their own current code (from their QR) or household card; or \`phone_check_id\` and \`code\`, the code texted to their phone by \`POST /api/v1/kiosk/phone-checks\` from this tablet. Ids, first names and roles only, never notes; \`scanned_id\` is the adult proven present. \`presence\` is what \`POST /api/v1/kiosk/check-ins\` needs: it names the adults proven present and this tablet, for 10 minutes. A bad code or scan counts against the tablet and is shown to staff.`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: findHouseholdBodySchema } } },
      responses: {
        "200": jsonResponse("The household, and the proof of presence.", HouseholdSearchSchema),
        "400": BODY_400(", `member_code: is not a valid or current check-in code`, or `code: is not the code we texted; …`"),
        "401": invalidTokenResponse,
        "403": KIOSK_403,
        "404": identityError("`not_found`: no household has the phone."),
        "429": KIOSK_429,
      },
    },
  },
  "/api/v1/kiosk/check-ins": {
    post: {
      tags: ["check-in"],
      operationId: "kioskCheckIn",
      summary: "Check children in",
      description: `${KIOSK} \`presence\` from the household search at this tablet; the adult (\`guardian_id\`) must be one it names, and an adult of each child's household or their guardian, not marked not authorized for any of them (\`forbidden\`, and an alert to staff). All or none. Each child gets a security code of 4 characters from \`${SECURITY_CODE_ALPHABET}\`, unique per event and day, printed on the child's label and on the pickup tag for a volunteer to compare; \`label_notes\` are the child's notes, for the label only. \`pickup_tag\` is the tag's secret (\`${PICKUP_TAG_PREFIX}\` and 16 base32 capitals, 80 random bits), answered this once, to print as a QR code on the adult's tag only: it collects these children today. ${WINDOW}`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: kioskCheckInBodySchema } } },
      responses: {
        "201": jsonResponse("Checked in.", KioskCheckInSchema),
        "400": BODY_400(", `presence: has expired; …`, or a child not of the adult's household"),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: the adult was not proven present, or is marked not authorized for a child; or the kiosk's own refusals."),
        "404": identityError("`not_found`: `event not found` (also another campus's) or `person not found`."),
        "409": identityError("`conflict`: not open, not a kiosk event, full (`… has only 1 place left`), or a child already checked in to it or to one at the same time (`…: please see a volunteer`)."),
      },
    },
  },
  "/api/v1/kiosk/pickups": {
    post: {
      tags: ["check-in"],
      operationId: "kioskFindPickup",
      summary: "Who a pickup tag or an adult may collect now",
      description: `${KIOSK} \`pickup_tag\`: the scanned QR of the adult's tag (a typed 4-character code collects nobody); or \`member_code\`: the current code or household card of an adult of the child's household or their guardian. The children still checked in at the kiosk's campus today that it may collect, with the code on each child's label for the volunteer to compare; \`refused\`: children this adult is marked NOT authorized to collect (an alert to staff). An unknown tag or code counts against the tablet and is shown to staff.`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: kioskPickupBodySchema } } },
      responses: {
        "200": jsonResponse("The children.", PickupSchema),
        "400": BODY_400(", `pickup_tag: is not a pickup tag printed here; …` or `member_code: is not a valid or current check-in code`"),
        "401": invalidTokenResponse,
        "403": KIOSK_403,
        "404": identityError("`not_found`: no child checked in here today for this tag or adult."),
        "429": KIOSK_429,
      },
    },
  },
  "/api/v1/kiosk/check-outs": {
    post: {
      tags: ["check-in"],
      operationId: "kioskCheckOut",
      summary: "Check children out",
      description: `${KIOSK} The pickup tag or the adult's code again, and the check-ins (from \`POST /api/v1/kiosk/pickups\`) that go home now; each must be one it may collect now. All or none. A member's rotating code is spent by it: the same code collects nobody afterwards.`,
      security: [{ bearer: [] }],
      requestBody: { content: { "application/json": { schema: kioskCheckOutBodySchema } } },
      responses: {
        "200": jsonResponse("Checked out.", CheckInListSchema),
        "400": BODY_400(", an unknown tag or code, or `member_code: has already been used to collect a child; …`"),
        "401": invalidTokenResponse,
        "403": identityError("`forbidden`: the adult is marked not authorized for a child; or the kiosk's own refusals."),
        "404": identityError("`not_found`: a check-in this tag or adult may not collect now."),
        "409": identityError("`conflict`: already checked out."),
        "429": KIOSK_429,
      },
    },
  },
};

const EVENT_PATH = idPath("The event id.");
const CHECK_IN_PATH = idPath("The check-in id (UUID).");
const CHECK_IN_404 = identityError("`not_found`: `check-in not found`.");

export const staffCheckInPaths: ZodOpenApiPathsObject = {
  "/api/v1/admin/events/{id}/attendance": {
    get: staffOperation("attendance:read", "adminGetAttendance", "Live attendance of an event", "Counts against capacity, children still present, every check-in (undone ones marked), and what the campus's kiosks refused on the event's day (`kiosk_alerts`: unknown pickup tags, invalid member codes, wrong texted codes, adults marked not authorized, children already checked in), newest first, each with the tablet by when and by whom it was set up.", { "200": jsonResponse("The attendance.", AttendanceSchema), "404": identityError("`not_found`: `event not found`.") }, { path: EVENT_PATH }),
  },
  "/api/v1/admin/events/{id}/check-ins": {
    post: staffOperation(
      "attendance:write",
      "adminCheckIn",
      "Check someone in by hand",
      `Where the event allows MANUAL. ${WINDOW} A child gets a security code.`,
      { "201": jsonResponse("Checked in.", CheckInSchema), "400": BODY_400(), "404": identityError("`not_found`: `event not found` or `person not found`."), "409": identityError("`conflict`: not open, not MANUAL, full, or already checked in.") },
      { path: EVENT_PATH, body: staffCheckInBodySchema },
    ),
  },
  "/api/v1/admin/check-ins/{id}/check-out": {
    post: staffOperation("attendance:write", "adminCheckOut", "Check a person out", "For someone collected by a person without an account on the pickup list.", { "200": jsonResponse("Checked out.", CheckInSchema), "404": CHECK_IN_404, "409": identityError("`conflict`: already checked out.") }, { path: CHECK_IN_PATH }),
  },
  "/api/v1/admin/check-ins/{id}/undo": {
    post: staffOperation("attendance:write", "adminUndoCheckIn", "Undo a check-in", "A check-in made by mistake counts for nothing from now on (nor in capacity, lists or exports).", { "200": jsonResponse("Undone.", CheckInSchema.extend({ undone: z.literal(true) })), "404": CHECK_IN_404 }, { path: CHECK_IN_PATH }),
  },
  "/api/v1/admin/attendance/export": {
    get: staffOperation("attendance:read", "adminExportAttendance", "Attendance as CSV", `One event (\`event_id\`) or the events starting between two dates (\`from\`, \`to\`, inclusive, at most a year), at most ${MAX_CSV_ROWS} rows; cells a spreadsheet would run as a formula start with a quote.`, {
        "200": { description: "RFC 4180 CSV.", content: { "text/csv": { schema: z.string() } } },
        "400": identityError("`invalid_request` naming the parameter."),
        "404": identityError("`not_found`: `event not found`."),
      }, { query: attendanceCsvQuerySchema }),
  },
};
