import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminResendInvitation } from "@/lib/invitations/endpoints";
import { requireInvitationId } from "@/lib/invitations/invitation-id";
import { resendInvitation } from "@/lib/invitations/send-invitations";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/invitations/{id}/resend - a new link, for 14 more days
  handle(adminResendInvitation, async ({ params, database }) => {
    await resendInvitation(database, requireInvitationId(params.id));
    return null;
  }),
);
