import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminInvite, adminListInvitations } from "@/lib/invitations/endpoints";
import { listInvitations } from "@/lib/invitations/list-invitations";
import { inviteRecords, inviteTarget } from "@/lib/invitations/send-invitations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/invitations - the invitations, by state
  handle(adminListInvitations, ({ query, database }) => listInvitations(database, query)),
  // POST /api/v1/admin/invitations - invite the records named, everyone an import created, or everyone a register search finds
  handle(adminInvite, ({ body, caller, database }) => inviteRecords(database, inviteTarget(body), caller.userId)),
);
