import { updateMinistryOrThrow } from "@/lib/calendar/update-place-or-throw";
import { updateMinistryBodySchema } from "@/lib/calendar/staff-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// PATCH /api/v1/admin/ministries/{id} - rename a ministry
export const PATCH = identityRoute<{ id: string }>({ staff: true, permission: "events:write" }, async ({ request, params, database }) => {
  const { name } = await readJsonBody(request, updateMinistryBodySchema);
  return identityJson(await updateMinistryOrThrow(database, params.id, name));
});

// GET, POST, PUT, DELETE /api/v1/admin/ministries/[id] - 405 in the identity error shape
export const { GET, POST, PUT, DELETE } = identityMethodNotAllowed(["PATCH"]);
