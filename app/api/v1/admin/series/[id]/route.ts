import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { getSeriesOrThrow } from "@/lib/series/get-series-or-throw";
import { updateSeriesBodySchema } from "@/lib/series/schemas";
import { updateSeries } from "@/lib/series/update-series";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/series/{id} - the series, its rule in words and every occurrence
export const GET = identityRoute<{ id: string }>({ staff: true, permission: "events:read" }, async ({ params, database }) => identityJson(await getSeriesOrThrow(database, params.id)));

// PATCH /api/v1/admin/series/{id} - edit all: occurrences to come that were not edited on their own follow
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "events:write" }, async ({ request, params, database }) => {
  const body = await readJsonBody(request, updateSeriesBodySchema);
  return identityJson(await updateSeries(database, params.id, body));
});

// POST, PUT, DELETE /api/v1/admin/series/{id} - 405 in the identity error shape
export const { POST, PUT, DELETE } = identityMethodNotAllowed(["GET", "PATCH"]);
