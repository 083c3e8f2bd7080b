import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminListMembershipSuggestions } from "@/lib/membership/endpoints";
import { listMembershipSuggestions } from "@/lib/membership/list-membership-suggestions";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/membership/suggestions - members' requests to link a record (pending by default), paged
  handle(adminListMembershipSuggestions, ({ query, database }) => listMembershipSuggestions(database, query)),
);
