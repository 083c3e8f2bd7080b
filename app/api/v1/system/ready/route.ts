import { endpointRoutes, handle } from "@/lib/http/endpoint-route";
import { IdentityError } from "@/lib/identity/errors";
import { isChurchSetUp } from "@/lib/setup/setup-state";
import { checkReadiness } from "@/lib/system/check-readiness";
import { getSystemReadiness } from "@/lib/system/endpoints";
import { SystemReadySchema } from "@/lib/system/schemas";

export const dynamic = "force-dynamic";

export const { GET, POST, PUT, PATCH, DELETE } = endpointRoutes(
  // GET /api/v1/system/ready - readiness: the database answers and its migrations are current for this build, else 503
  handle(getSystemReadiness, async ({ database }) => {
    const readiness = await checkReadiness(database);
    if (!readiness.ready) throw new IdentityError("service_unavailable", readiness.description, { "Retry-After": "5" });
    const setup = (await isChurchSetUp(database)) ? "done" : "waiting";
    return SystemReadySchema.parse({ status: "ready", database: "ok", migrations: { shipped: readiness.shipped, applied: readiness.applied }, setup });
  }),
);
