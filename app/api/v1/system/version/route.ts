import { identityJson, publicIdentityRoute } from "@/lib/http/identity";
import { buildInfo } from "@/lib/system/build-info";
import { SystemVersionSchema } from "@/lib/system/schemas";

export const dynamic = "force-dynamic";

// GET /api/v1/system/version - the app's version, the commit and time it was built from, the Node.js version
export const GET = publicIdentityRoute(async () => identityJson(SystemVersionSchema.parse(buildInfo())));
