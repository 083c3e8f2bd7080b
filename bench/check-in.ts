/**
 * `npm run bench:check-in`: check-ins per second per core at a kiosk burst, a Sunday at 9:55 (issue 19:
 * target ≥ 200 children checked in per CPU-second of the app server). By hand on a quiet machine, never in
 * CI. See bench/README.md, "Check-in at a kiosk burst".
 *
 *   1. recreates the PostgreSQL database church_bench_checkin, migrates it, seeds the demo identities (npm run
 *      db:seed -- --identity-only), then a campus with its kiosk client and --households households of two
 *      adults and one to three children (bench/check-in-data.ts)
 *   2. builds once into .next-bench (shared with the other load benchmarks) and starts `npm start`'s server
 *   3. enrols --kiosks kiosks through the device authorization grant over HTTP, as lobby tablets are: each
 *      asks for a device code, the volunteer (member@example.org, given the `kiosk` role) signs in, types it
 *      at /device and allows it, the kiosk's poll answers its tokens
 *   4. makes the morning's events (open: they start in 5 minutes) and, before every run, gives every
 *      household's adult a fresh member code (the product's own lib/check-in/member-code.ts, signed with the
 *      server's APP_SECRET: what the member's phone shows) and refreshes the kiosks' tokens
 *   5. one warm-up burst, then --runs times: the burst (every household scanned and its children checked in,
 *      by whichever kiosk is free), then the scans alone and the check-ins alone (for each request's CPU); a
 *      reset of the check-ins before each burst and each check-ins-only run; the server's CPU (its process
 *      group) and its PostgreSQL backends' CPU from /proc
 *   6. prints the Markdown table and writes it with the raw numbers to bench/results/<time>-check-in.md/.json
 *
 * Flags: --households 300  --kiosks 8  --events 3  --runs 3  --port 3500  --skip-build  --skip-seed  --cpu-prof
 * Env:   BENCH_CHECKIN_DATABASE_URL (default postgresql://postgres@127.0.0.1:5432/church_bench_checkin); its
 *        name must contain "bench", because it is dropped.
 * Needs Node's react-server condition (the npm script sets it) for the product's member-code module.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { buildUnlessSkipped, DIST_DIR } from "./build.ts";
import { runClosedLoop, type ClosedLoopResult, type Latency, type Scenario } from "./closed-loop.ts";
import { BENCH_CAMPUS_ID, BENCH_KIOSK_CLIENT_ID, countCheckIns, createMorningEvents, readHouseholds, resetCheckIns, seedCheckInData, VOLUNTEER_EMAIL, type BenchHousehold } from "./check-in-data.ts";
import { checkInsOnly, kioskBurst, scansOnly, type BurstTally, type Kiosk, type ScannedHousehold } from "./check-in-scenarios.ts";
import { BENCH_APP_SECRET, configureAppEnvironment, databaseUrls, recreateDatabase, seedIdentity, withApplicationName } from "./dataset.ts";
import { round } from "./load.ts";
import { backendCpuDelta, PostgresCpu } from "./postgres-cpu.ts";
import { busyMachineWarning, commandLine, describeMachine, loadAverage, machineFacts, notesAndWarnings, positiveInteger, runBenchmark, writeResults } from "./run.ts";
import { freePort, groupCpuSeconds, HOST, startServer, type BenchServer } from "./server.ts";
import { DEMO_PASSWORD, hiddenInputs, OAuthBrowser } from "../e2e/support/oauth-browser.ts";

const DEFAULT_DATABASE_URL = "postgresql://postgres@127.0.0.1:5432/church_bench_checkin";
const RESULTS_DIR = path.join("bench", "results");
const APPLICATION_NAME = "bench_checkin";
/** Issue 19's target: children checked in per CPU-second of the app server. */
export const CHECK_IN_TARGET_PER_CORE = 200;
/** A run ends when the queue is empty; this only stops a run that hangs. */
const RUN_LIMIT_SECONDS = 600;
const KIOSK_SCOPE = "openid check-in:kiosk";
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

interface Options {
  households: number;
  kiosks: number;
  events: number;
  runs: number;
  port: number;
  skipBuild: boolean;
  skipSeed: boolean;
  cpuProf: boolean;
}

function parseOptions(argv: string[]): Options {
  const { values } = parseArgs({
    args: argv,
    options: {
      households: { type: "string", default: "300" },
      kiosks: { type: "string", default: "8" },
      events: { type: "string", default: "3" },
      runs: { type: "string", default: "3" },
      port: { type: "string", default: "3500" },
      "skip-build": { type: "boolean", default: false },
      "skip-seed": { type: "boolean", default: false },
      "cpu-prof": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
    strict: true,
    allowPositionals: false,
  });
  if (values.help) {
    console.log("usage: npm run bench:check-in -- [--households 300] [--kiosks 8] [--events 3] [--runs 3] [--port 3500] [--skip-build] [--skip-seed] [--cpu-prof]");
    process.exit(0);
  }
  return {
    households: positiveInteger("households", values.households, 20_000),
    kiosks: positiveInteger("kiosks", values.kiosks, 100),
    events: positiveInteger("events", values.events, 10),
    runs: positiveInteger("runs", values.runs, 20),
    port: positiveInteger("port", values.port, 65_000),
    skipBuild: values["skip-build"],
    skipSeed: values["skip-seed"],
    cpuProf: values["cpu-prof"],
  };
}

// ---------------------------------------------------------------------------------------------------------
// Kiosks: enrolled through the device authorization grant (RFC 8628), as lobby tablets are

async function tokenRequest(origin: string, form: Record<string, string>): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${origin}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(form).toString(),
    signal: AbortSignal.timeout(15_000),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

function kioskOf(answer: { status: number; body: Record<string, unknown> }, what: string): Kiosk {
  const { access_token: accessToken, refresh_token: refreshToken, scope } = answer.body;
  if (answer.status !== 200 || typeof accessToken !== "string" || typeof refreshToken !== "string") throw new Error(`${what} answered ${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
  if (scope !== KIOSK_SCOPE) throw new Error(`${what}: the kiosk's scope is ${String(scope)}, not ${KIOSK_SCOPE}`);
  return { accessToken, refreshToken };
}

/** `count` kiosks of the campus's client, each its own device grant, approved at /device by the volunteer. */
async function enrolKiosks(origin: string, count: number): Promise<Kiosk[]> {
  const volunteer = new OAuthBrowser(origin);
  const signIn = await volunteer.postSignIn(null, VOLUNTEER_EMAIL, DEMO_PASSWORD);
  if (signIn.status !== 200) throw new Error(`the volunteer's sign-in answered ${signIn.status}: ${(await signIn.text()).slice(0, 200)}`);
  const kiosks: Kiosk[] = [];
  for (let index = 0; index < count; index++) {
    // Each tablet asks from its own address (TRUSTED_PROXIES=loopback), as a lobby's would through its proxy.
    const started = await fetch(`${origin}/oauth/device_authorization`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `10.19.0.${index + 1}`, "user-agent": "BenchLobbyKiosk/1.0" },
      body: new URLSearchParams({ client_id: BENCH_KIOSK_CLIENT_ID, scope: KIOSK_SCOPE }).toString(),
      signal: AbortSignal.timeout(15_000),
    });
    const device = (await started.json()) as { device_code?: string; user_code?: string; interval?: number };
    if (started.status !== 200 || !device.device_code || !device.user_code) throw new Error(`device authorization answered ${started.status} ${JSON.stringify(device).slice(0, 200)}`);
    const { html } = await volunteer.page("/device");
    const typed = await volunteer.fetch("/auth/device", { form: { ...hiddenInputs(html), user_code: device.user_code }, headers: { accept: "application/json" } });
    const redirectTo = ((await typed.json()) as { redirect_to?: string }).redirect_to;
    if (typed.status !== 200 || !redirectTo) throw new Error(`typing the user code answered ${typed.status}:\n  ${volunteer.trail.join("\n  ")}`);
    const review = await volunteer.page(volunteer.url(redirectTo));
    const done = await volunteer.post("/auth/device/decision", { ...hiddenInputs(review.html), decision: "allow" });
    if (`${done.pathname}${done.search}` !== "/device?done=allowed") throw new Error(`the approval went to ${done.href}`);
    let answer = await tokenRequest(origin, { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: BENCH_KIOSK_CLIENT_ID });
    for (let attempt = 0; answer.status === 400 && /authorization_pending|slow_down/.test(String(answer.body.error)) && attempt < 5; attempt++) {
      await new Promise((resolve) => setTimeout(resolve, (device.interval ?? 5) * 1000 + 500));
      answer = await tokenRequest(origin, { grant_type: DEVICE_GRANT, device_code: device.device_code, client_id: BENCH_KIOSK_CLIENT_ID });
    }
    kiosks.push(kioskOf(answer, `kiosk ${index + 1}'s device code poll`));
  }
  return kiosks;
}

/** Fresh access tokens for every kiosk (they live 10 minutes), as the kiosk page's relay refreshes them. */
async function refreshKiosks(origin: string, kiosks: Kiosk[]): Promise<void> {
  for (const [index, kiosk] of kiosks.entries()) {
    Object.assign(kiosk, kioskOf(await tokenRequest(origin, { grant_type: "refresh_token", refresh_token: kiosk.refreshToken, client_id: BENCH_KIOSK_CLIENT_ID }), `kiosk ${index + 1}'s refresh`));
  }
}

/** GET /api/v1/kiosk/events on the first kiosk: the morning's events must be the open ones. */
async function checkOpenEvents(origin: string, kiosk: Kiosk, events: string[]): Promise<void> {
  const response = await fetch(`${origin}/api/v1/kiosk/events`, { headers: { authorization: `Bearer ${kiosk.accessToken}` }, signal: AbortSignal.timeout(15_000) });
  const body = (await response.json()) as { events?: { id: string }[] };
  const open = (body.events ?? []).map((event) => event.id).sort();
  if (response.status !== 200 || JSON.stringify(open) !== JSON.stringify(events)) throw new Error(`GET /api/v1/kiosk/events answered ${response.status} ${JSON.stringify(body).slice(0, 300)}; expected ${events.join(", ")}`);
}

// ---------------------------------------------------------------------------------------------------------
// Runs

type RunKind = "burst" | "scans" | "check-ins";

interface Run {
  kind: RunKind;
  round: number;
  tally: BurstTally;
  load: ClosedLoopResult;
  serverCpuSeconds: number | null;
  postgresCpuSeconds: number | null;
}

interface Bench {
  origin: string;
  server: BenchServer;
  kiosks: Kiosk[];
  households: BenchHousehold[];
  events: string[];
  databaseUrl: string;
  postgres: PostgresCpu;
  issueMemberCode: (userId: string) => Promise<{ code: string }>;
  /** The burst's scan answers, by household: what the check-ins-only runs send. */
  scanned: ScannedHousehold[];
}

/** What each household's adult's phone shows now (codes live 5 minutes: made again before every run). */
async function freshCodes(bench: Bench): Promise<{ adultId: string; code: string }[]> {
  return Promise.all(bench.households.map(async (household) => ({ adultId: household.adultId, code: (await bench.issueMemberCode(household.adultId)).code })));
}

async function measure(bench: Bench, kind: RunKind, round_: number, scenario: Scenario, tally: BurstTally): Promise<Run> {
  const cpuBefore = groupCpuSeconds(bench.server);
  const postgresBefore = await bench.postgres.sample(APPLICATION_NAME);
  const load = await runClosedLoop(bench.origin, scenario, bench.kiosks.length, RUN_LIMIT_SECONDS);
  const cpuAfter = groupCpuSeconds(bench.server);
  const postgresAfter = await bench.postgres.sample(APPLICATION_NAME);
  return {
    kind,
    round: round_,
    tally,
    load,
    serverCpuSeconds: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
    postgresCpuSeconds: backendCpuDelta(postgresBefore, postgresAfter),
  };
}

function emptyTally(): BurstTally {
  return { households: 0, children: 0, scans: 0, checkIns: 0 };
}

/** One round: a burst from a clean slate, the scans alone, the check-ins alone from a clean slate. */
async function runRound(bench: Bench, roundNumber: number, withParts: boolean): Promise<Run[]> {
  await refreshKiosks(bench.origin, bench.kiosks);
  const runs: Run[] = [];
  await resetCheckIns(bench.databaseUrl, bench.events);
  const burstTally = emptyTally();
  runs.push(await measure(bench, "burst", roundNumber, kioskBurst(bench.kiosks, await freshCodes(bench), bench.events, bench.scanned, burstTally), burstTally));
  await verifyBurst(bench, burstTally);
  if (withParts) {
    const scanTally = emptyTally();
    runs.push(await measure(bench, "scans", roundNumber, scansOnly(bench.kiosks, await freshCodes(bench), bench.events, scanTally), scanTally));
    await resetCheckIns(bench.databaseUrl, bench.events);
    const checkInTally = emptyTally();
    runs.push(await measure(bench, "check-ins", roundNumber, checkInsOnly(bench.kiosks, bench.scanned, checkInTally), checkInTally));
    await verifyBurst(bench, checkInTally);
  }
  for (const run of runs) console.log(`  ${describeRun(run)}`);
  return runs;
}

/** The database agrees with the answers: every child in once, no code twice in an event. */
async function verifyBurst(bench: Bench, tally: BurstTally): Promise<void> {
  const counted = await countCheckIns(bench.databaseUrl, bench.events);
  if (counted.total !== tally.children || counted.duplicates !== 0 || counted.codesReused !== 0) {
    throw new Error(`after the run the database holds ${counted.total} check-ins (${counted.duplicates} children twice, ${counted.codesReused} codes reused) for ${tally.children} answered`);
  }
}

// ---------------------------------------------------------------------------------------------------------
// Report

const perThousand = (seconds: number | null, count: number) => (seconds === null || count === 0 ? null : round((seconds * 1000) / count, 2));

interface RunRow {
  kind: RunKind;
  round: number;
  households: number;
  children: number;
  requests: number;
  seconds: number;
  householdsPerSecond: number;
  childrenPerSecond: number;
  serverCpuSeconds: number | null;
  /** Children checked in per CPU-second of the app server (burst and check-ins runs). */
  childrenPerCore: number | null;
  serverCpuMsPerRequest: number | null;
  serverCpuMsPerChild: number | null;
  postgresCpuMsPerChild: number | null;
  postgresCpuMsPerRequest: number | null;
  latency: Record<string, Latency & { answers: number }>;
  problems: string[];
}

function rowOf(run: Run): RunRow {
  const requests = run.tally.scans + run.tally.checkIns;
  const seconds = run.load.elapsedSeconds;
  return {
    kind: run.kind,
    round: run.round,
    households: run.tally.households,
    children: run.tally.children,
    requests,
    seconds,
    householdsPerSecond: round(run.tally.households / seconds, 1),
    childrenPerSecond: round(run.tally.children / seconds, 1),
    serverCpuSeconds: run.serverCpuSeconds,
    childrenPerCore: run.serverCpuSeconds === null || run.tally.children === 0 ? null : round(run.tally.children / run.serverCpuSeconds, 0),
    serverCpuMsPerRequest: perThousand(run.serverCpuSeconds, requests),
    serverCpuMsPerChild: perThousand(run.serverCpuSeconds, run.tally.children),
    postgresCpuMsPerChild: perThousand(run.postgresCpuSeconds, run.tally.children),
    postgresCpuMsPerRequest: perThousand(run.postgresCpuSeconds, requests),
    latency: run.load.latencyByLabel,
    problems: Object.entries(run.load.problems).map(([problem, count]) => `${count}× ${problem}`),
  };
}

function describeRun(run: Run): string {
  const row = rowOf(run);
  const latency = Object.entries(row.latency).map(([label, l]) => `${label} p50 ${l.p50} ms p99 ${l.p99} ms`).join(", ");
  return `${run.kind.padEnd(9)} round ${run.round}: ${row.households} households, ${row.children} children in ${row.seconds} s (${row.householdsPerSecond} households/s, ${row.childrenPerSecond} children/s); server CPU ${row.serverCpuMsPerRequest ?? "?"} ms/request${row.childrenPerCore === null ? "" : `, ${row.childrenPerCore} children per CPU-second`}; ${latency}${row.problems.length > 0 ? `  ⚠ ${row.problems.join("; ")}` : ""}`;
}

const cell = (value: number | null | undefined) => (value === null || value === undefined ? "–" : String(value));

function spread(values: (number | null)[]): string {
  const present = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (present.length === 0) return "–";
  const median = present[Math.floor((present.length - 1) / 2)] as number;
  return present.length === 1 ? String(median) : `${median} (${present[0]}–${present.at(-1)})`;
}

function markdownTables(rows: RunRow[]): string[] {
  const lines = [
    "| run | households | children | s | households/s | children/s | server CPU ms/request | server CPU ms/child | **children per core** | PostgreSQL CPU ms/child | scan p50 / p99 ms | check-in p50 / p99 ms |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
  ];
  for (const row of rows) {
    const scan = row.latency.scan;
    const checkIn = row.latency["check-in"];
    lines.push(
      `| ${row.kind} ${row.round} | ${row.households} | ${row.children || "–"} | ${row.seconds} | ${row.householdsPerSecond} | ${row.children ? row.childrenPerSecond : "–"} | ${cell(row.serverCpuMsPerRequest)} | ${cell(row.serverCpuMsPerChild)} | ${cell(row.childrenPerCore)} | ${cell(row.children ? row.postgresCpuMsPerChild : null)} | ${scan ? `${scan.p50} / ${scan.p99}` : "–"} | ${checkIn ? `${checkIn.p50} / ${checkIn.p99}` : "–"} |`,
    );
  }
  const bursts = rows.filter((row) => row.kind === "burst");
  const checkIns = rows.filter((row) => row.kind === "check-ins");
  const scans = rows.filter((row) => row.kind === "scans");
  const perCore = spread(bursts.map((row) => row.childrenPerCore));
  const medianPerCore = Number(perCore.split(" ")[0]);
  lines.push(
    "",
    "Medians (min–max) over the rounds:",
    "",
    "| | value | target |",
    "| --- | ---: | --- |",
    `| **check-ins per core at the burst** (children checked in per CPU-second of the app server, scans included) | **${perCore}** | ≥ ${CHECK_IN_TARGET_PER_CORE}: ${Number.isFinite(medianPerCore) ? (medianPerCore >= CHECK_IN_TARGET_PER_CORE ? "PASS" : "FAIL") : "n/a"} |`,
    `| households per second at the burst (wall clock, ${bursts[0]?.households ?? "?"} households) | ${spread(bursts.map((row) => row.householdsPerSecond))} | |`,
    `| children per second at the burst (wall clock) | ${spread(bursts.map((row) => row.childrenPerSecond))} | |`,
    `| server CPU ms per household at the burst (a scan + a check-in) | ${spread(bursts.map((row) => perThousand(row.serverCpuSeconds, row.households)))} | |`,
    `| server CPU ms per check-in request (check-ins alone) | ${spread(checkIns.map((row) => row.serverCpuMsPerRequest))} | |`,
    `| server CPU ms per scan (scans alone) | ${spread(scans.map((row) => row.serverCpuMsPerRequest))} | |`,
    `| check-ins per core, check-in requests alone (children per CPU-second) | ${spread(checkIns.map((row) => row.childrenPerCore))} | |`,
    `| PostgreSQL CPU ms per child at the burst (its backends; not in "per core") | ${spread(bursts.map((row) => row.postgresCpuMsPerChild))} | |`,
    `| check-in request latency at the burst, p50 / p99 ms | ${spread(bursts.map((row) => row.latency["check-in"]?.p50 ?? null))} / ${spread(bursts.map((row) => row.latency["check-in"]?.p99 ?? null))} | |`,
    `| scan latency at the burst, p50 / p99 ms | ${spread(bursts.map((row) => row.latency.scan?.p50 ?? null))} / ${spread(bursts.map((row) => row.latency.scan?.p99 ?? null))} | |`,
  );
  return lines;
}

// ---------------------------------------------------------------------------------------------------------
// Main

async function main(): Promise<void> {
  const argv = process.argv.slice(2);
  const options = parseOptions(argv);
  const startedAt = new Date();
  const stamp = startedAt.toISOString().slice(0, 19).replace(/:/g, "-") + "Z";
  mkdirSync(RESULTS_DIR, { recursive: true });
  const logPrefix = path.join(RESULTS_DIR, `${stamp}-check-in`);
  const command = commandLine(argv, "bench:check-in", "bench/check-in.ts", "BENCH_CHECKIN_DATABASE_URL");
  const machineLine = describeMachine();
  console.log(`Check-in kiosk burst benchmark, ${startedAt.toISOString()}\nMachine: ${machineLine}\nCommand: ${command}`);
  const warnings: string[] = [];
  const busy = busyMachineWarning("so compare CPU ms per check-in rather than check-ins/s.");
  if (busy) {
    warnings.push(busy);
    console.log(`⚠ ${busy}`);
  }

  const urls = databaseUrls("BENCH_CHECKIN_DATABASE_URL", DEFAULT_DATABASE_URL);
  if (options.skipSeed) {
    console.log(`\n▶ --skip-seed: using the existing ${urls.name}`);
  } else {
    console.log(`\n▶ recreating ${urls.name}, migrating and seeding ${options.households} households`);
    const migrations = await recreateDatabase(urls);
    console.log(`  ${migrations.length} migrations applied`);
    seedIdentity(urls.url);
    await seedCheckInData(urls.url, options.households);
  }
  const households = (await readHouseholds(urls.url)).slice(0, options.households);
  if (households.length < options.households) throw new Error(`${urls.name} holds ${households.length} bench households, not ${options.households}: run without --skip-seed`);
  const children = households.reduce((sum, household) => sum + household.childIds.length, 0);
  const buildSeconds = buildUnlessSkipped(options.skipBuild, urls.url);

  // The product's own member codes, signed with the server's secret (lib/check-in/member-code.ts).
  configureAppEnvironment(urls.url);
  const { issueMemberCode } = await import("../lib/check-in/member-code.ts");

  const port = await freePort(options.port);
  const origin = `http://${HOST}:${port}`;
  console.log(`\n▶ npm start's server on ${origin} (log: ${logPrefix}-server.log)`);
  const server = await startServer({
    name: "check-in",
    port,
    distDir: DIST_DIR,
    logFile: `${logPrefix}-server.log`,
    nodeArgs: options.cpuProf ? ["--cpu-prof", `--cpu-prof-dir=${RESULTS_DIR}`, `--cpu-prof-name=${path.basename(logPrefix)}-server.cpuprofile`] : [],
    env: {
      DATABASE_URL: withApplicationName(urls.url, APPLICATION_NAME),
      APP_SECRET: BENCH_APP_SECRET,
      BASE_URL: origin,
      SEED_DEMO_DATA: "false",
      NEXT_TELEMETRY_DISABLED: "1",
      // Each kiosk asks for its device code from its own forwarded address.
      TRUSTED_PROXIES: "loopback",
    },
  });

  const postgres = await PostgresCpu.connect(urls.url);
  const runs: Run[] = [];
  const notes: string[] = [];
  try {
    console.log(`\n▶ enrolling ${options.kiosks} kiosks of ${BENCH_KIOSK_CLIENT_ID} (campus ${BENCH_CAMPUS_ID}) through the device flow, approved by ${VOLUNTEER_EMAIL}`);
    const kiosks = await enrolKiosks(origin, options.kiosks);
    const events = await createMorningEvents(urls.url, options.events, households.length);
    await checkOpenEvents(origin, kiosks[0] as Kiosk, events);
    const bench: Bench = { origin, server, kiosks, households, events, databaseUrl: urls.url, postgres, issueMemberCode, scanned: [] };
    console.log(`  ${events.length} open events; ${households.length} households with ${children} children`);

    console.log(`\n▶ warm-up burst (not measured), then ${options.runs} rounds of: burst, scans alone, check-ins alone`);
    await runRound(bench, 0, true);
    for (let round_ = 1; round_ <= options.runs; round_++) runs.push(...(await runRound(bench, round_, true)));
    notes.push(
      `${options.kiosks} kiosks (one keep-alive connection each, closed loop: a kiosk takes the next household as soon as it is free), each its own device grant of the kiosk client ${BENCH_KIOSK_CLIENT_ID} enrolled over HTTP through the device flow (approved at /device by ${VOLUNTEER_EMAIL} with the kiosk role)`,
      `${households.length} households of two adults and 1–3 children (${children} children), one campus, ${events.length} events open for check-in (starting in 5 minutes), child j of a household to event j mod ${events.length}, capacity ${households.length} each`,
      "a household = POST /api/v1/kiosk/households (the adult's member code, as the product issues it: lib/check-in/member-code.ts with the server's APP_SECRET) then POST /api/v1/kiosk/check-ins of the children that scan answered; every answer checked (scanned household, one check-in and a security code per child); after each burst the database must hold one check-in per child and no code twice per event",
      "per core = children checked in / CPU-seconds of the server's process group (all threads); PostgreSQL CPU = its backends serving the server (application_name), reported apart",
    );
  } finally {
    await postgres.close();
    const errors = server.errorLines();
    if (errors.length > 0) warnings.push(`the server logged ${errors.length} error-like lines, e.g. ${errors[0]} (see ${logPrefix}-server.log)`);
    await server.stop();
  }

  const rows = runs.map(rowOf);
  const markdown = [
    `# Check-in at a kiosk burst, ${startedAt.toISOString()}`,
    "",
    `- Machine: ${machineLine}; ${loadAverage()} at the end`,
    `- Command: \`${command}\``,
    `- Build: ${buildSeconds === null ? `reused (${DIST_DIR})` : `${buildSeconds.toFixed(0)} s`}; database ${urls.name}${options.cpuProf ? "; --cpu-prof: the server ran under the profiler, numbers not comparable" : ""}`,
    "",
    ...markdownTables(rows),
    "",
    ...notesAndWarnings(notes, warnings),
    "",
  ].join("\n");
  writeResults(logPrefix, markdown, { startedAt: startedAt.toISOString(), finishedAt: new Date().toISOString(), command, machine: machineFacts(), options, database: urls.name, buildSeconds, target: CHECK_IN_TARGET_PER_CORE, rows, notes, warnings });
  if (rows.some((row) => row.problems.length > 0)) {
    console.error("Some requests failed or answered unexpectedly: the run is not valid.");
    process.exitCode = 1;
  }
}

await runBenchmark("bench:check-in", main);
