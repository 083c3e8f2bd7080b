import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { downloadDataExport } from "@/lib/privacy/endpoints";
import { getDataExportOrThrow } from "@/lib/privacy/get-data-export-or-throw";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/privacy/data-requests/me/{id}/download - the export's JSON document, as a file to save
  handle(downloadDataExport, async ({ caller, params, database, context }) => {
    const { json, createdAt } = await getDataExportOrThrow(database, caller.userId, params.id, context);
    return new Response(json, {
      status: 200,
      headers: {
        "Content-Type": "application/json; charset=utf-8",
        "Content-Disposition": `attachment; filename="account-data-${createdAt.toISOString().slice(0, 10)}.json"`,
        // The whole account in one file: never kept by a cache on the way.
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  }),
);
