import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminGetSeries, adminUpdateSeries } from "@/lib/series/endpoints";
import { getSeriesOrThrow } from "@/lib/series/get-series-or-throw";
import { updateSeries } from "@/lib/series/update-series";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/series/{id} - the series, its rule in words and every occurrence
  handle(adminGetSeries, ({ params, database }) => getSeriesOrThrow(database, params.id)),
  // PATCH /api/v1/admin/series/{id} - edit all: occurrences to come that were not edited on their own follow
  handle(adminUpdateSeries, ({ params, body, database }) => updateSeries(database, params.id, body)),
);
