import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminStartCalendarImport } from "@/lib/calendar-import/endpoints";
import { getCalendarImportOrThrow } from "@/lib/calendar-import/calendar-import-answer";
import { startCalendarImport } from "@/lib/calendar-import/run-calendar-import";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/calendar-imports/{id}/start - the previewed calendar onto ours, in one transaction
  handle(adminStartCalendarImport, async ({ params, database }) => {
    await startCalendarImport(database, params.id);
    return getCalendarImportOrThrow(database, params.id);
  }),
);
