import { identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { getDataExportOrThrow } from "@/lib/privacy/get-data-export-or-throw";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/privacy/data-requests/me/{id}/download - the export's JSON document, as a file to save
export const GET = identityRoute<{ id: string }>({ scope: AREA_SCOPES.privacy, permission: "profile:read" }, async ({ caller, params, database, context }) => {
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
});

// POST, PUT, PATCH, DELETE /api/v1/privacy/data-requests/me/[id]/download - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
