import { finalizeFederatedLink } from "@/lib/federation/endpoints";
import { finalizeFederatedLink as finalizeLink } from "@/lib/federation/finalize-federated-link";
import { endpointRoutes, handle } from "@/lib/http/endpoint-route";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /oauth/federated/link/finalize - turn the one-time link code from the provider's callback into a linked identity
  handle(finalizeFederatedLink, ({ caller, body, database, context }) => finalizeLink(database, { userId: caller.userId, code: body.code, context })),
);
