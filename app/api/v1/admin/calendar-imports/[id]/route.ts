import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminGetCalendarImport, adminUpdateCalendarImport } from "@/lib/calendar-import/endpoints";
import { getCalendarImportOrThrow } from "@/lib/calendar-import/calendar-import-answer";
import { setCalendarKeptInSync } from "@/lib/calendar-import/run-calendar-import";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/calendar-imports/{id} - one import, its preview and last result
  handle(adminGetCalendarImport, ({ params, database }) => getCalendarImportOrThrow(database, params.id)),
  // PATCH /api/v1/admin/calendar-imports/{id} - keep an address in sync, or stop
  handle(adminUpdateCalendarImport, async ({ params, body, database }) => {
    await setCalendarKeptInSync(database, params.id, body.keep_in_sync);
    return getCalendarImportOrThrow(database, params.id);
  }),
);
