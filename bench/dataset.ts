/**
 * The benchmark database: its address (church_bench unless BENCH_DATABASE_URL says otherwise), its
 * re-creation (drop, create, migrate with the project's runner, seed, ANALYZE) and the facts the scenarios
 * need from it (how many events, which filter values exist).
 */
import { spawnSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { withPostgresMigrationConnection } from "../lib/db/connections.ts";
import { applyMigrations } from "../lib/db/migrate.ts";

export const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/church_bench";
/** Only signs this benchmark's cursors; never used anywhere else. */
export const BENCH_APP_SECRET = "bench-only-app-secret-not-for-any-deployment-0001";

export interface DatabaseUrls {
  url: string;
  adminUrl: string;
  name: string;
}

/** The bench database named by `variable` (default `defaultUrl`); refused unless its name says "bench", since it is dropped. */
export function databaseUrls(variable = "BENCH_DATABASE_URL", defaultUrl = DEFAULT_DATABASE_URL): DatabaseUrls {
  const url = process.env[variable]?.trim() || defaultUrl;
  const parsed = new URL(url);
  const name = decodeURIComponent(parsed.pathname.slice(1));
  if (!/^[a-z_][a-z0-9_]*$/.test(name) || !name.includes("bench")) {
    throw new Error(`${variable} must name a database like church_bench (lower case, containing "bench"): it is dropped; got "${name}"`);
  }
  const admin = new URL(url);
  admin.pathname = "/postgres";
  return { url, adminUrl: admin.toString(), name };
}

/** Points lib/db.ts at the bench database; it reads its configuration once, so call this before importing it. */
export function configureAppEnvironment(url: string): void {
  process.env.DATABASE_URL = url;
  process.env.APP_SECRET = BENCH_APP_SECRET;
  process.env.SEED_DEMO_DATA = "false";
}

/** Seeds with the project's own command: the demo identities (roles, clients, accounts), not the calendar. */
export function seedIdentity(databaseUrl: string): void {
  console.log("  npm run db:seed -- --identity-only");
  const result = spawnSync("npm", ["run", "--silent", "db:seed", "--", "--identity-only"], {
    stdio: "inherit",
    env: { ...process.env, DATABASE_URL: databaseUrl, APP_SECRET: BENCH_APP_SECRET, SEED_DEMO_DATA: "false" },
  });
  if (result.status !== 0) throw new Error(`npm run db:seed failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
}

/** The connection string with an application_name, by which its PostgreSQL backends are found (bench/postgres-cpu.ts). */
export function withApplicationName(url: string, name: string): string {
  const parsed = new URL(url);
  parsed.searchParams.set("application_name", name);
  return parsed.toString();
}

export interface SeedReport {
  today: string;
  seconds: number;
  counts: { campuses: number; ministries: number; series: number; events: number };
  migrations: string[];
}

/** Drops and creates the database, then applies prisma/migrations with the project's runner; answers the migrations applied. */
export async function recreateDatabase(urls: DatabaseUrls): Promise<string[]> {
  const admin = new pg.Client({ connectionString: urls.adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${urls.name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${urls.name}`);
  } finally {
    await admin.end();
  }
  return withPostgresMigrationConnection(urls.url, (connection) => applyMigrations(connection));
}

export async function recreateAndSeed(urls: DatabaseUrls, eventCount: number): Promise<SeedReport> {
  const migrations = await recreateDatabase(urls);

  configureAppEnvironment(urls.url);
  const { closeDatabase, database: openDatabase } = await import("../lib/db.ts");
  const { seedDemoData } = await import("../lib/demo/seed-demo-data.ts");
  // Events start tomorrow (in every campus's zone, all west of UTC+2), so none ends while the benchmark
  // runs and the first page, hence its ETag, stays the same throughout.
  const today = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const database = await openDatabase();
  const started = performance.now();
  try {
    const counts = await seedDemoData(database, { today, eventCount });
    const seconds = (performance.now() - started) / 1000;
    const client = new pg.Client({ connectionString: urls.url });
    await client.connect();
    try {
      await client.query("ANALYZE");
    } finally {
      await client.end();
    }
    return { today, seconds, counts, migrations };
  } finally {
    await closeDatabase();
  }
}

export interface DatasetFacts {
  events: number;
  upcomingPublic: number;
  filter: { type: string; campusId: string; audience: string; matches: number };
}

const UPCOMING_PUBLIC = `visibility = 'public' AND status <> 'DRAFT' AND end_at >= now()`;

interface FilterRow {
  type: string;
  campus_id: string;
  audience: string;
  n: number;
}

/** A way to run one SQL statement: a pg client's, or the embedded database's (bench/embedded-dataset.ts). */
export type BenchQuery = <Row>(text: string) => Promise<Row[]>;

export async function readDataset(url: string): Promise<DatasetFacts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await readDatasetWith(async <Row>(text: string) => (await client.query(text)).rows as Row[]);
  } finally {
    await client.end();
  }
}

/** The facts the scenarios need, read with `query` from either database. */
export async function readDatasetWith(query: BenchQuery): Promise<DatasetFacts> {
  const total = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM event`))[0]?.n ?? 0;
  if (total === 0) throw new Error("the bench database has no events: run without --skip-seed");
  const upcoming = (await query<{ n: number }>(`SELECT count(*)::int AS n FROM event WHERE ${UPCOMING_PUBLIC}`))[0]?.n ?? 0;
  // The issue's example filter (services for members at one campus), at the campus with the most
  // matches; otherwise the most common (type, campus, audience) combination.
  let filter = (
    await query<FilterRow>(
      `SELECT 'SERVICE' AS type, campus_id, 'members' AS audience, count(*)::int AS n FROM event
       WHERE ${UPCOMING_PUBLIC} AND event_type = 'SERVICE' AND 'members' = ANY(audience) AND campus_id IS NOT NULL
       GROUP BY campus_id ORDER BY n DESC, campus_id LIMIT 1`,
    )
  )[0];
  filter ??= (
    await query<FilterRow>(
      `SELECT event_type::text AS type, campus_id, a AS audience, count(*)::int AS n FROM event, unnest(audience) AS a
       WHERE ${UPCOMING_PUBLIC} AND campus_id IS NOT NULL
       GROUP BY 1, 2, 3 ORDER BY n DESC, 1, 2, 3 LIMIT 1`,
    )
  )[0];
  if (!filter) throw new Error("no upcoming public event has a campus and an audience: nothing to filter on");
  return {
    events: total,
    upcomingPublic: upcoming,
    filter: { type: filter.type, campusId: filter.campus_id, audience: filter.audience, matches: filter.n },
  };
}
