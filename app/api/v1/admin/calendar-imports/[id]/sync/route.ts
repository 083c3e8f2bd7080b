import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminSyncCalendarImport } from "@/lib/calendar-import/endpoints";
import { getCalendarImportOrThrow } from "@/lib/calendar-import/calendar-import-answer";
import { syncCalendarImport } from "@/lib/calendar-import/run-calendar-import";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/calendar-imports/{id}/sync - read the address again now
  handle(adminSyncCalendarImport, async ({ params, database }) => {
    await syncCalendarImport(database, params.id);
    return getCalendarImportOrThrow(database, params.id);
  }),
);
