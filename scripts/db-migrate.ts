/**
 * `npm run db:migrate`: applies pending migrations of prisma/migrations to DATABASE_URL, or to the
 * embedded database in PGLITE_DATA_DIR when DATABASE_URL is not set. Works offline; keeps Prisma's own
 * migration history so `prisma migrate deploy` agrees with it.
 */
import { openEmbeddedDatabase, pgliteMigrationConnection, withPostgresMigrationConnection } from "../lib/db/connections.ts";
import { applyMigrations } from "../lib/db/migrate.ts";
import { loadDotEnv } from "./load-dot-env.ts";

loadDotEnv();
const databaseUrl = process.env.DATABASE_URL?.trim();
const started = performance.now();
let applied: string[];
if (databaseUrl) {
  applied = await withPostgresMigrationConnection(databaseUrl, (connection) => applyMigrations(connection));
} else {
  const dataDir = process.env.PGLITE_DATA_DIR?.trim() || ".data/pglite";
  const pglite = await openEmbeddedDatabase(dataDir);
  applied = await applyMigrations(pgliteMigrationConnection(pglite));
  await pglite.close();
}
const target = databaseUrl ? new URL(databaseUrl).pathname.slice(1) || "(default database)" : "embedded database";
console.log(
  applied.length > 0
    ? `Applied ${applied.length} migration(s) to ${target} in ${Math.round(performance.now() - started)} ms: ${applied.join(", ")}`
    : `${target} is up to date`,
);
