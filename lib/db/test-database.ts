import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { inject } from "vitest";
import { PrismaClient } from "../generated/prisma/client.ts";
import { pgliteMigrationConnection, withPostgresMigrationConnection } from "./connections.ts";
import { databaseOn, type Database, type SqlQuery } from "./database.ts";
import { applyMigrations } from "./migrate.ts";

/**
 * A fresh database with every migration, for service tests (docs/decisions/0019): an in-memory PGlite by
 * default (a few seconds, nothing to install), or, with SERVICE_TEST_DATABASE_URL (a PostgreSQL server's
 * URL; its database is only used to create and drop a throwaway one), a new database on that server, so
 * the same suite proves the services on both. Each call is its own database: test files never share rows.
 * Under vitest each is copied from a template migrated once per run (lib/db/test-database-template.ts).
 */
export interface TestDatabase extends Database {
  kind: "embedded" | "postgres";
  close(): Promise<void>;
}

export async function openTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.SERVICE_TEST_DATABASE_URL;
  return serverUrl ? openPostgresTestDatabase(serverUrl) : openPgliteTestDatabase();
}

async function openPgliteTestDatabase(): Promise<TestDatabase> {
  const template = inject("pgliteTemplateFile");
  const pglite = template
    ? await PGlite.create({ loadDataDir: new Blob([await readFile(template)]), extensions: { pg_trgm } })
    : await PGlite.create({ extensions: { pg_trgm } });
  if (!template) await applyMigrations(pgliteMigrationConnection(pglite));
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const query: SqlQuery = async <Row>(text: string, params: readonly unknown[] = []) => (await pglite.query<Row>(text, params as unknown[])).rows;
  return {
    ...databaseOn(prisma, query),
    kind: "embedded",
    async close() {
      await prisma.$disconnect();
      await pglite.close();
    },
  };
}

async function openPostgresTestDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `service_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  const template = inject("postgresTemplateDatabase");
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  if (!template) await withPostgresMigrationConnection(url.toString(), (connection) => applyMigrations(connection));
  const pool = new pg.Pool({ connectionString: url.toString(), max: 4 });
  // DROP ... WITH (FORCE) ends any connection still open at close; that is the point, not a failure.
  pool.on("error", () => undefined);
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  const query: SqlQuery = async <Row>(text: string, params: readonly unknown[] = []) => (await pool.query(text, params as unknown[])).rows as Row[];
  return {
    ...databaseOn(prisma, query),
    kind: "postgres",
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
