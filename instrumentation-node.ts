import { ConfigError, env } from "./lib/env.ts";

/**
 * Validates the configuration (a bad or missing variable stops start-up with a message naming it) and
 * opens the database; the embedded one is created and migrated on first open, and seeded here when empty.
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
  const { database } = await import("./lib/db.ts");
  // The built-in roles and the portal's own client, on any database: an empty one works without a command.
  const { ensureBuiltIns } = await import("./lib/system/ensure-built-ins.ts");
  try {
    await ensureBuiltIns(await database());
  } catch (error) {
    // The database may be briefly down: serve anyway (health answers 503); the next start writes them.
    console.warn(`[start] built-in roles and the portal's client not checked: ${String(error)}`);
  }
  // A demo (npm run demo, SEED_DEMO_DATA=true) fills an empty embedded database with demo data. Only this
  // start-up path seeds; the product's modules never import demo code.
  if (kind === "embedded" && env().SEED_DEMO_DATA) {
    const { seedEmptyDatabase } = await import("./lib/demo/seed-empty-database.ts");
    await seedEmptyDatabase(await database());
  }
  // No administrator yet: the setup address, in this log and nowhere else (issue 39).
  const { openSetupAddress, SETUP_TOKEN_HOURS } = await import("./lib/setup/setup-address.ts");
  try {
    const address = await openSetupAddress(await database(), env().BASE_URL);
    if (address) {
      console.log(`\n[setup] This church has no administrator yet. To set it up, open (works for ${SETUP_TOKEN_HOURS} hours; restart for a new one):\n\n    ${address}\n\nOr make one here: npm run admin:create -- --email you@example.org --given-name … --family-name …\n`);
    }
  } catch (error) {
    console.warn(`[setup] setup address not written: ${String(error)}`);
  }
  // The first instance to start creates the token-signing keys; the others find them.
  const { checkSigningKeys, SigningKeysUnreadableError } = await import("./lib/oauth/keys.ts");
  try {
    await checkSigningKeys(await database());
  } catch (error) {
    if (error instanceof SigningKeysUnreadableError) {
      console.error(`\n${error.message}\n`);
      process.exit(1);
    }
    // The database may be briefly down: serve anyway (health answers 503) and load the keys on first use.
    console.warn(`[keys] signing keys not checked at start-up: ${String(error)}`);
  }
  if (kind === "embedded") {
    (await import("./lib/system/embedded-backup.ts")).serveEmbeddedBackups(env().PGLITE_DATA_DIR, await database());
    // One process holds the embedded database, so no cron can resume an import a restart stopped: this one does.
    const { resumeInterruptedPeopleImports } = await import("./lib/people-import/run-people-import.ts");
    void resumeInterruptedPeopleImports(await database()).catch((error: unknown) => console.warn(`[import] interrupted imports not resumed: ${String(error)}`));
    // Nor can cron read kept-in-sync calendar addresses: this process does, hourly (lib/calendar-import).
    const { syncDueCalendarImports } = await import("./lib/calendar-import/run-calendar-import.ts");
    const syncCalendars = async () => syncDueCalendarImports(await database()).catch((error: unknown) => console.warn(`[calendar] calendars not synced: ${String(error)}`));
    setInterval(() => void syncCalendars(), 60 * 60_000).unref();
  }
}
