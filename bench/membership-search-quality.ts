/**
 * `npx tsx bench/membership-search-quality.ts`: how often the membership register's ranked search puts the
 * right record first. Run by hand; not part of CI or `npm test` (the end-to-end suite holds a floor).
 *
 *   1. builds a database: by default an in-memory PGlite with pg_trgm (the embedded default), or with
 *      `--postgres` the PostgreSQL database BENCH_MEMBERSHIP_DATABASE_URL (default
 *      postgresql://postgres@127.0.0.1:5432/church_bench_membership; dropped and recreated, so its name
 *      must contain "bench"); applies prisma/migrations with the project's runner;
 *   2. seeds the demo register (2,400 records, lib/demo/build-membership-register.ts) and ANALYZEs it;
 *   3. generates queries from it (lib/demo/membership-search-queries.ts: typo'd names, nicknames,
 *      accent-stripped names; `--per-kind N`, default 30) and runs each through the search's own SQL
 *      (lib/membership/search-membership-records.ts), first as a member whose own contacts the register
 *      does not hold, then as the record's owner with its email verified on their account;
 *   4. prints top-1 (the record the query came from ranks first), top-3 and "not in the 10" per kind,
 *      and the query time. `--misses` also lists the queries whose record was not first.
 */
import { writeFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import { pgliteMigrationConnection } from "../lib/db/connections.ts";
import { applyMigrations } from "../lib/db/migrate.ts";
import type { SqlQuery } from "../lib/db.ts";
import { buildMembershipRegister } from "../lib/demo/build-membership-register.ts";
import { buildSearchQualityQueries, type QueryKind, type SearchQualityQuery } from "../lib/demo/membership-search-queries.ts";
import { seedMembershipRegister } from "../lib/demo/seed-membership-register.ts";
import { searchMembershipRecords } from "../lib/membership/search-membership-records.ts";
import { databaseUrls, recreateDatabase } from "./dataset.ts";

const { values } = parseArgs({
  options: {
    postgres: { type: "boolean" },
    "per-kind": { type: "string", default: "30" },
    misses: { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});
if (values.help) {
  console.log("usage: npx tsx bench/membership-search-quality.ts [--postgres] [--per-kind 30] [--misses]");
  process.exit(0);
}
const perKind = Number(values["per-kind"]);
if (!Number.isInteger(perKind) || perKind < 1 || perKind > 500) {
  console.error(`--per-kind must be a whole number from 1 to 500, got ${values["per-kind"]}`);
  process.exit(2);
}

interface Database {
  label: string;
  query: SqlQuery;
  close: () => Promise<void>;
}

async function openDatabase(): Promise<Database> {
  if (values.postgres) {
    const urls = databaseUrls("BENCH_MEMBERSHIP_DATABASE_URL", "postgresql://postgres@127.0.0.1:5432/church_bench_membership");
    await recreateDatabase(urls);
    const pool = new pg.Pool({ connectionString: urls.url, max: 1 });
    const [{ server_version: version }] = (await pool.query<{ server_version: string }>("SHOW server_version")).rows as [{ server_version: string }];
    return {
      label: `PostgreSQL ${version} (${urls.name})`,
      query: async <Row>(text: string, params: readonly unknown[] = []) => (await pool.query({ text, values: params as unknown[] })).rows as Row[],
      close: () => pool.end(),
    };
  }
  const pglite = await PGlite.create({ extensions: { pg_trgm } });
  await applyMigrations(pgliteMigrationConnection(pglite));
  const [{ version }] = (await pglite.query<{ version: string }>("SELECT current_setting('server_version') AS version")).rows as [{ version: string }];
  return {
    label: `PGlite (PostgreSQL ${version}, in memory)`,
    query: async <Row>(text: string, params: readonly unknown[] = []) => (await pglite.query<Row>(text, params as unknown[])).rows,
    close: () => pglite.close(),
  };
}

interface Outcome {
  query: SearchQualityQuery;
  rank: number;
  /** A miss whose record has the first one's score: the same name as far as the search can tell (two Rebecca Ashworths). */
  tiedWithFirst: boolean;
  milliseconds: number;
}

async function run(database: Database, queries: SearchQualityQuery[], withOwnEmail: boolean): Promise<Outcome[]> {
  const outcomes: Outcome[] = [];
  for (const query of queries) {
    const started = performance.now();
    const matches = await searchMembershipRecords(database, {
      text: query.text,
      ownEmails: withOwnEmail && query.expectedEmail ? [query.expectedEmail] : [],
      ownPhones: [],
    });
    const milliseconds = performance.now() - started;
    const rank = matches.findIndex((match) => match.membership_id === query.expectedId);
    outcomes.push({ query, rank, tiedWithFirst: rank > 0 && matches[rank]!.score === matches[0]!.score, milliseconds });
  }
  return outcomes;
}

const percent = (part: number, whole: number) => (whole === 0 ? "–" : `${((100 * part) / whole).toFixed(1)}%`);

function table(outcomes: Outcome[]): string[] {
  const kinds: (QueryKind | "all")[] = ["typo", "nickname", "accent", "all"];
  const lines = ["| queries | n | top-1 | misses tied with the first | top-3 | not in the 10 |", "| --- | ---: | ---: | ---: | ---: | ---: |"];
  for (const kind of kinds) {
    const subset = kind === "all" ? outcomes : outcomes.filter((outcome) => outcome.query.kind === kind);
    const first = subset.filter((outcome) => outcome.rank === 0).length;
    const top3 = subset.filter((outcome) => outcome.rank >= 0 && outcome.rank < 3).length;
    const missing = subset.filter((outcome) => outcome.rank < 0).length;
    const tied = subset.filter((outcome) => outcome.tiedWithFirst).length;
    lines.push(`| ${kind} | ${subset.length} | ${first} (${percent(first, subset.length)}) | ${tied} | ${top3} (${percent(top3, subset.length)}) | ${missing} |`);
  }
  return lines;
}

function median(numbers: number[]): number {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

const database = await openDatabase();
try {
  const seedStarted = performance.now();
  const register = buildMembershipRegister();
  await seedMembershipRegister(database.query);
  await database.query("ANALYZE membership_record");
  const seedSeconds = (performance.now() - seedStarted) / 1000;
  const queries = buildSearchQualityQueries(register, perKind);

  // One untimed pass first, so neither run pays for cold caches.
  await run(database, queries.slice(0, 5), false);
  const plain = await run(database, queries, false);
  const withEmail = queries.filter((query) => query.expectedEmail);
  const owned = await run(database, withEmail, true);

  console.log(`Membership search quality on ${database.label}`);
  console.log(`Register: ${register.records.length} records (${register.duplicates.length} entered twice), seeded in ${seedSeconds.toFixed(2)} s.`);
  console.log(`Queries: ${queries.length} generated from the register (${perKind} per kind), deterministic.\n`);
  console.log("A member whose email and phone the register does not hold (the name alone decides):\n");
  console.log(table(plain).join("\n"));
  console.log(`\nThe record's owner, its email verified on their account (${withEmail.length} queries whose record has an email):\n`);
  console.log(table(owned).join("\n"));
  console.log("\nA miss tied with the first has the same score as the record ranked first: another record carries the same name, which no");
  console.log("name-only search can tell apart (ties keep one fixed order, by id). The member's own verified email or phone settles those.");
  console.log(`\nQuery time: median ${median(plain.map((outcome) => outcome.milliseconds)).toFixed(1)} ms, slowest ${Math.max(...plain.map((outcome) => outcome.milliseconds)).toFixed(1)} ms.`);

  // bench/all.ts's table: the numbers that matter, in its metrics-file contract.
  const metricsFile = process.env.BENCH_METRICS_FILE;
  if (metricsFile) {
    const topOne = (outcomes: Outcome[]) => (outcomes.length === 0 ? null : (100 * outcomes.filter((outcome) => outcome.rank === 0).length) / outcomes.length);
    const metrics = [
      { id: "membership.top1", label: "membership search: right record first, name alone", value: topOne(plain), unit: "%", better: "higher" },
      { id: "membership.top1.own_email", label: "membership search: right record first, own email verified", value: topOne(owned), unit: "%", better: "higher" },
      { id: "membership.median", label: `membership search: median query time (${database.label})`, value: median(plain.map((outcome) => outcome.milliseconds)), unit: "ms", better: "lower" },
    ];
    writeFileSync(metricsFile, JSON.stringify({ metrics }, null, 2));
  }

  if (values.misses) {
    const names = new Map(register.records.map((record) => [record.id, `${record.givenName} ${record.familyName}`]));
    console.log("\nMisses (name alone):");
    for (const outcome of plain.filter((candidate) => candidate.rank !== 0)) {
      const top = await searchMembershipRecords(database, { text: outcome.query.text, ownEmails: [], ownPhones: [] });
      const ranked = top.slice(0, 3).map((match) => `${names.get(match.membership_id)} ${match.score}`);
      console.log(`  ${outcome.query.kind}: "${outcome.query.text}" → ${names.get(outcome.query.expectedId)} at ${outcome.rank < 0 ? "none" : outcome.rank + 1}; first: ${ranked.join(" | ")}`);
    }
  }
} finally {
  await database.close();
}
