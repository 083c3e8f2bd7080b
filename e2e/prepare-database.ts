/**
 * Prepares what the end-to-end servers need, before Playwright starts them: a fresh PostgreSQL test
 * database, migrated by the same runner as production and seeded by the same seed as the demo, and an
 * empty folder for the embedded server (which creates, migrates and seeds itself, as on a fresh machine).
 * The seed's "today" is tomorrow, so no seeded event can end while the suite runs.
 */
import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import pg from "pg";
import { withPostgresMigrationConnection } from "../lib/db/connections.ts";
import { applyMigrations } from "../lib/db/migrate.ts";
import { ADMIN_DATABASE_URL, EMBEDDED_DATA_DIR, POSTGRES_BASE_URL, TEST_APP_SECRET, TEST_DATABASE_URL } from "./support/test-env.ts";

// The identity seed uses the server's own modules, which import `server-only`; outside Next.js that package
// throws unless Node resolves the "react-server" export condition. Run again with it when it is missing.
if (!import.meta.resolve("server-only").endsWith("/empty.js")) {
  const rerun = spawnSync(process.execPath, ["--conditions=react-server", ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(rerun.status ?? 1);
}

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
// The test server's APP_SECRET and BASE_URL (playwright.config.ts): the seed seals the demo TOTP secret and
// derives the portal's client secret from the one, and registers the portal's redirect URI under the other.
process.env.APP_SECRET = TEST_APP_SECRET;
process.env.BASE_URL = POSTGRES_BASE_URL;
process.env.SEED_DEMO_DATA = "false";
const { closeDatabase, db, sql } = await import("../lib/db.ts");
const { seedDemoData } = await import("../lib/demo/seed-demo-data.ts");
const { seedIdentityDemoData } = await import("../lib/demo/seed-identity.ts");
const { seedMembershipRegister } = await import("../lib/demo/seed-membership-register.ts");
const prisma = await db();
const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const counts = await seedDemoData(prisma, { today: tomorrow });
const identities = await seedIdentityDemoData(prisma);
const register = await seedMembershipRegister(sql);
await closeDatabase();
await rm(EMBEDDED_DATA_DIR, { recursive: true, force: true });
console.log(
  `test database ${name}: migrated and seeded (${counts.events} events from ${tomorrow}; ` +
    `${identities.accounts.length} demo accounts, clients ${identities.clients.join(", ")}; ${register.records} membership records)`,
);
