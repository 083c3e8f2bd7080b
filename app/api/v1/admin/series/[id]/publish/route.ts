import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { publishSeries } from "@/lib/series/publish-series";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/series/{id}/publish - every draft occurrence of the series goes on the calendar
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "events:write" }, async ({ params, database }) => identityJson(await publishSeries(database, params.id)));

// GET, PUT, PATCH, DELETE /api/v1/admin/series/{id}/publish - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
