import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { disableClient } from "@/lib/oauth/clients/disable-client";
import { adminDisableClient } from "@/lib/oauth/clients/endpoints";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // POST /api/v1/admin/clients/{id}/disable - the client gets no more tokens; its grants are revoked at once
  handle(adminDisableClient, ({ params, database }) => disableClient(database, params.id)),
);
