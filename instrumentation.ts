/**
 * Runs once when a server instance starts, before it takes requests: validates the configuration (a bad
 * or missing variable stops start-up with a message naming it) and opens the database; the embedded one
 * is created, migrated and seeded here on first start.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  const { env, ConfigError } = await import("./lib/env.ts");
  try {
    env();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`\n${error.message}\nSee .env.example for every variable.\n`);
      process.exit(1);
    }
    throw error;
  }
  const { prepareDatabase } = await import("./lib/db.ts");
  const started = performance.now();
  const kind = await prepareDatabase();
  console.log(`[db] ${kind === "embedded" ? `embedded PostgreSQL in ${env().PGLITE_DATA_DIR}` : "PostgreSQL"} ready in ${Math.round(performance.now() - started)} ms`);
}
