/**
 * Prepares what the end-to-end servers need, before Playwright starts them: a fresh PostgreSQL test
 * database, migrated by the same runner as production and seeded by the same seed as the demo, and an
 * empty folder for the embedded server (which creates, migrates and seeds itself, as on a fresh machine).
 * The seed's "today" is tomorrow, so no seeded event can end while the suite runs.
 */
import { rm } from "node:fs/promises";
import pg from "pg";
import { withPostgresMigrationConnection } from "../lib/db/connections.ts";
import { applyMigrations } from "../lib/db/migrate.ts";
import { ADMIN_DATABASE_URL, EMBEDDED_DATA_DIR, TEST_APP_SECRET, TEST_DATABASE_URL } from "./support/test-env.ts";

const name = new URL(TEST_DATABASE_URL).pathname.slice(1);
if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected test database name ${name}`);
const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
await admin.connect();
try {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
} finally {
  await admin.end();
}
await withPostgresMigrationConnection(TEST_DATABASE_URL, (connection) => applyMigrations(connection));

process.env.DATABASE_URL = TEST_DATABASE_URL;
process.env.APP_SECRET ??= TEST_APP_SECRET;
process.env.SEED_DEMO_DATA = "false";
const { closeDatabase, db } = await import("../lib/db.ts");
const { seedDemoData } = await import("../lib/demo/seed-demo-data.ts");
const prisma = await db();
const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const counts = await seedDemoData(prisma, { today: tomorrow });
await closeDatabase();
await rm(EMBEDDED_DATA_DIR, { recursive: true, force: true });
console.log(`test database ${name}: migrated and seeded (${counts.events} events from ${tomorrow})`);
