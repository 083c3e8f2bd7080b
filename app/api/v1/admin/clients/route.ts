import { createClient } from "@/lib/oauth/clients/create-client";
import { listClients } from "@/lib/oauth/clients/list-clients";
import { adminClientsQuerySchema, createClientBodySchema } from "@/lib/oauth/clients/staff-schemas";
import { identityJson, identityRoute, readJsonBody, readQuery } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/admin/clients - registered OAuth clients (never a secret), searched, sorted and paged
export const GET = identityRoute({ staff: true, permission: "clients:read" }, async ({ request, database }) => identityJson(await listClients(database, readQuery(request, adminClientsQuerySchema))));

// POST /api/v1/admin/clients - register a client (first-party only by an administrator); its secret is answered this once (201)
export const POST = identityRoute({ staff: true, permission: "clients:write" }, async ({ request, caller, database }) =>
  identityJson(await createClient(database, await readJsonBody(request, createClientBodySchema), caller), 201),
);

// PUT, PATCH, DELETE /api/v1/admin/clients - 405 in the identity error shape
export const { PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET", "POST"]);
