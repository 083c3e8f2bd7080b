/**
 * The production server under test: `next start` of the benchmark's own build (NEXT_DIST_DIR), on
 * 127.0.0.1 only, in its own process group so that stopping it stops everything it started. Every server
 * this module starts is stopped on exit, on an error and on Ctrl-C.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createWriteStream, readdirSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

export const HOST = "127.0.0.1";
const NEXT_BIN = path.join("node_modules", "next", "dist", "bin", "next");
const READY_TIMEOUT_MS = 90_000;
const STOP_TIMEOUT_MS = 5_000;

export interface BenchServer {
  name: string;
  port: number;
  origin: string;
  child: ChildProcess;
  /** The last lines it printed, for error messages. */
  tail(): string;
  /** Lines that look like errors (first 200). */
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
}

/** Starts `next start` and waits until GET /api/health answers 200. */
export async function startServer(options: StartOptions): Promise<BenchServer> {
  const log = createWriteStream(options.logFile, { flags: "a" });
  const lines: string[] = [];
  const errors: string[] = [];
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), NEXT_BIN, "start", "--port", String(options.port), "--hostname", HOST], {
    cwd: process.cwd(),
    env: { ...process.env, ...options.env, NEXT_DIST_DIR: options.distDir, PORT: String(options.port), NODE_ENV: "production" },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  const collect = (chunk: Buffer) => {
    log.write(chunk);
    const fresh = chunk.toString("utf8").split("\n").filter((line) => line.trim() !== "");
    lines.push(...fresh);
    for (const line of fresh) if (errors.length < 200 && /error|failed|⨯/i.test(line)) errors.push(line);
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
      throw new Error(`next start (${options.name}) exited with ${child.exitCode ?? child.signalCode} before it was ready:\n${server.tail()}`);
    }
    try {
      const response = await fetch(`${server.origin}/api/health`, { signal: AbortSignal.timeout(3000) });
      if (response.status === 200) return server;
      lastProblem = `/api/health answered ${response.status}: ${await response.text()}`;
    } catch (error) {
      lastProblem = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await server.stop();
  throw new Error(`next start (${options.name}) not ready within ${READY_TIMEOUT_MS / 1000} s (${lastProblem}):\n${server.tail()}`);
}

/**
 * CPU seconds (user + system) used so far by every process in the server's process group, from /proc; null
 * where there is no /proc. Unlike requests/s it hardly depends on what else the machine is doing.
 */
export function groupCpuSeconds(server: BenchServer): number | null {
  const pgid = server.child.pid;
  if (pgid === undefined || process.platform !== "linux") return null;
  const ticksPerSecond = 100; // USER_HZ, fixed at 100 on Linux for /proc/<pid>/stat
  let ticks = 0;
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return null;
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // exited meanwhile
    }
    // Fields after the parenthesised command name: state ppid pgrp session ... utime(14) stime(15).
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / ticksPerSecond;
}
