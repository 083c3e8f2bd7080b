/**
 * What every benchmark script shares: its flags' checks, the machine and command lines of its report, the
 * results files, and a main() that always stops the servers it started (on exit, on an error, on Ctrl-C).
 */
import { writeFileSync } from "node:fs";
import os from "node:os";
import { killAllServersNow } from "./server.ts";

export function positiveInteger(name: string, value: string, max: number): number {
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > max) throw new Error(`--${name} must be an integer from 1 to ${max}, got ${value}`);
  return Number(value);
}

/** The command that reproduces this run: `npm run <script> -- …` when started so, else `npx tsx <file> …`. */
export function commandLine(argv: string[], npmScript: string, file: string, databaseVariable: string): string {
  const args = argv.map((arg) => (/^[\w./=:,-]+$/.test(arg) ? arg : JSON.stringify(arg))).join(" ");
  const database = process.env[databaseVariable];
  const prefix = database ? `${databaseVariable}=${JSON.stringify(database)} ` : "";
  return process.env.npm_lifecycle_event === npmScript
    ? `${prefix}npm run ${npmScript}${args ? ` -- ${args}` : ""}`
    : `${prefix}npx tsx ${file}${args ? ` ${args}` : ""}`;
}

export function describeMachine(): string {
  const cpus = os.cpus();
  const load = os.loadavg().map((value) => value.toFixed(2)).join(" / ");
  return `${cpus.length} cores (${cpus[0]?.model.trim() ?? "unknown CPU"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ${os.type()} ${os.release()}, Node ${process.version}; load average ${load} (1/5/15 min) at start`;
}

export function loadAverage(): string {
  return os.loadavg().map((value) => value.toFixed(2)).join(" / ");
}

/** The warning for a machine that is not quiet at the start, or null. */
export function busyMachineWarning(advice: string): string | null {
  const cores = os.cpus().length;
  const oneMinute = os.loadavg()[0] ?? 0;
  return oneMinute > cores * 0.25 ? `The 1-minute load average was ${oneMinute.toFixed(2)} on ${cores} cores at start: the machine is not quiet, ${advice}` : null;
}

/** Writes `<prefix>.md` and `<prefix>.json` and prints the Markdown. */
export function writeResults(prefix: string, markdown: string, json: unknown): void {
  writeFileSync(`${prefix}.md`, markdown);
  writeFileSync(`${prefix}.json`, `${JSON.stringify(json, null, 2)}\n`);
  console.log(`\n${markdown}\nWritten: ${prefix}.md and ${prefix}.json`);
}

/** Runs a benchmark's main(), stopping every server on exit, error or signal, then exits with its code. */
export async function runBenchmark(name: string, main: () => Promise<void>): Promise<never> {
  process.on("exit", killAllServersNow);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      console.error(`\n${signal}: stopping the servers`);
      killAllServersNow();
      process.exit(130);
    });
  }
  try {
    await main();
  } catch (error) {
    console.error(`\n${name} failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 1;
  } finally {
    killAllServersNow();
  }
  // Keep-alive sockets and pools must not hold the process open after the report.
  process.exit(process.exitCode ?? 0);
}

/** The machine, for the JSON results. */
export function machineFacts() {
  return {
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model.trim() ?? null,
    totalMemoryBytes: os.totalmem(),
    os: `${os.type()} ${os.release()}`,
    node: process.version,
    loadAverageAtEnd: os.loadavg(),
  };
}

/** The report's closing Markdown lines: the notes, then the warnings if any. */
export function notesAndWarnings(notes: string[], warnings: string[]): string[] {
  return [...notes.map((note) => `- ${note}`), ...(warnings.length > 0 ? ["", "Warnings:", ...warnings.map((warning) => `- ⚠ ${warning}`)] : [])];
}
