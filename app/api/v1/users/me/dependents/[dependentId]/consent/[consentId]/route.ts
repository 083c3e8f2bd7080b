import { revokeDependentConsentOrThrow } from "@/lib/guardians/revoke-dependent-consent-or-throw";
import { GUARDIAN_PERMISSION } from "@/lib/guardians/schemas";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// DELETE /api/v1/users/me/dependents/{dependentId}/consent/{consentId} - a guardian revokes a dependant's consent and its refresh tokens
export const DELETE = identityRoute<{ dependentId: string; consentId: string }>({ scope: AREA_SCOPES.dependents, permission: GUARDIAN_PERMISSION }, async ({ caller, params, database, context }) =>
  identityJson(await revokeDependentConsentOrThrow(database, caller.userId, params.dependentId, params.consentId, context)),
);

// GET, POST, PUT, PATCH /api/v1/users/me/dependents/[dependentId]/consent/[consentId] - 405 in the identity error shape
export const { GET, POST, PUT, PATCH } = identityMethodNotAllowed(["DELETE"]);
