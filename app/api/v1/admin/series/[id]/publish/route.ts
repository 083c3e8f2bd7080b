import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminPublishSeries } from "@/lib/series/endpoints";
import { publishSeries } from "@/lib/series/publish-series";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/series/{id}/publish - every draft occurrence of the series goes on the calendar
  handle(adminPublishSeries, ({ params, database }) => publishSeries(database, params.id)),
);
