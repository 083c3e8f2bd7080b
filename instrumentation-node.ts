import { ConfigError, env } from "./lib/env.ts";

/**
 * Validates the configuration (a bad or missing variable stops start-up with a message naming it) and
 * opens the database; the embedded one is created, migrated and seeded here on first start.
 */
export async function startServer(): Promise<void> {
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
  const where = kind === "embedded" ? `embedded PostgreSQL in ${env().PGLITE_DATA_DIR}` : "PostgreSQL";
  console.log(`[db] ${where} ready in ${Math.round(performance.now() - started)} ms`);
  // The first instance to start creates the token-signing keys; the others find them.
  const { checkSigningKeys, SigningKeysUnreadableError } = await import("./lib/oauth/keys.ts");
  try {
    await checkSigningKeys();
  } catch (error) {
    if (error instanceof SigningKeysUnreadableError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    // The database may be briefly down: serve anyway (health answers 503) and load the keys on first use.
    console.warn(`[keys] signing keys not checked at start-up: ${String(error)}`);
  }
}
