/**
 * `npx tsx bench/explain.ts`: the query plans of the feed's first, deep and filtered pages on the bench
 * database (seed it first: `npm run bench -- --seed-only`). It runs the app's own readUpcomingPage,
 * captures the SQL and parameters it sends, and shows EXPLAIN (ANALYZE, BUFFERS) of exactly that: once
 * as planned for the actual values, and once as the generic plan. The server runs the shapes whose
 * filters one index serves (none, one of type, ministry or campus, or campus and type) on their generic plan
 * (docs/decisions/0030). Other filters first try the next few indexed events on a generic plan and, when
 * that finds too few, run the query planned for the values: each such page shows every query it sent, and
 * each query says which plan serves it.
 */
import pg from "pg";
import type { Database, QueryOptions } from "../lib/db/database.ts";
import { configureAppEnvironment, databaseUrls, readDataset } from "./dataset.ts";

const urls = databaseUrls();
configureAppEnvironment(urls.url);
const dataset = await readDataset(urls.url);

interface Captured {
  text: string;
  params: unknown[];
  genericPlan: boolean;
}

const client = new pg.Client({ connectionString: urls.url });
await client.connect();
let captured: Captured[] = [];
// A handle on our own client that remembers the queries: the feed only asks `query` (raw, its hot path).
const database = {
  query: async (text: string, params: readonly unknown[] = [], options: QueryOptions = {}) => {
    captured.push({ text, params: [...params], genericPlan: options.genericPlan === true });
    return (await client.query(text, [...params])).rows;
  },
} as unknown as Database;
const { readUpcomingPage } = await import("../lib/calendar/list-upcoming-events.ts");

/** The queries of the call's last page. */
async function sqlOf(run: () => Promise<unknown>): Promise<Captured[]> {
  await run();
  if (captured.length === 0) throw new Error("no query captured");
  const last = captured;
  captured = [];
  return last;
}

let cursor: string | null = null;
for (let page = 0; page < 10; page++) {
  const feed = await readUpcomingPage(database, { limit: 100, ...(cursor && { cursor }) });
  if (!feed.nextCursor) break;
  cursor = feed.nextCursor;
}
captured = [];
const { type, campusId, audience } = dataset.filter;
const ministryId = (await client.query<{ id: string }>(`SELECT ministry_id AS id FROM event WHERE ministry_id IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1`)).rows[0]!.id;
const cases: { name: string; sql: Captured[] }[] = [
  { name: "first page", sql: await sqlOf(() => readUpcomingPage(database, {})) },
  { name: "deep page (~1,000 events in)", sql: await sqlOf(() => readUpcomingPage(database, cursor ? { cursor } : {})) },
  {
    name: `filtered page (type=${type}, campusId=${campusId}, audience=${audience})`,
    sql: await sqlOf(() => readUpcomingPage(database, { type: type as "SERVICE", campusId, audience })),
  },
  { name: `one filter (type=${type})`, sql: await sqlOf(() => readUpcomingPage(database, { type: type as "SERVICE" })) },
  { name: `one filter (campusId=${campusId})`, sql: await sqlOf(() => readUpcomingPage(database, { campusId })) },
  { name: `campus and type (campusId=${campusId}, type=${type})`, sql: await sqlOf(() => readUpcomingPage(database, { campusId, type: type as "SERVICE" })) },
  {
    name: `one filter (ministryId=${ministryId}), deep`,
    sql: await sqlOf(async () => {
      const first = await readUpcomingPage(database, { ministryId, limit: 100 });
      captured = []; // only the page after the cursor is shown
      return first.nextCursor ? readUpcomingPage(database, { ministryId, cursor: first.nextCursor }) : first;
    }),
  },
  { name: `a rare audience with campus and type (audience=men)`, sql: await sqlOf(() => readUpcomingPage(database, { type: type as "SERVICE", campusId, audience: "men" })) },
  { name: `audience only (audience=${audience})`, sql: await sqlOf(() => readUpcomingPage(database, { audience })) },
];

function planText(rows: { "QUERY PLAN": string }[]): string {
  return rows.map((row) => row["QUERY PLAN"]).join("\n");
}

try {
  console.log(`${dataset.events} events, ${dataset.upcomingPublic} upcoming and public, in ${urls.name}\n`);
  let index = 0;
  for (const { name, sql: queries } of cases) {
    console.log(`## ${name}\n\n${queries.length === 1 ? "one query" : `${queries.length} queries: the try found too few, so the planned query ran`}\n`);
    for (const sql of queries) {
      index++;
      console.log(`params: ${JSON.stringify(sql.params.slice(0, -1))}\nthe server runs it on: ${sql.genericPlan ? "its generic plan" : "PostgreSQL's choice per call"}\n`);
      // Twice: the first run warms the buffer cache, the second is the one shown.
      await client.query(`EXPLAIN (ANALYZE) ${sql.text}`, sql.params);
      console.log("### planned for these values\n");
      console.log(planText((await client.query(`EXPLAIN (ANALYZE, BUFFERS) ${sql.text}`, sql.params)).rows));
      await client.query(`PREPARE explain_${index} AS ${sql.text}`);
      await client.query("SET plan_cache_mode = force_generic_plan");
      const literal = sql.params.map((value) => (typeof value === "number" ? String(value) : client.escapeLiteral(String(value)))).join(", ");
      console.log("\n### generic plan (prepared statement)\n");
      console.log(planText((await client.query(`EXPLAIN (ANALYZE, BUFFERS) EXECUTE explain_${index}(${literal})`)).rows));
      await client.query("RESET plan_cache_mode");
      console.log("");
    }
  }
} finally {
  await client.end();
}
