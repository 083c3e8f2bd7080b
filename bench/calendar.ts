/**
 * `npm run bench:calendar`: load test of the public calendar feed on `npm start`'s server (the custom server,
 * .next-server/main.mjs, which answers the feed before Next's router), run by hand on a quiet machine (never
 * in CI). See bench/README.md.
 *
 *   1. drops and recreates the PostgreSQL database church_bench, migrates it with the project's runner,
 *      seeds --events demo events and ANALYZEs it; and the same for the embedded database (PGlite, what
 *      `npm run demo` runs on) in .data/bench-pglite
 *   2. builds once into .next-bench (NEXT_DIST_DIR), so nobody else's .next is touched
 *   3. for each database, and each server configuration, warm (CALENDAR_CACHE_SECONDS=30, the in-process
 *      cache answers repeated requests) then cold (0: every request queries the database and serialises),
 *      starts `npm start`'s server on 127.0.0.1 and loads the trivial Next route, the first page, a page 100
 *      events in, a page ~1,000 events in, a filtered page and a 304 revalidation: requests/s at concurrency
 *      50 (ratio to the trivial route of the same server), and p50/p99 latency at a steady 400 requests/s;
 *      then the first and the deep pages side by side (short runs in turn) for "a deep page as fast as the first",
 *      with the first page against itself in the same turns as the control (the machine's own spread)
 *   4. prints one Markdown table with the issue's targets and writes it, with the raw numbers, to bench/results/
 *
 * Flags: --events 50000  --duration 10 (seconds per measured run)  --skip-build  --skip-seed  --seed-only
 *        --cpu-prof (writes each server's V8 CPU profile to bench/results/; slows it, so numbers are not comparable)
 *        --rate 400  --connections 50  --port 3200  --latency-tool paced|autocannon  --databases postgres,embedded
 * Env:   BENCH_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/church_bench); its database name
 *        must contain "bench", because it is dropped.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildUnlessSkipped, DIST_DIR } from "./build.ts";
import { BENCH_APP_SECRET, databaseUrls, readDataset, recreateAndSeed, type DatasetFacts, type SeedReport } from "./dataset.ts";
import { EMBEDDED_DATA_DIR, readEmbeddedDataset, recreateAndSeedEmbedded } from "./embedded-dataset.ts";
import { measureLatencyPaced, measureLatencyWithAutocannon, measureThroughput, round, type LatencyResult, type Target } from "./load.ts";
import {
  buildRows,
  markdownTable,
  reference,
  SCENARIO_LABELS,
  tally,
  TARGETS,
  type ConfigurationName,
  type ConfigurationResult,
  type DatabaseName,
  type ScenarioId,
  type ScenarioResult,
} from "./report.ts";
import { busyMachineWarning, commandLine, describeMachine, loadAverage, machineFacts, notesAndWarnings, positiveInteger, runBenchmark, writeResults } from "./run.ts";
import { freePort, groupCpuSeconds, startServer, type BenchServer } from "./server.ts";

const RESULTS_DIR = path.join("bench", "results");
const WARMUP_SECONDS = 2;
const SERVER_WARMUP_SECONDS = 2;
const LATENCY_CONNECTIONS = 20;
const DEEP_WALK_PAGES = 10;
/** The walk's page after which the shallow deep page is loaded: 100 events in. */
const SHALLOW_DEPTH_PAGES = 1;
const DEEP_WALK_LIMIT = 100;
const FEED_PATH = "/api/calendar/events/upcoming";
const TRIVIAL_PATH = "/api/bench/trivial";

const CONFIGURATIONS: { name: ConfigurationName; cacheSeconds: number }[] = [
  { name: "warm", cacheSeconds: 30 },
  { name: "cold", cacheSeconds: 0 },
];

// ---------------------------------------------------------------------------------------------------------
// Options

interface Options {
  events: number;
  duration: number;
  skipBuild: boolean;
  skipSeed: boolean;
  seedOnly: boolean;
  cpuProf: boolean;
  rate: number;
  connections: number;
  port: number;
  latencyTool: "paced" | "autocannon";
  databases: DatabaseName[];
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      events: { type: "string", default: "50000" },
      duration: { type: "string", default: "10" },
      "skip-build": { type: "boolean", default: false },
      "skip-seed": { type: "boolean", default: false },
      "seed-only": { type: "boolean", default: false },
      "cpu-prof": { type: "boolean", default: false },
      rate: { type: "string", default: "400" },
      connections: { type: "string", default: "50" },
      port: { type: "string", default: "3200" },
      "latency-tool": { type: "string", default: "paced" },
      databases: { type: "string", default: "postgres,embedded" },
      help: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log(
      "usage: npm run bench -- [--events 50000] [--duration 10] [--skip-build] [--skip-seed] [--seed-only] [--cpu-prof] [--rate 400] [--connections 50] [--port 3200] [--latency-tool paced|autocannon] [--databases postgres,embedded]",
    );
    process.exit(0);
  }
  const latencyTool = values["latency-tool"];
  if (latencyTool !== "paced" && latencyTool !== "autocannon") throw new Error(`--latency-tool must be paced or autocannon, got ${latencyTool}`);
  const databases = [...new Set(values.databases.split(",").map((name) => name.trim()))];
  for (const name of databases) if (name !== "postgres" && name !== "embedded") throw new Error(`--databases takes postgres and/or embedded, got ${name}`);
  return {
    events: positiveInteger("events", values.events, 1_000_000),
    duration: positiveInteger("duration", values.duration, 600),
    skipBuild: values["skip-build"],
    skipSeed: values["skip-seed"],
    seedOnly: values["seed-only"],
    cpuProf: values["cpu-prof"],
    rate: positiveInteger("rate", values.rate, 20_000),
    connections: positiveInteger("connections", values.connections, 1000),
    port: positiveInteger("port", values.port, 65_000),
    latencyTool,
    databases: databases as DatabaseName[],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Scenarios

interface Probe {
  status: number;
  etag: string | null;
  bytes: number;
  body: unknown;
}

async function probe(origin: string, requestPath: string, headers: Record<string, string> = {}): Promise<Probe> {
  const response = await fetch(`${origin}${requestPath}`, { headers, signal: AbortSignal.timeout(10_000) });
  const text = await response.text();
  let body: unknown = null;
  try {
    body = text === "" ? null : JSON.parse(text);
  } catch {
    body = text;
  }
  return { status: response.status, etag: response.headers.get("etag"), bytes: Buffer.byteLength(text), body };
}

interface Feed {
  items: unknown[];
  nextCursor: string | null;
}

function asFeed(requestPath: string, result: Probe): Feed {
  const body = result.body as Partial<Feed> | null;
  if (result.status !== 200 || !body || !Array.isArray(body.items)) {
    throw new Error(`GET ${requestPath} answered ${result.status}: ${JSON.stringify(result.body).slice(0, 500)}`);
  }
  return { items: body.items, nextCursor: body.nextCursor ?? null };
}

interface PlannedScenario {
  id: ScenarioId;
  path: string;
  headers: Record<string, string>;
  status: number;
  bytes: number;
  note: string;
}

async function planScenarios(origin: string, dataset: DatasetFacts): Promise<PlannedScenario[]> {
  const trivial = await probe(origin, TRIVIAL_PATH);
  if (trivial.status !== 200) {
    throw new Error(`GET ${TRIVIAL_PATH} answered ${trivial.status}: is app/api/bench/trivial/route.ts in this build? (rebuild without --skip-build)`);
  }

  const first = await probe(origin, FEED_PATH);
  const firstFeed = asFeed(FEED_PATH, first);
  if (firstFeed.items.length === 0) throw new Error("the first page is empty: no upcoming public events");
  if (!first.etag) throw new Error("the first page has no ETag");

  // Walk 10 pages of 100 to a cursor ~1,000 events in; the cursor is bound to the filters, not the limit.
  let cursor: string | null = null;
  let depth = 0;
  let shallow: { cursor: string; depth: number } | null = null;
  for (let page = 0; page < DEEP_WALK_PAGES; page++) {
    const walkPath = `${FEED_PATH}?limit=${DEEP_WALK_LIMIT}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`;
    const feed = asFeed(walkPath, await probe(origin, walkPath));
    if (!feed.nextCursor) break;
    depth += feed.items.length;
    cursor = feed.nextCursor;
    if (page + 1 === SHALLOW_DEPTH_PAGES) shallow = { cursor, depth };
  }
  if (!cursor || !shallow) throw new Error(`fewer than ${DEEP_WALK_LIMIT + 1} upcoming events: no deep page to load (use more --events)`);
  const shallowPath = `${FEED_PATH}?cursor=${encodeURIComponent(shallow.cursor)}`;
  const shallowPage = await probe(origin, shallowPath);
  const shallowFeed = asFeed(shallowPath, shallowPage);
  const deepPath = `${FEED_PATH}?cursor=${encodeURIComponent(cursor)}`;
  const deep = await probe(origin, deepPath);
  const deepFeed = asFeed(deepPath, deep);
  if (deepFeed.items.length === 0) throw new Error("the deep page is empty");

  const { type, campusId, audience, matches } = dataset.filter;
  const filteredPath = `${FEED_PATH}?${new URLSearchParams({ type, campusId, audience }).toString()}`;
  const filtered = await probe(origin, filteredPath);
  const filteredFeed = asFeed(filteredPath, filtered);
  if (filteredFeed.items.length === 0) throw new Error(`the filtered page ${filteredPath} is empty`);

  const revalidateHeaders = { "If-None-Match": first.etag };
  const revalidate = await probe(origin, FEED_PATH, revalidateHeaders);
  if (revalidate.status !== 304) throw new Error(`GET ${FEED_PATH} with If-None-Match ${first.etag} answered ${revalidate.status}, not 304`);

  return [
    { id: "trivial", path: TRIVIAL_PATH, headers: {}, status: 200, bytes: trivial.bytes, note: "no database" },
    { id: "first", path: FEED_PATH, headers: {}, status: 200, bytes: first.bytes, note: `${firstFeed.items.length} events` },
    { id: "deep100", path: shallowPath, headers: {}, status: 200, bytes: shallowPage.bytes, note: `${shallowFeed.items.length} events after the first ${shallow.depth}` },
    { id: "deep", path: deepPath, headers: {}, status: 200, bytes: deep.bytes, note: `${deepFeed.items.length} events after the first ${depth}` },
    {
      id: "filtered",
      path: filteredPath,
      headers: {},
      status: 200,
      bytes: filtered.bytes,
      note: `${filteredFeed.items.length} events; ${matches} upcoming events match the filter`,
    },
    { id: "revalidate", path: FEED_PATH, headers: revalidateHeaders, status: 304, bytes: revalidate.bytes, note: `If-None-Match: ${first.etag}` },
  ];
}

// ---------------------------------------------------------------------------------------------------------
// One server configuration

/** What a server needs to run on one of the two databases, and the facts of its data. */
interface DatabaseUnderTest {
  name: DatabaseName;
  env: Record<string, string>;
  dataset: DatasetFacts;
}

async function runConfiguration(
  configuration: { name: ConfigurationName; cacheSeconds: number },
  options: Options,
  database: DatabaseUnderTest,
  logPrefix: string,
): Promise<{ result: ConfigurationResult; notes: string[] }> {
  const port = await freePort(options.port);
  const label = `${database.name} ${configuration.name}`;
  const fileLabel = `${database.name}-${configuration.name}`;
  const dataset = database.dataset;
  const logFile = `${logPrefix}-server-${fileLabel}.log`;
  console.log(`\n▶ ${label}: npm start's server on 127.0.0.1:${port}, CALENDAR_CACHE_SECONDS=${configuration.cacheSeconds} (log: ${logFile})`);
  const server: BenchServer = await startServer({
    name: fileLabel,
    port,
    distDir: DIST_DIR,
    logFile,
    env: {
      ...database.env,
      APP_SECRET: BENCH_APP_SECRET,
      BENCH_TRIVIAL_ROUTE: "1",
      CALENDAR_CACHE_SECONDS: String(configuration.cacheSeconds),
      SEED_DEMO_DATA: "false",
      NEXT_TELEMETRY_DISABLED: "1",
      BASE_URL: `http://127.0.0.1:${port}`,
    },
    nodeArgs: options.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${RESULTS_DIR}`, `--cpu-prof-name=${path.basename(logPrefix)}-server-${fileLabel}.cpuprofile`] : [],
  });
  try {
    const planned = await planScenarios(server.origin, dataset);
    const notes = planned.map((scenario) => `${label} ${SCENARIO_LABELS[scenario.id]}: GET ${scenario.path} → ${scenario.status}, ${scenario.bytes} bytes; ${scenario.note}`);
    // The first requests of a fresh server compile and optimise its code: give every URL some before any
    // measurement, so the first scenario measured (the trivial route) does not pay for all of them.
    process.stdout.write(`  server warm-up: ${SERVER_WARMUP_SECONDS} s at c${options.connections} on each URL\n`);
    for (const scenario of planned) {
      await measureThroughput({ url: `${server.origin}${scenario.path}`, headers: scenario.headers, expectStatus: scenario.status }, options.connections, SERVER_WARMUP_SECONDS);
    }
    const scenarios: ScenarioResult[] = [];
    const runs = [...planned.map((scenario) => ({ scenario, latency: true })), { scenario: planned[0] as PlannedScenario, latency: false }];
    for (const { scenario, latency: withLatency } of runs) {
      const target: Target = { url: `${server.origin}${scenario.path}`, headers: scenario.headers, expectStatus: scenario.status };
      const runLabel = `${label} / ${SCENARIO_LABELS[scenario.id]}${withLatency ? "" : " (again, for drift)"}`;
      process.stdout.write(`  ${runLabel.padEnd(50)} warm-up ${WARMUP_SECONDS} s`);
      await measureThroughput(target, options.connections, WARMUP_SECONDS);
      process.stdout.write(`, c${options.connections} ${options.duration} s`);
      const cpuBefore = groupCpuSeconds(server);
      const throughput = await measureThroughput(target, options.connections, options.duration);
      const cpuAfter = groupCpuSeconds(server);
      const serverCpuMsPerRequest =
        cpuBefore === null || cpuAfter === null || throughput.requests === 0 ? null : round(((cpuAfter - cpuBefore) * 1000) / throughput.requests, 3);
      process.stdout.write(` → ${throughput.requestsPerSecond.toFixed(0)} req/s${serverCpuMsPerRequest === null ? "" : ` (${serverCpuMsPerRequest} ms server CPU each)`}`);
      let latency: LatencyResult | undefined;
      if (withLatency) {
        process.stdout.write(`, ${options.rate} rps ${options.duration} s`);
        latency =
          options.latencyTool === "paced"
            ? await measureLatencyPaced(target, options.rate, LATENCY_CONNECTIONS, options.duration)
            : await measureLatencyWithAutocannon(target, options.rate, LATENCY_CONNECTIONS, options.duration);
        process.stdout.write(` → p50 ${latency.latencyMs.p50} ms, p99 ${latency.latencyMs.p99} ms`);
      }
      const problems = Object.keys(throughput.unexpected).length + throughput.errors + (latency ? Object.keys(latency.unexpected).length + latency.errors : 0);
      process.stdout.write(problems > 0 ? "  ⚠ unexpected answers or errors\n" : "\n");
      scenarios.push({ database: database.name, configuration: configuration.name, scenario: scenario.id, path: scenario.path, headers: scenario.headers, status: scenario.status, bytes: scenario.bytes, serverCpuMsPerRequest, throughput, latency });
    }
    const deepPaired = await measureDeepAgainstFirst(server.origin, planned, label, options.connections);
    const trivialRuns = scenarios.filter((result) => result.scenario === "trivial");
    return {
      result: {
        database: database.name,
        name: configuration.name,
        cacheSeconds: configuration.cacheSeconds,
        trivialBefore: trivialRuns[0]?.throughput.requestsPerSecond ?? Number.NaN,
        trivialAfter: trivialRuns[1]?.throughput.requestsPerSecond ?? Number.NaN,
        scenarios,
        deepPaired,
        serverLog: logFile,
        serverErrorLines: server.errorLines(),
      },
      notes,
    };
  } finally {
    await server.stop();
  }
}

const PAIRED_ROUNDS = 6;
const PAIRED_SECONDS = 3;

/**
 * The first page and the deep pages in turn (report.ts, `deepPaired`): each round's order is the last one's
 * reversed. The first page also runs a second time in every round as the control: the same URL against
 * itself shows how far apart this machine puts two runs of one page, which is what a deep page's ratio must be
 * read against.
 */
async function measureDeepAgainstFirst(origin: string, planned: PlannedScenario[], label: string, connections: number): Promise<ConfigurationResult["deepPaired"]> {
  const pages = planned.filter((scenario) => scenario.id === "first" || scenario.id === "deep100" || scenario.id === "deep");
  const first = pages.find((scenario) => scenario.id === "first");
  if (!first) throw new Error("no first page to measure the deep pages against");
  const rotation: { key: ScenarioId | "firstAgain"; scenario: PlannedScenario }[] = [
    ...pages.map((scenario) => ({ key: scenario.id, scenario })),
    { key: "firstAgain", scenario: first },
  ];
  const requests: Partial<Record<ScenarioId, number>> = {};
  let firstAgain = 0;
  for (let round = 0; round < PAIRED_ROUNDS; round++) {
    for (const { key, scenario } of round % 2 === 0 ? rotation : [...rotation].reverse()) {
      const result = await measureThroughput({ url: `${origin}${scenario.path}`, headers: scenario.headers, expectStatus: scenario.status }, connections, PAIRED_SECONDS);
      if (key === "firstAgain") firstAgain += result.requests;
      else requests[key] = (requests[key] ?? 0) + result.requests;
    }
  }
  const firstRequests = Math.max(requests.first ?? 0, 1);
  const shares = pages.filter((scenario) => scenario.id !== "first").map((scenario) => `${SCENARIO_LABELS[scenario.id]} ${((requests[scenario.id] ?? 0) / firstRequests).toFixed(2)}×`);
  shares.push(`the first page again (control) ${(firstAgain / firstRequests).toFixed(2)}×`);
  process.stdout.write(`  ${`${label} / deep pages against the first`.padEnd(50)} ${PAIRED_ROUNDS} rounds of ${PAIRED_SECONDS} s each, in turn → ${shares.join(", ")}\n`);
  return { rounds: PAIRED_ROUNDS, seconds: PAIRED_SECONDS, requests, firstAgain };
}

/** The control of the side-by-side runs: the first page's second run against its first, or null when not measured. */
function controlShare(result: ConfigurationResult): number | null {
  const paired = result.deepPaired;
  return paired?.firstAgain !== undefined && paired.requests.first ? paired.firstAgain / paired.requests.first : null;
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  const startedAt = new Date();
  const stamp = startedAt.toISOString().slice(0, 19).replace(/:/g, "-") + "Z";
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logPrefix = path.join(RESULTS_DIR, stamp);
  const command = commandLine(argv, "bench", "bench/calendar.ts", "BENCH_DATABASE_URL");
  const machineLine = describeMachine();
  console.log(`Calendar feed benchmark, ${startedAt.toISOString()}\nMachine: ${machineLine}\nCommand: ${command}`);
  const warnings: string[] = [];
  const busy = busyMachineWarning("and the numbers are not comparable.");
  if (busy) {
    warnings.push(busy);
    console.log(`⚠ ${busy}`);
  }

  const urls = databaseUrls();
  const seeds: Partial<Record<DatabaseName, SeedReport | null>> = {};
  const databases: DatabaseUnderTest[] = [];
  // Events start tomorrow (in every campus's zone, all west of UTC+2), so none ends while the benchmark
  // runs and the first page, hence its ETag, stays the same throughout; both databases get the same day.
  const today = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  for (const name of options.databases) {
    let dataset: DatasetFacts;
    if (name === "postgres") {
      if (options.skipSeed) {
        console.log(`\n▶ --skip-seed: using the existing ${urls.name}`);
        seeds.postgres = null;
      } else {
        console.log(`\n▶ recreating ${urls.name}, migrating and seeding ${options.events} events`);
        seeds.postgres = await recreateAndSeed(urls, options.events);
        console.log(`  seeded in ${seeds.postgres.seconds.toFixed(1)} s (today = ${seeds.postgres.today}): ${JSON.stringify(seeds.postgres.counts)}; ANALYZE done`);
      }
      dataset = await readDataset(urls.url);
      databases.push({ name, dataset, env: { DATABASE_URL: urls.url } });
    } else {
      if (options.skipSeed) {
        console.log(`\n▶ --skip-seed: using the existing embedded database in ${EMBEDDED_DATA_DIR}`);
        seeds.embedded = null;
        dataset = readEmbeddedDataset(EMBEDDED_DATA_DIR);
      } else {
        console.log(`\n▶ recreating the embedded database (PGlite) in ${EMBEDDED_DATA_DIR}, migrating and seeding ${options.events} events`);
        const answer = recreateAndSeedEmbedded(EMBEDDED_DATA_DIR, options.events, today);
        seeds.embedded = answer.seed;
        dataset = answer.dataset;
        console.log(`  seeded in ${answer.seed?.seconds.toFixed(1)} s (today = ${today}): ${JSON.stringify(answer.seed?.counts)}; ANALYZE done`);
      }
      // No DATABASE_URL: the embedded database in PGLITE_DATA_DIR, inside the server's own process.
      databases.push({ name, dataset, env: { DATABASE_URL: "", PGLITE_DATA_DIR: EMBEDDED_DATA_DIR } });
    }
    console.log(
      `  ${name}: ${dataset.events} events, ${dataset.upcomingPublic} upcoming and public; filter type=${dataset.filter.type} campusId=${dataset.filter.campusId} audience=${dataset.filter.audience} (${dataset.filter.matches} matches)`,
    );
    if (!options.skipSeed && dataset.events !== options.events) warnings.push(`${name}: --events ${options.events} asked, ${dataset.events} seeded.`);
  }
  if (options.seedOnly) return;

  const buildSeconds = buildUnlessSkipped(options.skipBuild, urls.url);

  const configurations: ConfigurationResult[] = [];
  const notes: string[] = [];
  for (const database of databases) {
    for (const configuration of CONFIGURATIONS) {
      const { result, notes: configurationNotes } = await runConfiguration(configuration, options, database, logPrefix);
      configurations.push(result);
      notes.push(...configurationNotes);
      const label = `${result.database} ${result.name}`;
      const drift = Math.abs(result.trivialAfter - result.trivialBefore) / reference(result);
      if (drift > 0.1) {
        warnings.push(
          `${label}: the trivial route did ${result.trivialBefore.toFixed(0)} req/s first and ${result.trivialAfter.toFixed(0)} req/s last (${(drift * 100).toFixed(0)}% apart): the machine was not steady.`,
        );
      }
      const control = controlShare(result);
      if (control !== null && Math.abs(control - 1) > 0.05) {
        warnings.push(
          `${label}: side by side, the first page against itself came out at ${control.toFixed(2)}×: the deep pages' ratios are within ${Math.round(Math.abs(control - 1) * 100)}% of this machine's spread.`,
        );
      }
      if (result.serverErrorLines.length > 0) warnings.push(`${label}: the server logged ${result.serverErrorLines.length} error/warning lines (see ${result.serverLog}).`);
      for (const scenario of result.scenarios) {
        const lag = scenario.latency?.scheduleLagMs;
        if (lag && lag.p99 > 5) {
          warnings.push(`${label} ${SCENARIO_LABELS[scenario.scenario]}: the load generator issued 1% of its requests more than ${lag.p99} ms late (it competes for the CPU).`);
        }
      }
    }
  }

  const rows = buildRows(configurations);
  const { passed, failed } = tally(rows);
  const endLoad = loadAverage();
  const table = markdownTable(rows, options.rate, options.connections);
  const latencyMethod =
    options.latencyTool === "paced"
      ? `open loop, one request every ${(1000 / options.rate).toFixed(2)} ms on up to ${LATENCY_CONNECTIONS} keep-alive connections, latency from issue to last byte (bench/load.ts)`
      : `autocannon overallRate=${options.rate} on ${LATENCY_CONNECTIONS} connections (bursty: each connection sends its per-second quota back to back)`;
  const markdown = [
    `# Calendar feed benchmark, ${startedAt.toISOString()}`,
    "",
    `- Machine: ${machineLine}; ${endLoad} at the end`,
    `- Command: \`${command}\``,
    ...databases.map((database) => {
      const seed = seeds[database.name];
      const where = database.name === "postgres" ? `PostgreSQL ${urls.name}` : `embedded PGlite in ${EMBEDDED_DATA_DIR}, inside the server process`;
      return `- Data (${where}): ${database.dataset.events} events (${database.dataset.upcomingPublic} upcoming and public)${seed ? `, seeded with today = ${seed.today} in ${seed.seconds.toFixed(1)} s` : " (existing database, --skip-seed)"}`;
    }),
    `- Server: \`npm start\`'s (.next-server/main.mjs: the calendar feed before Next's router, the trivial route through it); build ${buildSeconds === null ? `reused (${DIST_DIR})` : `${buildSeconds.toFixed(0)} s`}`,
    `- Throughput: autocannon, ${options.connections} connections, ${WARMUP_SECONDS} s warm-up then ${options.duration} s; ratio to the trivial route of the same server (mean of a run before and after the feed scenarios)`,
    `- Latency: ${options.rate} requests/s for ${options.duration} s after 1 s of warm-up, ${latencyMethod}`,
    `- Configurations: warm = CALENDAR_CACHE_SECONDS=30 (repeated requests come from the in-process cache), cold = CALENDAR_CACHE_SECONDS=0 (every request queries the database and serialises)`,
    `- Targets: warm feed ≥ ${TARGETS.ratio.warm} × trivial, cold feed ≥ ${TARGETS.ratio.cold} × trivial, p99 ≤ ${TARGETS.p99Ms} ms at ${options.rate} requests/s, pages 100 and ~1,000 events in ≥ ${TARGETS.deepVsFirst} × first page's throughput; on both databases`,
    "",
    table,
    "",
    `Targets: ${passed} passed, ${failed} failed.`,
    "",
    ...configurations.map(
      (result) => `- ${result.database} ${result.name}: trivial route ${result.trivialBefore.toFixed(0)} req/s before, ${result.trivialAfter.toFixed(0)} req/s after; server log ${result.serverLog}`,
    ),
    ...notesAndWarnings(notes, warnings),
    "",
  ].join("\n");

  const json = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    command,
    machine: machineFacts(),
    options,
    databases: databases.map((database) => ({ name: database.name, where: database.name === "postgres" ? urls.name : EMBEDDED_DATA_DIR, seed: seeds[database.name] ?? null, dataset: database.dataset })),
    buildSeconds,
    targets: TARGETS,
    rows,
    configurations,
    warnings,
  };
  writeResults(logPrefix, markdown, json);
  const unclean = rows.some((row) => row.problems.length > 0);
  if (unclean) {
    console.error("Some requests failed or answered an unexpected status: the run is not valid.");
    process.exitCode = 1;
  }
}

await runBenchmark("bench", main);
