import { mergeFamilies } from "@/lib/families/merge-families";
import { mergeFamiliesBodySchema } from "@/lib/families/staff-schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/families/{id}/merge - every member, child and request of `from` moves here; `from` is deleted
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "families:write" }, async ({ request, caller, params, database, context }) => {
  const { from } = await readJsonBody(request, mergeFamiliesBodySchema);
  return identityJson(await mergeFamilies(database, caller.userId, params.id, from, context));
});

// GET, PUT, PATCH, DELETE /api/v1/admin/families/{id}/merge - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
