import { unlinkMembershipRecord } from "@/lib/membership/unlink-membership-record";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/membership/records/{id}/unlink - the record no longer belongs to its linked account; the member's log says so
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "membership:write" }, async ({ caller, params, database, context }) =>
  identityJson(await unlinkMembershipRecord(database, caller.userId, params.id, context)),
);

// GET, PUT, PATCH, DELETE /api/v1/admin/membership/records/{id}/unlink - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
