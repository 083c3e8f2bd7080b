import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { pgliteMigrationConnection, withPostgresMigrationConnection } from "./connections.ts";
import { applyMigrations } from "./migrate.ts";

/**
 * Vitest's global set-up (vitest.config.ts): every migration applied once per run, into a template that each
 * service test's fresh database is copied from (lib/db/test-database.ts). Creating an in-memory PGlite and
 * migrating it costs ~2.5 s; loading a migrated one from its data folder ~0.6 s, and a service test file
 * opens one. On PostgreSQL, `CREATE DATABASE … TEMPLATE` copies the migrated database's files.
 *
 * Each database is still new and private to its file; only the work of reaching the same migrated state is
 * shared. The template is made from the migrations folder at the start of every run, so it cannot be stale.
 */
declare module "vitest" {
  export interface ProvidedContext {
    /** A tar of a migrated PGlite data folder, for `PGlite.create({ loadDataDir })`. */
    pgliteTemplateFile?: string;
    /** The migrated database on SERVICE_TEST_DATABASE_URL's server, for `CREATE DATABASE … TEMPLATE`. */
    postgresTemplateDatabase?: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.SERVICE_TEST_DATABASE_URL;
  return serverUrl ? providePostgresTemplate(project, serverUrl) : providePgliteTemplate(project);
}

async function providePgliteTemplate(project: TestProject): Promise<() => Promise<void>> {
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  await applyMigrations(pgliteMigrationConnection(pglite));
  const dump = await pglite.dumpDataDir("none");
  await pglite.close();
  const folder = await mkdtemp(path.join(tmpdir(), "church-service-tests-"));
  const file = path.join(folder, "migrated.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplateFile", file);
  return () => rm(folder, { recursive: true, force: true });
}

async function providePostgresTemplate(project: TestProject, serverUrl: string): Promise<() => Promise<void>> {
  const name = `service_template_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await withPostgresMigrationConnection(url.toString(), (connection) => applyMigrations(connection));
  project.provide("postgresTemplateDatabase", name);
  return async () => {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.end();
  };
}
