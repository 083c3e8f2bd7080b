/**
 * `npm test`: every check and test suite of the project, in order, against real PostgreSQL and Debian's
 * Chromium, ending with one line that totals them all: `N passed, N failed` (above it, each suite's time, the
 * wall time and a reading of the machine, without which times of two machines do not compare).
 * Suites that leave CPU idle run side by side: the static checks beside vitest, the build beside the service
 * tests on PostgreSQL; the browser and the proofs, which fill both cores, run alone.
 *
 *   1. typecheck (tsc), lint (eslint), the layers' arrows (dependency-cruiser, docs/decisions/0019) and the
 *      languages' messages (scripts/check-messages.ts)
 *   2. unit, integration and service tests (vitest; the services on an in-memory PGlite), then the service
 *      tests again on PostgreSQL (SERVICE_TEST_DATABASE_URL)
 *   3. production build (next build, then the server bundle: npm run build)
 *   4. end-to-end tests (Playwright): the HTTP API on PostgreSQL, the portal in Chromium, the embedded default
 *   5. the long proofs (scripts/proofs/run.ts, at most PROOFS_TIME_LIMIT_MINUTES, default 25): hostile input
 *      (10,000 generated requests per surface), two instances on one database, PostgreSQL stopped under load,
 *      and a shortened soak (a steady mixed load on both databases, memory and p99 per "minute")
 */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { cpus } from "node:os";
import { relative } from "node:path";
import { busyPercent, cpuTimes, singleCoreSpeed } from "./machine-reading.ts";
import { chooseTestPorts } from "./test-ports.ts";

const RESULTS = ".test-results";
rmSync(RESULTS, { recursive: true, force: true });
mkdirSync(RESULTS, { recursive: true });

const ports = await chooseTestPorts(process.env);
if ("problem" in ports) {
  console.error(ports.problem);
  console.log("0 passed, 1 failed");
  process.exit(1);
}
const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", CHECKPOINT_DISABLE: "1", TEST_PORT: String(ports.testPort), PROOFS_PG_PORT: String(ports.clusterPort) };
// A run beside another one (its default ports were taken) gets databases of its own too.
if (ports.testPort !== 3100) {
  env.TEST_DATABASE_URL ??= `postgresql://postgres@127.0.0.1:5432/church_test_${ports.testPort}`;
  env.PROOFS_DATABASE_URL ??= `postgresql://postgres@127.0.0.1:5432/church_proofs_${ports.testPort}`;
}
console.log(`servers on 127.0.0.1:${ports.testPort} to ${ports.testPort + 2} (end-to-end) and ${ports.testPort + 10}, ${ports.testPort + 11} (proofs); the fault proof's PostgreSQL on ${ports.clusterPort}`);
const tally: { suite: string; passed: number; failed: number; seconds: number }[] = [];
/** The names of the tests that failed, printed above the totals so a red run says what to look at. */
const failures: string[] = [];
const machineSpeed = singleCoreSpeed();
const cpuAtStart = cpuTimes();
const startedAt = Date.now();

function record(suite: string, passed: number, failed: number, since: number): void {
  tally.push({ suite, passed, failed, seconds: Math.round((Date.now() - since) / 1000) });
}

/** A command whose output goes straight to ours, for the suite that holds the stage (vitest, Playwright, the proofs). */
function run(command: string, args: string[], extraEnv: Record<string, string> = {}, timeoutMs?: number): Promise<boolean> {
  console.log(`\n▶ ${command} ${args.join(" ")}`);
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: "inherit", env: { ...env, ...extraEnv } });
    const timer = timeoutMs
      ? setTimeout(() => {
          console.log(`  stopped after the time limit of ${Math.round(timeoutMs / 60_000)} minutes`);
          child.kill("SIGTERM");
        }, timeoutMs)
      : undefined;
    child.on("error", () => resolve(false));
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve(code === 0);
    });
  });
}

/**
 * A command run beside another suite (the machine has idle CPU while vitest waits on its databases): its
 * output is held and printed whole when it ends, so two suites' lines never interleave.
 */
function runBeside(command: string, args: string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
    const output: Buffer[] = [];
    child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
    child.on("error", (error) => output.push(Buffer.from(String(error))));
    child.on("close", (code) => {
      process.stdout.write(`\n▶ ${command} ${args.join(" ")}\n${Buffer.concat(output).toString("utf8")}`);
      resolve(code === 0);
    });
  });
}

/** A suite of one check (it passes or fails whole), run beside others. */
async function check(suite: string, command: string, args: string[]): Promise<boolean> {
  const since = Date.now();
  const ok = await runBeside(command, args);
  record(suite, ok ? 1 : 0, ok ? 0 : 1, since);
  if (!ok) failures.push(suite);
  return ok;
}

function readJson<T>(file: string): T | undefined {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return undefined;
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  testResults?: { name: string; assertionResults?: { status: string; fullName: string }[] }[];
}

function vitestFailures(suite: string, report: VitestReport | undefined): void {
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) if (test.status === "failed") failures.push(`${suite}: ${relative(process.cwd(), file.name)} › ${test.fullName}`);
  }
}

interface PlaywrightSuite {
  title: string;
  file?: string;
  suites?: PlaywrightSuite[];
  specs?: { title: string; file: string; tests: { projectName: string; status: string }[] }[];
}

function playwrightFailures(suites: PlaywrightSuite[] = [], titles: string[] = []): void {
  for (const suite of suites) {
    const path = suite.file && suite.title === suite.file ? titles : [...titles, suite.title];
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests) if (test.status === "unexpected" || test.status === "flaky") failures.push(`playwright: [${test.projectName}] ${spec.file} › ${[...path, spec.title].join(" › ")}`);
    }
    playwrightFailures(suite.suites, path);
  }
}

/** Vitest with a JSON report, its counts and failed tests recorded as `suite`. */
function vitestSuite(suite: string, report: string, since: number, ok: boolean): void {
  const result = readJson<VitestReport>(report);
  record(suite, result?.numPassedTests ?? 0, result ? result.numFailedTests + (ok || result.numFailedTests > 0 ? 0 : 1) : 1, since);
  vitestFailures(suite, result);
}

// 1. The static checks beside the unit and service tests on PGlite, which leave a core idle while they wait.
let since = Date.now();
const staticChecks = Promise.all([
  check("typecheck", "npx", ["tsc", "--noEmit"]),
  check("lint", "npx", ["eslint", ".", "--max-warnings=0"]),
  check("layers", "npm", ["run", "lint:layers"]),
  check("messages", "npm", ["run", "lint:messages"]),
]);
const vitestOk = await run("npx", ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${RESULTS}/vitest.json`]);
vitestSuite("vitest", `${RESULTS}/vitest.json`, since, vitestOk);
const [typechecked] = await staticChecks;

// 2. The build beside the service tests once more, on PostgreSQL (the same suite must hold on both databases).
// Types were just checked (or their failure counted): the build need not check them again.
if (typechecked) env.BUILD_TYPECHECKED = "1";
const building = check("build", "npm", ["run", "build"]);
since = Date.now();
const serviceOk = await run("npx", ["tsx", "scripts/service-tests-on-postgres.ts", "--reporter=default", "--reporter=json", `--outputFile.json=${RESULTS}/services-postgres.json`]);
vitestSuite("services on PostgreSQL", `${RESULTS}/services-postgres.json`, since, serviceOk);
const built = await building;

if (built) {
  const prepared = await check("prepare e2e database", "npx", ["tsx", "--conditions=react-server", "e2e/prepare-database.ts"]);
  if (prepared) {
    since = Date.now();
    const e2eOk = await run("npx", ["playwright", "test"], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${RESULTS}/playwright.json` });
    const report = readJson<{ stats: { expected: number; unexpected: number; flaky: number }; suites?: PlaywrightSuite[] }>(`${RESULTS}/playwright.json`);
    const failed = report ? report.stats.unexpected + report.stats.flaky : 1;
    record("playwright", report?.stats.expected ?? 0, failed + (e2eOk || failed > 0 ? 0 : 1), since);
    playwrightFailures(report?.suites);
  }
  // The long proofs start their own servers (ports TEST_PORT + 10 and + 11), databases and a private
  // PostgreSQL cluster (PROOFS_PG_PORT); each check counts as a test.
  const limitMinutes = Number(process.env.PROOFS_TIME_LIMIT_MINUTES ?? 25);
  since = Date.now();
  const proofsOk = await run("npx", ["tsx", "--conditions=react-server", "scripts/proofs/run.ts", "--json", `${RESULTS}/proofs.json`], {}, limitMinutes * 60_000);
  const proofs = readJson<{ passed: number; failed: number }>(`${RESULTS}/proofs.json`);
  record("proofs", proofs?.passed ?? 0, proofs ? proofs.failed + (proofsOk || proofs.failed > 0 ? 0 : 1) : 1, since);
  if (proofs && proofs.failed > 0) failures.push("proofs: see the ✗ lines above");
}

const minutes = (seconds: number) => `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
if (failures.length > 0) {
  console.log("\nFailed:");
  for (const failure of failures) console.log(`  ✗ ${failure}`);
}
console.log("\nSuites:");
for (const { suite, passed, failed, seconds } of tally) console.log(`  ${suite.padEnd(22)} ${`${passed} passed, ${failed} failed`.padEnd(22)} ${minutes(seconds)}`);
console.log(`  ${"wall time".padEnd(22)} ${"".padEnd(22)} ${minutes(Math.round((Date.now() - startedAt) / 1000))}`);
// Comparable across machines only with these (scripts/machine-reading.ts).
console.log(`  machine: ${cpus().length} cores, ${machineSpeed} MiB/s of JSON on one core, busy ${busyPercent(cpuAtStart, cpuTimes())}% of the run`);
const passed = tally.reduce((sum, row) => sum + row.passed, 0);
const failed = tally.reduce((sum, row) => sum + row.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
