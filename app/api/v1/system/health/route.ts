import { identityJson, publicIdentityRoute } from "@/lib/http/identity";
import { SystemHealthSchema } from "@/lib/system/schemas";

export const dynamic = "force-dynamic";

// GET /api/v1/system/health - liveness: the process answers (no database call; a restart cannot fix the database)
export const GET = publicIdentityRoute(async () => identityJson(SystemHealthSchema.parse({ status: "ok" })));
