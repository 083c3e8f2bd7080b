import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { addPasskey, listMyPasskeys } from "@/lib/passkeys/endpoints";
import { finishPasskeyRegistration } from "@/lib/passkeys/finish-passkey-registration";
import { listPasskeys } from "@/lib/passkeys/list-passkeys";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/users/me/passkeys - the member's passkeys: names, dates, synced or not (never key material)
  handle(listMyPasskeys, ({ caller, database }) => listPasskeys(database, caller.userId)),
  // POST /api/v1/users/me/passkeys - step 2 of adding a passkey: the browser's answer to this session's waiting challenge; 201 with the passkey
  handle(addPasskey, ({ caller, body, database, context }) => finishPasskeyRegistration(database, { userId: caller.userId, sessionId: caller.sessionId, body, context })),
);
