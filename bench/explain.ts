/**
 * `npx tsx bench/explain.ts`: the query plans of the feed's first, deep and filtered pages on the bench
 * database (seed it first: `npm run bench -- --seed-only`). It runs the app's own listUpcomingEvents with a
 * Prisma client that logs its SQL, then EXPLAIN (ANALYZE, BUFFERS) of exactly that SQL with the same
 * parameters, so the plans are the ones the server gets.
 */
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { PrismaClient } from "../lib/generated/prisma/client.ts";
import { configureAppEnvironment, databaseUrls, readDataset } from "./dataset.ts";

const urls = databaseUrls();
configureAppEnvironment(urls.url);
const dataset = await readDataset(urls.url);

interface Captured {
  query: string;
  params: unknown[];
}
let captured: Captured[] = [];
const prisma = new PrismaClient({
  adapter: new PrismaPg({ connectionString: urls.url, max: 2 }),
  log: [{ emit: "event", level: "query" }],
});
prisma.$on("query", (event) => {
  captured.push({ query: event.query, params: JSON.parse(event.params) as unknown[] });
});
// lib/db.ts keeps its client on globalThis (for `next dev` reloads): hand it this logging one.
(globalThis as typeof globalThis & { __churchDatabase?: unknown }).__churchDatabase = { kind: "postgres", prisma, ready: Promise.resolve() };
const { listUpcomingEvents } = await import("../lib/calendar/list-upcoming-events.ts");

async function sqlOf(run: () => Promise<unknown>): Promise<Captured> {
  captured = [];
  await run();
  const last = captured.at(-1);
  if (!last) throw new Error("no query captured");
  return last;
}

let cursor: string | null = null;
for (let page = 0; page < 10; page++) {
  const feed = await listUpcomingEvents({ limit: 100, ...(cursor && { cursor }) });
  if (!feed.nextCursor) break;
  cursor = feed.nextCursor;
}
const { type, campusId, audience } = dataset.filter;
const cases: { name: string; sql: Captured }[] = [
  { name: "first page", sql: await sqlOf(() => listUpcomingEvents({})) },
  { name: "deep page (~1,000 events in)", sql: await sqlOf(() => listUpcomingEvents(cursor ? { cursor } : {})) },
  {
    name: `filtered page (type=${type}, campusId=${campusId}, audience=${audience})`,
    sql: await sqlOf(() => listUpcomingEvents({ type: type as "SERVICE", campusId, audience })),
  },
];
await prisma.$disconnect();

const client = new pg.Client({ connectionString: urls.url });
await client.connect();
try {
  console.log(`${dataset.events} events, ${dataset.upcomingPublic} upcoming and public, in ${urls.name}\n`);
  for (const { name, sql } of cases) {
    // Twice: the first run warms the buffer cache, the second is the one shown.
    await client.query(`EXPLAIN (ANALYZE) ${sql.query}`, sql.params);
    const plan = await client.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${sql.query}`, sql.params);
    console.log(`## ${name}\n\n${sql.query}\nparams: ${JSON.stringify(sql.params)}\n`);
    console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
    console.log("");
  }
} finally {
  await client.end();
}
