/**
 * A fresh PostgreSQL database the way the test suites need one: dropped and created again, migrated by the
 * production runner (lib/db/migrate.ts, what `npm run db:migrate` runs) and seeded by the demo seed: a year
 * of events from tomorrow (so none ends during a run), the demo accounts and clients, the membership register.
 * Used by e2e/prepare-database.ts and scripts/proofs/prepare-database.ts, each in a process of its own:
 * the seed reads DATABASE_URL, APP_SECRET and BASE_URL from the environment once, and this sets them.
 * Needs the "react-server" export condition (the seed imports `server-only`).
 */
import pg from "pg";
import { withPostgresMigrationConnection } from "../../lib/db/connections.ts";
import { applyMigrations } from "../../lib/db/migrate.ts";

export interface SeededDatabase {
  name: string;
  firstDay: string;
  events: number;
  accounts: number;
  clients: string[];
  membershipRecords: number;
}

export async function recreateSeededDatabase(options: {
  databaseUrl: string;
  adminUrl: string;
  appSecret: string;
  baseUrl: string;
  /** A second server's portal on the same database (another origin): its own client, registered like the first. */
  secondPortal?: { clientId: string; baseUrl: string };
}): Promise<SeededDatabase> {
  const name = new URL(options.databaseUrl).pathname.slice(1);
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: options.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  await withPostgresMigrationConnection(options.databaseUrl, (connection) => applyMigrations(connection));

  process.env.DATABASE_URL = options.databaseUrl;
  // The servers' own APP_SECRET and BASE_URL: the seed seals the demo TOTP secret and derives the portal's
  // client secret from the one, and registers the portal's redirect URI under the other.
  process.env.APP_SECRET = options.appSecret;
  process.env.BASE_URL = options.baseUrl;
  process.env.SEED_DEMO_DATA = "false";
  const { closeDatabase, database: openDatabase } = await import("../../lib/db.ts");
  const { seedDemoData } = await import("../../lib/demo/seed-demo-data.ts");
  const { seedIdentityDemoData, seedSecondPortalClient } = await import("../../lib/demo/seed-identity.ts");
  const { seedMembershipRegister } = await import("../../lib/demo/seed-membership-register.ts");
  const database = await openDatabase();
  const firstDay = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const counts = await seedDemoData(database, { today: firstDay });
  const identities = await seedIdentityDemoData(database);
  if (options.secondPortal) await seedSecondPortalClient(database, options.secondPortal);
  // The register the membership routes (the member's search, challenge and suggest; staff's records and requests) work on.
  const register = await seedMembershipRegister(database.query);
  await closeDatabase();
  return { name, firstDay, events: counts.events, accounts: identities.accounts.length, clients: identities.clients, membershipRecords: register.records };
}

