/**
 * Production servers for the proofs: `node .next-server/main.mjs` (what `npm start` runs), each in its own
 * process group so it can be stopped with everything it started, its output in a log file the report names.
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { closeSync, mkdirSync, openSync, readFileSync } from "node:fs";
import { PROOFS_APP_SECRET } from "./config.ts";
import { SERVER_NODE_OPTIONS } from "../../../server/node-options.ts";

/**
 * What must not outlive this process: server process groups and the private PostgreSQL cluster. `run.ts`
 * calls these synchronously when it is stopped (a time limit's SIGTERM, Ctrl-C) or exits.
 */
const cleanups = new Set<() => void>();
export function onCleanup(cleanup: () => void): () => void {
  cleanups.add(cleanup);
  return () => cleanups.delete(cleanup);
}
export function cleanUpNow(): void {
  for (const cleanup of [...cleanups]) {
    try {
      cleanup();
    } catch {
      // keep going: everything else must still be stopped
    }
  }
  cleanups.clear();
}

export interface ProofServer {
  url: string;
  port: number;
  pid: number;
  log: string;
  /** SIGTERM to the group, then SIGKILL if it has not gone within 5 s. */
  stop(): Promise<void>;
  /** True while the process runs (a crash shows here). */
  alive(): boolean;
  /** Everything it printed so far. */
  output(): string;
}

export interface ServerOptions {
  port: number;
  databaseUrl: string;
  /** The public origin; tokens carry it as `iss`. Defaults to the server's own address. */
  baseUrl?: string;
  env?: Record<string, string>;
  name: string;
}

export async function startServer(options: ServerOptions): Promise<ProofServer> {
  const url = `http://127.0.0.1:${options.port}`;
  mkdirSync(".data", { recursive: true });
  const log = `.data/proofs-${options.name}-${options.port}.log`;
  const fd = openSync(log, "w");
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ".next-server/main.mjs"], {
    detached: true,
    stdio: ["ignore", fd, fd],
    env: {
      PATH: process.env.PATH ?? "",
      HOME: process.env.HOME ?? "",
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      DATABASE_URL: options.databaseUrl,
      APP_SECRET: PROOFS_APP_SECRET,
      BASE_URL: options.baseUrl ?? url,
      DEV_OUTBOX: "true",
      // The proofs play the reverse proxy: from loopback their X-Forwarded-For names the client (the per-IP
      // limits), as the end-to-end test servers do (playwright.config.ts).
      TRUSTED_PROXIES: "loopback",
      ...options.env,
    },
  });
  closeSync(fd);
  let exited = false;
  const pid = child.pid!;
  const forget = onCleanup(() => process.kill(-pid, "SIGKILL"));
  child.on("exit", () => {
    exited = true;
    forget();
  });
  const server: ProofServer = {
    url,
    port: options.port,
    pid,
    log,
    alive: () => !exited,
    output: () => readFileSync(log, "utf8"),
    async stop() {
      if (exited) return;
      try {
        process.kill(-pid, "SIGTERM");
      } catch {
        return;
      }
      const deadline = Date.now() + 5_000;
      while (!exited && Date.now() < deadline) await sleep(100);
      if (!exited) {
        try {
          process.kill(-pid, "SIGKILL");
        } catch {
          // already gone
        }
      }
    },
  };
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`server ${options.name} exited during start-up; see ${log}:\n${server.output().slice(-2000)}`);
    try {
      const response = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      await response.body?.cancel();
      if (response.status === 200) return server;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  await server.stop();
  throw new Error(`server ${options.name} did not become healthy in 120 s; see ${log}`);
}

export function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/** Recreates, migrates and seeds a proof's database in a child process (scripts/proofs/prepare-database.ts). */
export function prepareDatabase(databaseUrl: string, adminUrl: string, baseUrl: string): void {
  const result = spawnSync(
    process.execPath,
    ["--conditions=react-server", "--import", "tsx", "scripts/proofs/prepare-database.ts", databaseUrl, adminUrl, baseUrl],
    { stdio: "inherit", env: { ...process.env, NODE_ENV: "production", CHECKPOINT_DISABLE: "1" } },
  );
  if (result.status !== 0) throw new Error(`preparing ${new URL(databaseUrl).pathname.slice(1)} failed`);
}
