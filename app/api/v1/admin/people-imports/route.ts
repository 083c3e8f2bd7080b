import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminCreatePeopleImport, adminListPeopleImports } from "@/lib/people-import/endpoints";
import { getPeopleImportOrThrow, listPeopleImports } from "@/lib/people-import/people-import-answer";
import { createPeopleImport } from "@/lib/people-import/preview-people-import";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/people-imports - the newest imports
  handle(adminListPeopleImports, ({ query, database }) => listPeopleImports(database, query)),
  // POST /api/v1/admin/people-imports - upload a CSV file of people; answers its preview
  handle(adminCreatePeopleImport, async ({ body, caller, database }) => {
    const id = await createPeopleImport(database, { fileName: body.file_name, bytes: Buffer.from(body.content, "base64"), actorId: caller.userId });
    return getPeopleImportOrThrow(database, id);
  }),
);
