import { createCampus } from "@/lib/calendar/create-campus";
import { listCampuses } from "@/lib/calendar/list-campuses";
import { adminCampusesQuerySchema, createCampusBodySchema } from "@/lib/calendar/staff-schemas";
import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/campuses - campuses events can be held at, with their time zones and event counts
export const GET = identityRoute({ staff: true, permission: "events:read" }, async ({ request, database }) => identityJson(await listCampuses(database, readQuery(request, adminCampusesQuerySchema))));

// POST /api/v1/admin/campuses - a new campus with its IANA time zone (201)
export const POST = identityRoute({ staff: true, permission: "events:write" }, async ({ request, database }) => {
  const { name, timezone } = await readJsonBody(request, createCampusBodySchema);
  return identityJson(await createCampus(database, name, timezone), 201);
});

// PUT, PATCH, DELETE /api/v1/admin/campuses - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
