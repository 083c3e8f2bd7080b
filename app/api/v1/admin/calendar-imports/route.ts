import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminCreateCalendarImport, adminListCalendarImports } from "@/lib/calendar-import/endpoints";
import { getCalendarImportOrThrow, listCalendarImports } from "@/lib/calendar-import/calendar-import-answer";
import { createCalendarImport } from "@/lib/calendar-import/run-calendar-import";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/calendar-imports - the calendars brought in, newest first
  handle(adminListCalendarImports, ({ query, database }) => listCalendarImports(database, query)),
  // POST /api/v1/admin/calendar-imports - read an .ics file or an iCal address; answers its preview
  handle(adminCreateCalendarImport, async ({ body, caller, database }) => getCalendarImportOrThrow(database, await createCalendarImport(database, body, caller.userId))),
);
