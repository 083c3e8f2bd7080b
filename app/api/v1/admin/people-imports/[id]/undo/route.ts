import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminUndoPeopleImport } from "@/lib/people-import/endpoints";
import { requirePeopleImportId } from "@/lib/people-import/people-import-answer";
import { undoPeopleImport } from "@/lib/people-import/undo-people-import";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/people-imports/{id}/undo - remove what it created, restore what it changed
  handle(adminUndoPeopleImport, async ({ params, database }) => {
    const undone = await undoPeopleImport(database, requirePeopleImportId(params.id));
    return { removed: undone.removed, restored: undone.restored, kept_linked: undone.keptLinked };
  }),
);
