import { listMembershipSuggestions } from "@/lib/membership/list-membership-suggestions";
import { adminSuggestionsQuerySchema } from "@/lib/membership/staff-schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/membership/suggestions - members' requests to link a record (pending by default), paged
export const GET = identityRoute({ staff: true, permission: "membership:read" }, async ({ request, database }) =>
  identityJson(await listMembershipSuggestions(database, readQuery(request, adminSuggestionsQuerySchema))),
);

// POST, PUT, PATCH, DELETE /api/v1/admin/membership/suggestions - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
