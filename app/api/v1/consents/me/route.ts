import { createConsent } from "@/lib/consents/create-consent";
import { listConsents } from "@/lib/consents/list-consents";
import { createConsentBodySchema } from "@/lib/consents/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/consents/me - the member's consents: which apps may use which scopes
export const GET = identityRoute({ scope: AREA_SCOPES.consents, permission: "consents:read" }, async ({ caller, database }) =>
  identityJson({ consents: await listConsents(database, caller.userId) }),
);

// POST /api/v1/consents/me - allow a client some scopes (201 new, 200 merged into an existing consent)
export const POST = identityRoute({ scope: AREA_SCOPES.consents, permission: "consents:write" }, async ({ request, caller, database, context }) => {
  const body = await readJsonBody(request, createConsentBodySchema);
  const { consent, created } = await createConsent(database, caller.userId, body, context);
  return identityJson(consent, created ? 201 : 200);
});

// PUT, PATCH, DELETE /api/v1/consents/me - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
