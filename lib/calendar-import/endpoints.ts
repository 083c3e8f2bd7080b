import { defineEndpoint } from "../openapi/endpoint.ts";
import { BODY_400, LIST_400 } from "../openapi/staff-operations.ts";
import type { StaffPermission } from "../identity/permissions.ts";
import { CALENDAR_MAX_BYTES, IMPORT_DAYS_AHEAD } from "./calendar-import-rules.ts";
import { CalendarImportPageSchema, CalendarImportSchema, calendarImportsQuerySchema, createCalendarImportBodySchema, updateCalendarImportBodySchema } from "./schemas.ts";

/** Bringing the church's calendar in from Google Calendar, Outlook or Apple (issue 40): staff who edit events. */
const TAGS = ["admin"] as const;
/** Bringing in a calendar makes, changes and cancels events: staff who edit events. */
export const CALENDAR_IMPORT_PERMISSION = "events:write" satisfies StaffPermission;
const ACCESS = { kind: "staff", permission: CALENDAR_IMPORT_PERMISSION } as const;
const IMPORT_ID = { id: "The import's id." };
const NOT_FOUND = "`not_found`: `import not found`.";

export const adminListCalendarImports = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/calendar-imports",
  operationId: "adminListCalendarImports",
  summary: "The calendars brought in",
  description: "Searched by name, sorted and paged (newest first).",
  tags: TAGS,
  access: ACCESS,
  query: calendarImportsQuerySchema,
  success: { status: 200, description: "A page of calendar imports.", schema: CalendarImportPageSchema },
  refusals: { "400": LIST_400 },
});

export const adminCreateCalendarImport = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/calendar-imports",
  operationId: "adminCreateCalendarImport",
  summary: "Read a calendar and preview its import",
  description:
    `An .ics file (base64, at most ${CALENDAR_MAX_BYTES / 1024 / 1024} MB) or an iCal address, read through the outbound guard (no private address, no redirect). ` +
    `Nothing on the calendar changes: the answer counts the events from yesterday to ${IMPORT_DAYS_AHEAD} days ahead that importing would create, update, leave unchanged or cancel, ` +
    "the repeating events kept as a series or brought in as single events (and why), and the source events left out.",
  tags: TAGS,
  access: ACCESS,
  body: createCalendarImportBodySchema,
  maxBodyBytes: Math.ceil((CALENDAR_MAX_BYTES * 4) / 3) + 4096,
  success: { status: 201, description: "The previewed import (`ready`).", schema: CalendarImportSchema },
  refusals: { "400": BODY_400(", `file: This file is not a calendar (.ics) file.` or `address: the calendar could not be read: …`") },
});

export const adminGetCalendarImport = defineEndpoint({
  method: "GET",
  path: "/api/v1/admin/calendar-imports/{id}",
  operationId: "adminGetCalendarImport",
  summary: "A calendar import",
  description: "Its preview, and what the last import or sync did.",
  tags: TAGS,
  access: ACCESS,
  params: IMPORT_ID,
  success: { status: 200, description: "The import.", schema: CalendarImportSchema },
  refusals: { "404": NOT_FOUND },
});

export const adminUpdateCalendarImport = defineEndpoint({
  method: "PATCH",
  path: "/api/v1/admin/calendar-imports/{id}",
  operationId: "adminUpdateCalendarImport",
  summary: "Keep an address in sync, or stop",
  description: "A calendar read from an address can be read again every hour, so the source stays the calendar's truth: its new events appear, changed ones change, deleted ones are cancelled.",
  tags: TAGS,
  access: ACCESS,
  params: IMPORT_ID,
  body: updateCalendarImportBodySchema,
  success: { status: 200, description: "The import.", schema: CalendarImportSchema },
  refusals: { "400": BODY_400(", or `keep_in_sync: only a calendar read from an address can be kept in sync`"), "404": NOT_FOUND },
});

export const adminStartCalendarImport = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/calendar-imports/{id}/start",
  operationId: "adminStartCalendarImport",
  summary: "Import the calendar",
  description:
    "Writes what the preview counted, in one transaction: events matched by the source's UID (an occurrence by UID and date) are updated, new ones created " +
    "(published, or drafts), a repeating event becomes a series where our rules can say it; events the import made that the source no longer has are cancelled and their sign-ups told.",
  tags: TAGS,
  access: ACCESS,
  params: IMPORT_ID,
  success: { status: 200, description: "The import, `done`, with its result.", schema: CalendarImportSchema },
  refusals: { "404": NOT_FOUND, "409": "`conflict`: `this file is imported: upload it again to import a newer copy` (or the address's words)." },
});

export const adminSyncCalendarImport = defineEndpoint({
  method: "POST",
  path: "/api/v1/admin/calendar-imports/{id}/sync",
  operationId: "adminSyncCalendarImport",
  summary: "Read the address again now",
  description: "What the hourly sync does, at once. A source that cannot be read leaves the calendar as it was and the import `failed` with the reason.",
  tags: TAGS,
  access: ACCESS,
  params: IMPORT_ID,
  success: { status: 200, description: "The import with the sync's result.", schema: CalendarImportSchema },
  refusals: { "400": "`invalid_request`: `address: the calendar could not be read: …`.", "404": NOT_FOUND, "409": "`conflict`: a file import, or one not yet imported." },
});

/** In the order the OpenAPI document lists them. */
export const calendarImportEndpoints = [adminListCalendarImports, adminCreateCalendarImport, adminGetCalendarImport, adminUpdateCalendarImport, adminStartCalendarImport, adminSyncCalendarImport];
