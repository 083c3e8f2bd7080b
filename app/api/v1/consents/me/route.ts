import { createConsent } from "@/lib/consents/create-consent";
import { grantConsent, listMyConsents } from "@/lib/consents/endpoints";
import { listConsents } from "@/lib/consents/list-consents";
import { answerWith, endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/consents/me - the member's consents: which apps may use which scopes
  handle(listMyConsents, async ({ caller, database }) => ({ consents: await listConsents(database, caller.userId) })),
  // POST /api/v1/consents/me - allow a client some scopes (201 new, 200 merged into an existing consent)
  handle(grantConsent, async ({ caller, body, database, context }) => {
    const { consent, created } = await createConsent(database, caller.userId, body, context);
    return answerWith(grantConsent, created ? 201 : 200, consent);
  }),
);
