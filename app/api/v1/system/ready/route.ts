import { identityJson, publicIdentityRoute } from "@/lib/http/identity";
import { IdentityError } from "@/lib/identity/errors";
import { checkReadiness } from "@/lib/system/check-readiness";
import { SystemReadySchema } from "@/lib/system/schemas";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/v1/system/ready - readiness: the database answers and its migrations are current for this build, else 503
export const GET = publicIdentityRoute(async (_request, database) => {
  const readiness = await checkReadiness(database);
  if (!readiness.ready) throw new IdentityError("service_unavailable", readiness.description, { "Retry-After": "5" });
  return identityJson(
    SystemReadySchema.parse({ status: "ready", database: "ok", migrations: { shipped: readiness.shipped, applied: readiness.applied } }),
  );
});

// POST, PUT, PATCH, DELETE /api/v1/system/ready - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
