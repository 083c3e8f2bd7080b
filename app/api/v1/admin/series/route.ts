import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { createSeries } from "@/lib/series/create-series";
import { createSeriesBodySchema } from "@/lib/series/schemas";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/series - a recurring series and every occurrence its rule gives, DRAFTs until published (201)
export const POST = identityRoute({ staff: true, permission: "events:write" }, async ({ request, database }) =>
  identityJson(await createSeries(database, await readJsonBody(request, createSeriesBodySchema)), 201),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/series - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
