import { createHash } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { applyMigrations } from "./db/migrate.ts";
import { pgliteMigrationConnection } from "./db/connections.ts";
import { genericPlanQueryOn } from "./db/generic-plan-pool.ts";
import { preparedQueryOn } from "./db/pglite-prepared-query.ts";
import { databaseOn, type Database, type QueryOptions, type SqlQuery } from "./db/database.ts";
import { env } from "./env.ts";
import { PrismaClient } from "./generated/prisma/client.ts";

/**
 * The database of this process: the one place that opens it. With DATABASE_URL it talks to that PostgreSQL
 * server (migrated by `npm run db:migrate` at deploy time). Without it, it runs on an embedded PostgreSQL
 * (PGlite) in PGLITE_DATA_DIR that is created and migrated on first use (the start-up path seeds it with demo
 * data: instrumentation-node.ts). Kept on globalThis so `next dev` reloads reuse it instead of opening the
 * embedded folder twice.
 *
 * Only the edges import this module: route wrappers, pages, scripts and start-up. They hand the `Database`
 * it gives to services, which never open one themselves (docs/decisions/0019; `npm run lint` checks it).
 */
export type DatabaseKind = "postgres" | "embedded";
export type { Database, SqlQuery };

interface DatabaseHandle {
  kind: DatabaseKind;
  prisma: PrismaClient;
  query: SqlQuery;
  database: Database;
  /** Settles when the database is usable: for the embedded one, after its migrations. */
  ready: Promise<void>;
  /** Closes every connection (and the embedded database's files), so a script can exit. */
  close: () => Promise<void>;
}

const globalForDb = globalThis as typeof globalThis & { __churchDatabase?: DatabaseHandle };

/**
 * A stable name per distinct SQL text, so each pooled connection parses the feed's long JSON-building
 * query once (a named prepared statement) instead of on every request; PostgreSQL's default plan cache
 * mode then re-plans per call unless a generic plan is estimated as cheap. Texts are few (values always
 * travel as parameters), so the map stays small.
 */
const statementNames = new Map<string, string>();
function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `q_${createHash("sha1").update(text).digest("hex").slice(0, 20)}`;
    statementNames.set(text, name);
  }
  return name;
}

function openPostgres(connectionString: string): DatabaseHandle {
  // One pool for Prisma and for the few hot read paths that build their JSON in SQL.
  // A database that does not answer must fail requests fast, not queue them forever.
  const pool = new pg.Pool({ connectionString, max: 10, connectionTimeoutMillis: 5_000 });
  // An idle pooled connection that the server drops (PostgreSQL stopped or restarted) is reported as an
  // "error" event, which crashes the process when nobody listens. Prisma's adapter listens only once Prisma
  // has connected; the raw queries (`query`) can use the pool before that. The pool discards the
  // dead connection and opens a new one when the database is back (decision 0016).
  pool.on("error", (error) => console.error(JSON.stringify({ level: "warn", event: "database_connection_lost", error: error.message })));
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  // A statement asked to run on its generic plan (QueryOptions) runs on connections of their own, whose
  // session says so from the start: no SET and RESET around each call (decision 0030). Opened on first use;
  // with none configured, such statements take the main pool and PostgreSQL's own choice of plan.
  let genericPlanPool: pg.Pool | undefined;
  let queryOnGenericPlan: ((config: pg.QueryConfig) => Promise<pg.QueryResult>) | undefined;
  // Connections of the generic-plan statements (the public feed's pages), fewer than the main pool's 10. None
  // behind a transaction-mode pooler, where their session setting would reach other clients (lib/env.ts).
  const genericPlanPoolMax = env().DATABASE_GENERIC_PLAN_CONNECTIONS;
  const genericPlanQuery = (config: pg.QueryConfig) => {
    if (genericPlanPoolMax === 0) return pool.query(config);
    if (!queryOnGenericPlan) {
      genericPlanPool = new pg.Pool({ connectionString, max: genericPlanPoolMax, connectionTimeoutMillis: 5_000 });
      genericPlanPool.on("error", (error) => console.error(JSON.stringify({ level: "warn", event: "database_connection_lost", error: error.message })));
      queryOnGenericPlan = genericPlanQueryOn(genericPlanPool);
    }
    return queryOnGenericPlan(config);
  };
  const query: SqlQuery = async <Row>(text: string, params: readonly unknown[] = [], options: QueryOptions = {}) => {
    const config = { name: statementName(text), text, values: params as unknown[] };
    return (await (options.genericPlan ? genericPlanQuery(config) : pool.query(config))).rows as Row[];
  };
  const close = async () => {
    await prisma.$disconnect();
    await pool.end();
    await genericPlanPool?.end();
  };
  return { kind: "postgres", prisma, query, database: databaseOn(prisma, query), ready: Promise.resolve(), close };
}

function openEmbedded(dataDir: string): DatabaseHandle {
  const absolute = path.resolve(dataDir);
  mkdirSync(path.dirname(absolute), { recursive: true });
  // pg_trgm: the membership register's ranked search (its migration creates the extension).
  const pglite = new PGlite(absolute, { extensions: { pg_trgm } });
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  // Prepared once per text, as the pool's are: the feed's cost with the response cache off (decision 0029).
  const query = preparedQueryOn(pglite);
  // Every committed calendar write notifies calendar_version; PGlite hands the notification to this
  // listener before the writing statement's promise settles, so the count is never behind a write.
  let calendarChanges = 0;
  const ready = (async () => {
    await pglite.waitReady;
    const applied = await applyMigrations(pgliteMigrationConnection(pglite));
    if (applied.length > 0) console.log(`[db] embedded database at ${absolute}: applied ${applied.join(", ")}`);
    await pglite.listen("calendar_version", () => {
      calendarChanges += 1;
    });
  })();
  // The PGlite adapter's dispose() leaves the instance open; close it ourselves.
  const close = async () => {
    await ready.catch(() => undefined);
    await prisma.$disconnect();
    await pglite.close();
  };
  return { kind: "embedded", prisma, query, database: databaseOn(prisma, query, () => calendarChanges), ready, close };
}

function handle(): DatabaseHandle {
  if (!globalForDb.__churchDatabase) {
    const config = env();
    globalForDb.__churchDatabase = config.DATABASE_URL
      ? openPostgres(config.DATABASE_URL)
      : openEmbedded(config.PGLITE_DATA_DIR);
  }
  return globalForDb.__churchDatabase;
}

/** The process's database, once it is ready: what the edges hand to services. */
export async function database(): Promise<Database> {
  const opened = handle();
  await opened.ready;
  return opened.database;
}

export function databaseKind(): DatabaseKind {
  return handle().kind;
}

/** Closes the database of this process, if it was opened; for scripts and tests that must exit. */
export async function closeDatabase(): Promise<void> {
  const opened = globalForDb.__churchDatabase;
  globalForDb.__churchDatabase = undefined;
  await opened?.close();
}

/** Opens the database and waits until it is ready; called once at server start-up. */
export async function prepareDatabase(): Promise<DatabaseKind> {
  await database();
  return databaseKind();
}
