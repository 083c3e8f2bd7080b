import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { removePasskeyOrThrow } from "@/lib/passkeys/remove-passkey-or-throw";
import { renamePasskeyOrThrow } from "@/lib/passkeys/rename-passkey-or-throw";
import { renamePasskeyBodySchema } from "@/lib/passkeys/schemas";

export const dynamic = "force-dynamic";

// PATCH /api/v1/users/me/passkeys/{id} - rename one of the member's passkeys
export const PATCH = identityRoute<{ id: string }>({ scope: AREA_SCOPES.mfa, permission: "profile:write" }, async ({ request, caller, params, database, context }) => {
  const { name } = await readJsonBody(request, renamePasskeyBodySchema);
  return identityJson(await renamePasskeyOrThrow(database, { userId: caller.userId, passkeyId: params.id, name, context }));
});

// DELETE /api/v1/users/me/passkeys/{id} - remove a passkey: it no longer signs the member in; answers it with status removed
export const DELETE = identityRoute<{ id: string }>({ scope: AREA_SCOPES.mfa, permission: "profile:write", recentSignIn: true }, async ({ caller, params, database, context }) =>
  identityJson(await removePasskeyOrThrow(database, { userId: caller.userId, passkeyId: params.id, context })),
);

// GET, POST, PUT /api/v1/users/me/passkeys/{id} - 405 in the identity error shape
export const { GET, POST, PUT } = identityMethodNotAllowed(["PATCH", "DELETE"]);
