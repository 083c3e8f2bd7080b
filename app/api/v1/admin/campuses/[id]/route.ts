import { adminUpdateCampus } from "@/lib/calendar/endpoints";
import { updateCampusOrThrow } from "@/lib/calendar/update-place-or-throw";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PATCH /api/v1/admin/campuses/{id} - rename a campus or change its time zone (its events keep their own)
  handle(adminUpdateCampus, ({ params, body, database }) => updateCampusOrThrow(database, params.id, body)),
);
