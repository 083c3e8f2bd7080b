/**
 * `npx tsx --conditions=react-server scripts/proofs/run.ts`: the long proofs of issue 7 against the
 * production build (run `npm run build` first), each with its own servers and database:
 *   fuzz       hostile input, ≥ 10,000 generated requests per surface (fuzz.ts)
 *   instances  two servers, one database: tokens and attempt limits across both (instances.ts)
 *   faults     PostgreSQL stopped and started under load (faults.ts; a private cluster, never the shared one)
 *   soak       a steady mixed load on PostgreSQL and on the embedded database, memory read every "minute"
 *              (soak.ts): here shortened to 3 minutes of 20 s each; `npm run proof:soak -- --minutes 60` is the hour
 * It prints every check, one line per proof with its counts, and ends with `N passed, N failed`; the exit
 * code is 1 when anything failed. `--json FILE` also writes the totals for scripts/test-all.ts.
 *
 * Flags: --only fuzz,instances,faults,soak   --requests N (per surface, default 10000)   --concurrency C (16)
 *        --seed S (default: from the clock, printed)   --json FILE
 *        --soak-minutes N (3)   --soak-minute-seconds S (20)   --soak-rate R (20 requests/s)
 *
 * The fault proof runs beside the fuzz, in a process of its own (its output printed whole when it ends): it
 * mostly waits while its cluster is down or coming back, and its setup blocks the event loop (initdb), which
 * would stall the fuzz's requests in one process. The two-instance proof, which needs the fault proof's port,
 * runs after both, and the soak last, alone (its latencies are judged), on PROOFS_PORT again.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { runFaults } from "./faults.ts";
import { runFuzz, unexpectedErrors, type Surface } from "./fuzz.ts";
import { runInstances } from "./instances.ts";
import { runSoak } from "./soak.ts";
import { ADMIN_DATABASE_URL, PROOFS_CRON_SECRET, PROOFS_DATABASE_URL, PROOFS_PORT, siblingDatabase } from "./support/config.ts";
import { Tally } from "./support/report.ts";
import { cleanUpNow, onCleanup, prepareDatabase, startServer } from "./support/servers.ts";

function flag(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}

const only = (flag("only") ?? "fuzz,instances,faults,soak").split(",");
const perSurface = Number(flag("requests") ?? 10_000);
const concurrency = Number(flag("concurrency") ?? 16);
const seed = Number(flag("seed") ?? Date.now() % 1_000_000);
const surfaces = (flag("surfaces") ?? "identity,oauth,forms,calendar,pages").split(",") as Surface[];
const jsonFile = flag("json");

// A time limit (scripts/test-all.ts) or Ctrl-C: stop every server and the private cluster first.
for (const signal of ["SIGTERM", "SIGINT", "SIGHUP"] as const) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the proofs' servers and PostgreSQL cluster`);
    cleanUpNow();
    process.exit(130);
  });
}
process.on("exit", cleanUpNow);

const tallies: Tally[] = [];
const started = performance.now();

async function proof(name: string, run: (tally: Tally) => Promise<void>): Promise<void> {
  if (!only.includes(name)) return;
  console.log(`\n▶ proof: ${name}`);
  const tally = new Tally(name);
  tallies.push(tally);
  try {
    await run(tally);
  } catch (error) {
    tally.check(`${name} ran to the end`, false, error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}

/**
 * A proof run by this script in a child process, beside what this process does next: its output is held and
 * printed whole when it ends, and its checks join this run's tally.
 */
function proofInChildProcess(name: string): Promise<void> {
  const folder = mkdtempSync(path.join(tmpdir(), `proofs-${name}-`));
  const json = path.join(folder, "results.json");
  const child = spawn(process.execPath, [...process.execArgv, process.argv[1]!, "--only", name, "--json", json], { stdio: ["ignore", "pipe", "pipe"] });
  const stopChild = onCleanup(() => child.kill("SIGTERM"));
  const output: Buffer[] = [];
  child.stdout.on("data", (chunk: Buffer) => output.push(chunk));
  child.stderr.on("data", (chunk: Buffer) => output.push(chunk));
  return new Promise((resolve) => {
    child.on("close", () => {
      stopChild();
      // Its own last lines are a total of one proof; this run prints the total of all.
      const text = Buffer.concat(output).toString("utf8").split("\nProofs (")[0];
      process.stdout.write(`${text}\n`);
      const tally = new Tally(name);
      tallies.push(tally);
      try {
        tally.results.push(...(JSON.parse(readFileSync(json, "utf8")) as { results: Tally["results"] }).results);
      } catch {
        tally.check(`${name} ran to the end`, false, "its process ended without its results");
      }
      rmSync(folder, { recursive: true, force: true });
      resolve();
    });
  });
}

// With other proofs to run, the fault proof goes to a process of its own; alone (as it is there), it runs here.
const faultsBeside = only.includes("faults") && only.length > 1;
const faults = faultsBeside ? proofInChildProcess("faults") : Promise.resolve();

await proof("fuzz", async (tally) => {
  const baseUrl = `http://127.0.0.1:${PROOFS_PORT}`;
  prepareDatabase(PROOFS_DATABASE_URL, ADMIN_DATABASE_URL, baseUrl);
  const server = await startServer({ name: "fuzz", port: PROOFS_PORT, databaseUrl: PROOFS_DATABASE_URL, env: { CALENDAR_CACHE_SECONDS: "0", CRON_SECRET: PROOFS_CRON_SECRET } });
  try {
    const counts = await runFuzz(tally, { baseUrl, databaseUrl: PROOFS_DATABASE_URL, perSurface, concurrency, batchSize: 250, seed, surfaces });
    tally.check("the server is still running after the fuzz", server.alive());
    const unexpected = unexpectedErrors(server.output());
    for (const [error, times] of unexpected) console.log(`    ✗ logged ${times}×: ${error}`);
    tally.check("the server logged no unexpected error (each would have been a generic 500 or error page)", unexpected.size === 0, `${[...unexpected.values()].reduce((a, b) => a + b, 0)} lines`);
    const total = counts.reduce((sum, count) => sum + count.requests, 0);
    console.log(
      `  fuzz: ${total} requests, ${counts.reduce((s, c) => s + c.fiveHundreds, 0)} 5xx, ${counts.reduce((s, c) => s + c.violations, 0)} shape violations, ` +
        `${counts.reduce((s, c) => s + c.dbViolations, 0)} batches with an unexplained database change (seed ${seed})`,
    );
  } finally {
    await server.stop();
  }
});

await faults;

await proof("instances", async (tally) => {
  const databaseUrl = siblingDatabase(PROOFS_DATABASE_URL, "_instances");
  await runInstances(tally, { databaseUrl, ports: [PROOFS_PORT, PROOFS_PORT + 1] });
});

if (!faultsBeside) {
  await proof("faults", async (tally) => {
    await runFaults(tally, { port: PROOFS_PORT + 1 });
  });
}

await proof("soak", async (tally) => {
  await runSoak(tally, {
    minutes: Number(flag("soak-minutes") ?? 3),
    minuteSeconds: Number(flag("soak-minute-seconds") ?? 20),
    rate: Number(flag("soak-rate") ?? 20),
    databases: ["postgres", "embedded"],
    port: PROOFS_PORT,
  });
});

const results = tallies.flatMap((tally) => tally.results);
const passed = results.filter((result) => result.ok).length;
const failed = results.length - passed;
console.log(`\nProofs (${((performance.now() - started) / 1000).toFixed(0)} s):`);
for (const tally of tallies) console.log(`  ${tally.proof.padEnd(10)} ${tally.results.length - tally.failed} passed, ${tally.failed} failed`);
console.log(`${passed} passed, ${failed} failed`);
if (jsonFile) {
  mkdirSync(path.dirname(jsonFile), { recursive: true });
  writeFileSync(jsonFile, JSON.stringify({ passed, failed, results }, null, 2));
}
process.exit(failed === 0 && passed > 0 ? 0 : 1);
