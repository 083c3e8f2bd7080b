import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminRevokeInvitation } from "@/lib/invitations/endpoints";
import { requireInvitationId } from "@/lib/invitations/invitation-id";
import { revokeInvitation } from "@/lib/invitations/send-invitations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/invitations/{id}/revoke - its link stops working
  handle(adminRevokeInvitation, async ({ params, database }) => {
    await revokeInvitation(database, requireInvitationId(params.id));
    return null;
  }),
);
