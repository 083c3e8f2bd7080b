import { disableClient } from "@/lib/oauth/clients/disable-client";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/clients/{id}/disable - the client gets no more tokens; its grants are revoked at once
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "clients:write" }, async ({ params, database }) => identityJson(await disableClient(database, params.id)));

// GET, PUT, PATCH, DELETE /api/v1/admin/clients/{id}/disable - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
