import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { identityJson } from "@/lib/http/identity";
import { startInvitationPasskey as startInvitationPasskeyEndpoint } from "@/lib/invitations/endpoints";
import { startInvitationPasskey } from "@/lib/invitations/start-invitation-passkey";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/invitations/passkey-options - the options for the new account's passkey, bound to the invitation
  // Answered as the WebAuthn library typed it (its extensions have no index signature, which the schema's output has).
  handle(startInvitationPasskeyEndpoint, async ({ body, database }) => identityJson(await startInvitationPasskey(database, body.token))),
);
