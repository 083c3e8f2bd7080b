import { undoCheckIn } from "@/lib/check-in/attendance";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/check-ins/{id}/undo - a check-in made by mistake counts for nothing from now on
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "attendance:write" }, async ({ caller, params, database }) =>
  identityJson(await undoCheckIn(database, caller.userId, params.id)),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/check-ins/{id}/undo - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
