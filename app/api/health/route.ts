import { database } from "@/lib/db";
import { checkReadiness, type Readiness } from "@/lib/system/check-readiness";
import { identityMethodNotAllowed } from "@/lib/http/method-not-allowed";

export const dynamic = "force-dynamic";

// GET /api/health - the first health check (kept for existing load balancers and the test servers): the same
// check as GET /api/v1/system/ready, answered 200 {status:"ok"} or 503 {status:"unavailable"}
export async function GET(): Promise<Response> {
  // An embedded database that cannot open (its migrations failed) is as unready as one that does not answer.
  const readiness = await database().then(checkReadiness, (): Readiness => ({ ready: false, reason: "database", description: "the database does not answer" }));
  return Response.json(readiness.ready ? { status: "ok" } : { status: "unavailable" }, {
    status: readiness.ready ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}

// POST, PUT, PATCH, DELETE /api/health - 405 in the identity error shape
export const { POST, PUT, PATCH, DELETE } = identityMethodNotAllowed(["GET"]);
