import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { acceptInvitation } from "@/lib/invitations/accept-invitation";
import { acceptInvitation as acceptInvitationEndpoint } from "@/lib/invitations/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/invitations/accept - make the account (or link the one with this address), linked to the record and household
  handle(acceptInvitationEndpoint, ({ body, database, context }) => acceptInvitation(database, body, context)),
);
