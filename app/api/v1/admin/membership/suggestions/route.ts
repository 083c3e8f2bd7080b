import { listMembershipSuggestions } from "@/lib/admin/manage-membership";
import { adminSuggestionsQuerySchema } from "@/lib/admin/schemas";
import { identityJson, identityRoute, readQuery } from "@/lib/http/identity";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/membership/suggestions - members' requests to link a record (pending by default), paged
export const GET = identityRoute({ permission: "membership:read" }, async ({ request }) =>
  identityJson(await listMembershipSuggestions(readQuery(request, adminSuggestionsQuerySchema))),
);
