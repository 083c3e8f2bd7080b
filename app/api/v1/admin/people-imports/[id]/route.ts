import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminGetPeopleImport, adminUpdatePeopleImport } from "@/lib/people-import/endpoints";
import { getPeopleImportOrThrow, requirePeopleImportId } from "@/lib/people-import/people-import-answer";
import { remapPeopleImport } from "@/lib/people-import/preview-people-import";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/people-imports/{id} - one import, its preview or its progress
  handle(adminGetPeopleImport, ({ params, database }) => getPeopleImportOrThrow(database, params.id)),
  // PATCH /api/v1/admin/people-imports/{id} - choose the file's columns; previewed again
  handle(adminUpdatePeopleImport, async ({ params, body, database }) => {
    await remapPeopleImport(database, requirePeopleImportId(params.id), body.mapping);
    return getPeopleImportOrThrow(database, params.id);
  }),
);
