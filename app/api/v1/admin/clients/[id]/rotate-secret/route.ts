import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { adminRotateClientSecret } from "@/lib/oauth/clients/endpoints";
import { rotateClientSecret } from "@/lib/oauth/clients/rotate-client-secret";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/clients/{id}/rotate-secret - a new secret, answered once; the old one stops working at once
  handle(adminRotateClientSecret, ({ params, database }) => rotateClientSecret(database, params.id)),
);
