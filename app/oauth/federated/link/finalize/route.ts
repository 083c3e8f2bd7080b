import { finalizeFederatedLink } from "@/lib/federation/finalize-federated-link";
import { finalizeLinkBodySchema } from "@/lib/federation/schemas";
import { identityJson, identityRoute, readJsonBody } from "@/lib/http/identity";
import { AREA_SCOPES } from "@/lib/oauth/scopes";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /oauth/federated/link/finalize - turn the one-time link code from the provider's callback into a linked identity
export const POST = identityRoute({ scope: AREA_SCOPES.linkedIdentities, permission: "profile:write", recentSignIn: true }, async ({ request, caller, database, context }) => {
  const { code } = await readJsonBody(request, finalizeLinkBodySchema);
  return identityJson(await finalizeFederatedLink(database, { userId: caller.userId, code, context }));
});

// GET, PUT, PATCH, DELETE /oauth/federated/link/finalize - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
