import { createCampus } from "@/lib/calendar/create-campus";
import { adminCreateCampus, adminListCampuses } from "@/lib/calendar/endpoints";
import { listCampuses } from "@/lib/calendar/list-campuses";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/campuses - campuses events can be held at, with their time zones and event counts
  handle(adminListCampuses, ({ query, database }) => listCampuses(database, query)),
  // POST /api/v1/admin/campuses - a new campus with its IANA time zone (201)
  handle(adminCreateCampus, ({ body, database }) => createCampus(database, body.name, body.timezone)),
);
