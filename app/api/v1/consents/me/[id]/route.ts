import { revokeConsentOrThrow } from "@/lib/consents/revoke-consent-or-throw";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// DELETE /api/v1/consents/me/{id} - revoke a consent and the client's refresh tokens for the member
export const DELETE = identityRoute<{ id: string }>({ scope: AREA_SCOPES.consents, permission: "consents:write" }, async ({ caller, params, database, context }) =>
  identityJson(await revokeConsentOrThrow(database, caller.userId, params.id, context)),
);

// GET, POST, PUT, PATCH /api/v1/consents/me/[id] - 405 in the identity error shape
export const { GET, POST, PUT, PATCH } = identityMethodNotAllowed(["DELETE"]);
