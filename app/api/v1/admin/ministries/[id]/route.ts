import { adminUpdateMinistry } from "@/lib/calendar/endpoints";
import { updateMinistryOrThrow } from "@/lib/calendar/update-place-or-throw";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PATCH /api/v1/admin/ministries/{id} - rename a ministry
  handle(adminUpdateMinistry, ({ params, body, database }) => updateMinistryOrThrow(database, params.id, body.name)),
);
