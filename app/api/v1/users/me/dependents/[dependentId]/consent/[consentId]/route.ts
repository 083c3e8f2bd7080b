import { revokeDependentConsent } from "@/lib/guardians/endpoints";
import { revokeDependentConsentOrThrow } from "@/lib/guardians/revoke-dependent-consent-or-throw";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // DELETE /api/v1/users/me/dependents/{dependentId}/consent/{consentId} - a guardian revokes a dependant's consent and its refresh tokens
  handle(revokeDependentConsent, ({ caller, params, database, context }) => revokeDependentConsentOrThrow(database, caller.userId, params.dependentId, params.consentId, context)),
);
