import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { identityJson } from "@/lib/http/identity";
import { startPasskeyRegistration } from "@/lib/passkeys/endpoints";
import { startPasskeyRegistration as startRegistrationOf } from "@/lib/passkeys/start-passkey-registration";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/users/me/passkeys/registration-options - step 1 of adding a passkey: WebAuthn creation options with a challenge bound to this session
  // Answered as the WebAuthn library typed it (its extensions have no index signature, which the schema's output has).
  handle(startPasskeyRegistration, async ({ caller, database }) => identityJson(await startRegistrationOf(database, { userId: caller.userId, sessionId: caller.sessionId }))),
);
