import { createMinistry } from "@/lib/calendar/create-ministry";
import { listMinistries } from "@/lib/calendar/list-ministries";
import { adminMinistriesQuerySchema, createMinistryBodySchema } from "@/lib/calendar/staff-schemas";
import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/ministries - ministries events can belong to, with their event counts
export const GET = identityRoute({ staff: true, permission: "events:read" }, async ({ request, database }) => identityJson(await listMinistries(database, readQuery(request, adminMinistriesQuerySchema))));

// POST /api/v1/admin/ministries - a new ministry (201)
export const POST = identityRoute({ staff: true, permission: "events:write" }, async ({ request, database }) => {
  const { name } = await readJsonBody(request, createMinistryBodySchema);
  return identityJson(await createMinistry(database, name), 201);
});

// PUT, PATCH, DELETE /api/v1/admin/ministries - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
