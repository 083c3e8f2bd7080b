import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminStartPeopleImport } from "@/lib/people-import/endpoints";
import { getPeopleImportOrThrow, requirePeopleImportId } from "@/lib/people-import/people-import-answer";
import { startPeopleImport } from "@/lib/people-import/run-people-import";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/people-imports/{id}/start - import in the background, in batches
  handle(adminStartPeopleImport, async ({ params, database }) => {
    await startPeopleImport(database, requirePeopleImportId(params.id));
    return getPeopleImportOrThrow(database, params.id);
  }),
);
