import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { removePasskey, renamePasskey } from "@/lib/passkeys/endpoints";
import { removePasskeyOrThrow } from "@/lib/passkeys/remove-passkey-or-throw";
import { renamePasskeyOrThrow } from "@/lib/passkeys/rename-passkey-or-throw";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // PATCH /api/v1/users/me/passkeys/{id} - rename one of the member's passkeys
  handle(renamePasskey, ({ caller, params, body, database, context }) => renamePasskeyOrThrow(database, { userId: caller.userId, passkeyId: params.id, name: body.name, context })),
  // DELETE /api/v1/users/me/passkeys/{id} - remove a passkey: it no longer signs the member in; answers it with status removed
  handle(removePasskey, ({ caller, params, database, context }) => removePasskeyOrThrow(database, { userId: caller.userId, passkeyId: params.id, context })),
);
