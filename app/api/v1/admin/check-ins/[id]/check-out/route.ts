import { staffCheckOut } from "@/lib/check-in/attendance";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/check-ins/{id}/check-out - staff check a person out (someone on the pickup list without an account, say)
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "attendance:write" }, async ({ caller, params, database, context }) =>
  identityJson(await staffCheckOut(database, caller.userId, params.id, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/check-ins/{id}/check-out - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
