import { checkDatabaseHealth } from "@/lib/system/check-database-health";

export const dynamic = "force-dynamic";

// GET /api/health - 200 {status:"ok"} when the database answers, 503 otherwise (for load balancers)
export async function GET(): Promise<Response> {
  const healthy = await checkDatabaseHealth();
  return Response.json(healthy ? { status: "ok" } : { status: "unavailable" }, {
    status: healthy ? 200 : 503,
    headers: { "Cache-Control": "no-store" },
  });
}
