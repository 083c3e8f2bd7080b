import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { checkInvitation } from "@/lib/invitations/accept-invitation";
import { checkInvitation as checkInvitationEndpoint } from "@/lib/invitations/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/invitations/check - the invited person's name, and whether they have an account
  handle(checkInvitationEndpoint, ({ body, database }) => checkInvitation(database, body.token)),
);
