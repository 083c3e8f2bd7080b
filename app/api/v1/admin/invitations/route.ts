import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminInvite, adminListInvitations } from "@/lib/invitations/endpoints";
import { listInvitations } from "@/lib/invitations/list-invitations";
import { inviteRecords } from "@/lib/invitations/send-invitations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/invitations - the invitations, by state
  handle(adminListInvitations, ({ query, database }) => listInvitations(database, query)),
  // POST /api/v1/admin/invitations - invite the records named, or everyone an import created
  handle(adminInvite, ({ body, caller, database }) => inviteRecords(database, "import_id" in body ? { importId: body.import_id } : { recordIds: body.record_ids }, caller.userId)),
);
