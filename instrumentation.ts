/**
 * Runs once when a server instance starts, before it takes requests. The work is Node-only, so it lives
 * in instrumentation-node.ts and is never compiled for the Edge runtime.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { startServer } = await import("./instrumentation-node.ts");
  await startServer();
}
