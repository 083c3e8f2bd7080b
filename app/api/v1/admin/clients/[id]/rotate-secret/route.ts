import { rotateClientSecret } from "@/lib/oauth/clients/rotate-client-secret";
import { identityJson, identityRoute } from "@/lib/http/identity";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// POST /api/v1/admin/clients/{id}/rotate-secret - a new secret, answered once; the old one stops working at once
export const POST = identityRoute<{ id: string }>({ staff: true, permission: "clients:write" }, async ({ params, database }) => identityJson(await rotateClientSecret(database, params.id)));

// GET, PUT, PATCH, DELETE /api/v1/admin/clients/{id}/rotate-secret - 405 in the identity error shape
export const { GET, PUT, PATCH, DELETE } = identityMethodNotAllowed(["POST"]);
