import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { createSeries } from "@/lib/series/create-series";
import { adminCreateSeries, adminListSeries } from "@/lib/series/endpoints";
import { listSeries } from "@/lib/series/list-series";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/series - the series, each with its rule in words, its dates and drafts counted, and its next date
  handle(adminListSeries, ({ query, database }) => listSeries(database, query)),
  // POST /api/v1/admin/series - a recurring series and every occurrence its rule gives, DRAFTs until published (201)
  handle(adminCreateSeries, ({ body, database }) => createSeries(database, body)),
);
