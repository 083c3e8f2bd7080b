import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { getSystemHealth } from "@/lib/system/endpoints";
import { SystemHealthSchema } from "@/lib/system/schemas";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/system/health - liveness: the process answers (no database call; a restart cannot fix the database)
  handle(getSystemHealth, async () => SystemHealthSchema.parse({ status: "ok" })),
);
