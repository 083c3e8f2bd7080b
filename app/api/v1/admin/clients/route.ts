import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { createClient } from "@/lib/oauth/clients/create-client";
import { adminCreateClient, adminListClients } from "@/lib/oauth/clients/endpoints";
import { listClients } from "@/lib/oauth/clients/list-clients";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/admin/clients - registered OAuth clients (never a secret), searched, sorted and paged
  handle(adminListClients, ({ query, database }) => listClients(database, query)),
  // POST /api/v1/admin/clients - register a client (first-party only by an administrator); its secret is answered this once (201)
  handle(adminCreateClient, ({ body, caller, database }) => createClient(database, body, caller)),
);
