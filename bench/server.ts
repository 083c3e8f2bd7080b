/**
 * The production server under test: `next start` of the benchmark's own build (NEXT_DIST_DIR), on
 * 127.0.0.1 only, in its own process group so that stopping it stops everything it started. Every server
 * this module starts is stopped on exit, on an error and on Ctrl-C. `script` starts another Node server
 * the same way (bench/oauth.ts's oidc-provider), so its CPU is measured the same way too.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { SERVER_NODE_OPTIONS } from "../server/node-options.ts";

export const HOST = "127.0.0.1";
/** `npm start`'s server, bundled by `npm run build` (scripts/build-server.ts). */
const SERVER_BUNDLE = path.join(".next-server", "main.mjs");
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 5_000;

export interface BenchServer {
  name: string;
  port: number;
  origin: string;
  child: ChildProcess;
  /** The last lines it printed, for error messages. */
  tail(): string;
  /** Lines that look like errors or warnings (first 200). */
  errorLines(): string[];
  stop(): Promise<void>;
}

const running = new Set<BenchServer>();

/** Kills what is still running, synchronously: for process exit, where nothing can be awaited. */
export function killAllServersNow(): void {
  for (const server of running) killGroup(server.child, "SIGKILL");
  running.clear();
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // already gone
    }
  }
}

/** The first port from `from` that nothing listens on at 127.0.0.1. */
export async function freePort(from: number, attempts = 100): Promise<number> {
  for (let port = from; port < from + attempts; port++) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once("error", () => resolve(false));
      probe.listen(port, HOST, () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${from}-${from + attempts - 1} on ${HOST}`);
}

export interface StartOptions {
  name: string;
  port: number;
  distDir: string;
  env: Record<string, string>;
  logFile: string;
  /** Extra node flags, e.g. --cpu-prof (not allowed in NODE_OPTIONS). */
  nodeArgs?: string[];
  /** Runs this script (with its arguments) instead of `next start`, with the same env, group and log. */
  script?: string[];
  /** Ready when GET of this path answers 200; default /api/health. */
  readyPath?: string;
}

/** Starts `next start` (or `script`) and waits until GET readyPath answers 200. */
export async function startServer(options: StartOptions): Promise<BenchServer> {
  const log = createWriteStream(options.logFile, { flags: "a" });
  const lines: string[] = [];
  const errors: string[] = [];
  // `npm start`'s server: Next plus the token endpoint's fast path (server/main.ts, bundled by the build).
  const program = options.script ?? [...SERVER_NODE_OPTIONS, SERVER_BUNDLE];
  const what = options.script ? options.name : `npm start's server (${options.name})`;
  const readyPath = options.readyPath ?? "/api/health";
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...program], {
    cwd: process.cwd(),
    env: { ...process.env, ...options.env, NEXT_DIST_DIR: options.distDir, PORT: String(options.port), HOST, NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    log.write(chunk);
    const fresh = chunk.toString("utf8").split("\n").filter((line) => line.trim() !== "");
    lines.push(...fresh);
    // Warnings too: Node's own (a DeprecationWarning) and the app's `"level":"warn"` lines.
    for (const line of fresh) if (errors.length < 200 && /error|warn|failed|⨯/i.test(line)) errors.push(line);
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on("data", collect);
  child.stderr?.on("data", collect);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const server: BenchServer = {
    name: options.name,
    port: options.port,
    origin: `http://${HOST}:${options.port}`,
    child,
    tail: () => lines.join("\n"),
    errorLines: () => [...errors],
    async stop() {
      running.delete(server);
      killGroup(child, "SIGTERM");
      const timer = setTimeout(() => killGroup(child, "SIGKILL"), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
      log.end();
    },
  };
  running.add(server);

  const deadline = Date.now() + READY_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      running.delete(server);
      throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode} before it was ready:\n${server.tail()}`);
    }
    try {
      const response = await fetch(`${server.origin}${readyPath}`, { signal: AbortSignal.timeout(3000) });
      if (response.status === 200) return server;
      lastProblem = `${readyPath} answered ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`${what} not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}):\n${server.tail()}`);
}

const TICKS_PER_SECOND = 100; // USER_HZ, fixed at 100 on Linux for /proc/<pid>/stat

/** utime + stime (all threads, libuv's pool included) and process group of one process; null once it has exited. */
function readProcStat(pid: string): { pgrp: number; ticks: number } | null {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  // Fields after the parenthesised command name: state ppid pgrp session ... utime(14) stime(15).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pgrp: Number(fields[2]), ticks: Number(fields[11]) + Number(fields[12]) };
}

/**
 * CPU seconds (user + system) used so far by every process in the server's process group, from /proc; null
 * where there is no /proc. Unlike requests/s it hardly depends on what else the machine is doing.
 */
export function groupCpuSeconds(server: BenchServer): number | null {
  const pgid = server.child.pid;
  if (pgid === undefined || process.platform !== "linux") return null;
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readProcStat(entry);
    if (stat?.pgrp === pgid) ticks += stat.ticks;
  }
  return ticks / TICKS_PER_SECOND;
}

/** CPU seconds used so far by each of these processes that still runs (e.g. PostgreSQL backends); empty without /proc. */
export function processesCpuSeconds(pids: readonly number[]): Map<number, number> {
  const seconds = new Map<number, number>();
  if (process.platform !== "linux") return seconds;
  for (const pid of pids) {
    const stat = readProcStat(String(pid));
    if (stat) seconds.set(pid, stat.ticks / TICKS_PER_SECOND);
  }
  return seconds;
}
