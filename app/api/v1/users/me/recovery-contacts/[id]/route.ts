import { removeRecoveryContactOrThrow } from "@/lib/contacts/remove-recovery-contact-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// DELETE /api/v1/users/me/recovery-contacts/{id} - remove a recovery contact; answers it masked with status removed
export const DELETE = identityRoute<{ id: string }>({ scope: AREA_SCOPES.recovery, permission: "profile:write", recentSignIn: true }, async ({ caller, params, database, context }) =>
  identityJson(await removeRecoveryContactOrThrow(database, caller.userId, params.id, context)),
);

// GET, POST, PUT, PATCH /api/v1/users/me/recovery-contacts/[id] - 405 in the identity error shape
export const { GET, POST, PUT, PATCH } = identityMethodNotAllowed(["DELETE"]);
