import { identityJson, publicIdentityRoute } from "@/lib/http/identity";
import { buildInfo } from "@/lib/system/build-info";
import { SystemVersionSchema } from "@/lib/system/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/system/version - the app's version, the commit and time it was built from, the Node.js version
export const GET = publicIdentityRoute(async () => identityJson(SystemVersionSchema.parse(buildInfo())));

// POST, PUT, PATCH, DELETE /api/v1/system/version - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
