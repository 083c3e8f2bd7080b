import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { buildInfo } from "@/lib/system/build-info";
import { getSystemVersion } from "@/lib/system/endpoints";
import { SystemVersionSchema } from "@/lib/system/schemas";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/system/version - the app's version, the commit and time it was built from, the Node.js version
  handle(getSystemVersion, async () => SystemVersionSchema.parse(buildInfo())),
);
