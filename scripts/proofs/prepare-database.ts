/**
 * Creates (or recreates), migrates and seeds one database for a proof, the way e2e/prepare-database.ts does
 * for the end-to-end suite: the production migration runner (lib/db/migrate.ts, what `npm run db:migrate`
 * runs) and the demo seed (events from tomorrow, the demo accounts and clients, the membership register of
 * 2,400 records, as the end-to-end set-up and `npm run db:seed` have it). Run as its own process per
 * database, because the seed reads DATABASE_URL, APP_SECRET and BASE_URL from the environment once.
 *
 *   tsx --conditions=react-server scripts/proofs/prepare-database.ts <database url> <admin url> <base url>
 */
import pg from "pg";
import { withPostgresMigrationConnection } from "../../lib/db/connections.ts";
import { applyMigrations } from "../../lib/db/migrate.ts";
import { PROOFS_APP_SECRET } from "./support/config.ts";

const [databaseUrl, adminUrl, baseUrl] = process.argv.slice(2);
if (!databaseUrl || !adminUrl || !baseUrl) throw new Error("usage: prepare-database.ts <database url> <admin url> <base url>");

const name = new URL(databaseUrl).pathname.slice(1);
// It is dropped: only ever a database of the proofs or of a benchmark (bench/lighthouse.ts).
if (!/^[a-z_][a-z0-9_]*$/.test(name) || !/proofs|bench/.test(name)) throw new Error(`refusing to recreate database ${name}: its name must contain "proofs" or "bench"`);
const admin = new pg.Client({ connectionString: adminUrl });
await admin.connect();
try {
  await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin.query(`CREATE DATABASE ${name}`);
} finally {
  await admin.end();
}
await withPostgresMigrationConnection(databaseUrl, (connection) => applyMigrations(connection));

process.env.DATABASE_URL = databaseUrl;
process.env.APP_SECRET = PROOFS_APP_SECRET;
process.env.BASE_URL = baseUrl;
process.env.SEED_DEMO_DATA = "false";
const { closeDatabase, db, sql } = await import("../../lib/db.ts");
const { seedDemoData } = await import("../../lib/demo/seed-demo-data.ts");
const { seedIdentityDemoData } = await import("../../lib/demo/seed-identity.ts");
const { seedMembershipRegister } = await import("../../lib/demo/seed-membership-register.ts");
const prisma = await db();
const tomorrow = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
const counts = await seedDemoData(prisma, { today: tomorrow });
const identities = await seedIdentityDemoData(prisma);
// The register the membership routes (the member's search, challenge and suggest; staff's records and requests) work on.
const register = await seedMembershipRegister(sql);
await closeDatabase();
console.log(`[proofs] database ${name}: migrated and seeded (${counts.events} events, ${identities.accounts.length} accounts, ${register.records} membership records)`);
