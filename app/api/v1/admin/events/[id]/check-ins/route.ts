import { staffCheckIn } from "@/lib/check-in/attendance";
import { staffCheckInBodySchema } from "@/lib/check-in/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/events/{id}/check-ins - staff check someone in by hand where the event allows MANUAL (201)
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "attendance:write" }, async ({ request, caller, params, database, context }) => {
  const body = await readJsonBody(request, staffCheckInBodySchema);
  return identityJson(await staffCheckIn(database, caller.userId, params.id, body.person_id, context), 201);
});

// GET, PUT, PATCH, DELETE /api/v1/admin/events/{id}/check-ins - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
