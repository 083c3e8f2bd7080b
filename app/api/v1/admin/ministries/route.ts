import { createMinistry, listMinistries } from "@/lib/admin/manage-places";
import { adminMinistriesQuerySchema, createMinistryBodySchema } from "@/lib/admin/schemas";
import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/ministries - ministries events can belong to, with their event counts
export const GET = identityRoute({ permission: "events:read" }, async ({ request }) => identityJson(await listMinistries(readQuery(request, adminMinistriesQuerySchema))));

// POST /api/v1/admin/ministries - a new ministry (201)
export const POST = identityRoute({ permission: "events:write" }, async ({ request }) => {
  const { name } = await readJsonBody(request, createMinistryBodySchema);
  return identityJson(await createMinistry(name), 201);
});
