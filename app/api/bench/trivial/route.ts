export const dynamic = "force-dynamic";

// GET /api/bench/trivial - the framework's own ceiling for benchmarks
// No database, no work: what `next start` costs per request. bench/calendar.ts compares every calendar
// route with it in the same build. Answers 404 unless BENCH_TRIVIAL_ROUTE=1, so production exposes nothing.
export function GET(): Response {
  if (process.env.BENCH_TRIVIAL_ROUTE !== "1") return new Response(null, { status: 404, headers: { "Cache-Control": "no-store" } });
  return Response.json({ status: "ok" });
}
