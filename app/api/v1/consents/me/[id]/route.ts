import { revokeConsent } from "@/lib/consents/endpoints";
import { revokeConsentOrThrow } from "@/lib/consents/revoke-consent-or-throw";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // DELETE /api/v1/consents/me/{id} - revoke a consent and the client's refresh tokens for the member
  handle(revokeConsent, ({ caller, params, database, context }) => revokeConsentOrThrow(database, caller.userId, params.id, context)),
);
