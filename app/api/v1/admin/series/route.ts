import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { createSeries } from "@/lib/series/create-series";
import { listSeries } from "@/lib/series/list-series";
import { adminSeriesListQuerySchema, createSeriesBodySchema } from "@/lib/series/schemas";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/series - the series, each with its rule in words, its dates and drafts counted, and its next date
export const GET = identityRoute({ staff: true, permission: "events:read" }, async ({ request, database }) => identityJson(await listSeries(database, readQuery(request, adminSeriesListQuerySchema))));

// POST /api/v1/admin/series - a recurring series and every occurrence its rule gives, DRAFTs until published (201)
export const POST = identityRoute({ staff: true, permission: "events:write" }, async ({ request, database }) =>
  identityJson(await createSeries(database, await readJsonBody(request, createSeriesBodySchema)), 201),
);

// PUT, PATCH, DELETE /api/v1/admin/series - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
