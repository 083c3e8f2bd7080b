import { createMinistry } from "@/lib/calendar/create-ministry";
import { adminCreateMinistry, adminListMinistries } from "@/lib/calendar/endpoints";
import { listMinistries } from "@/lib/calendar/list-ministries";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/ministries - ministries events can belong to, with their event counts
  handle(adminListMinistries, ({ query, database }) => listMinistries(database, query)),
  // POST /api/v1/admin/ministries - a new ministry (201)
  handle(adminCreateMinistry, ({ body, database }) => createMinistry(database, body.name)),
);
