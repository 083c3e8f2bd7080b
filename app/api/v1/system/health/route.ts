import { identityJson, publicIdentityRoute } from "@/lib/http/identity";
import { SystemHealthSchema } from "@/lib/system/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/system/health - liveness: the process answers (no database call; a restart cannot fix the database)
export const GET = publicIdentityRoute(async () => identityJson(SystemHealthSchema.parse({ status: "ok" })));

// POST, PUT, PATCH, DELETE /api/v1/system/health - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
