import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import pg from "pg";
import { withPostgresMigrationConnection } from "../../lib/db/connections.ts";
import { applyMigrations } from "../../lib/db/migrate.ts";
import { ADMIN_DATABASE_URL, TEST_APP_SECRET, TEST_DATABASE_URL } from "./test-env.ts";
import { SERVER_NODE_OPTIONS } from "../../server/node-options.ts";

/**
 * A production server of its own, on a database of its own, for tests that must break something (a missing
 * migration, an unreachable database) without touching the shared test server or database.
 */

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address === "string") throw new Error("no port");
  return address.port;
}

/**
 * `<test database>_<suffix>`, created afresh and migrated; answers its connection string. A church whose setup
 * is done unless `setUp: false` (issue 39): its pages are the product's, not the "being set up" notice, though
 * it has no administrator.
 */
export async function createScratchDatabase(suffix: string, { setUp = true }: { setUp?: boolean } = {}): Promise<string> {
  const url = new URL(TEST_DATABASE_URL);
  const name = `${url.pathname.slice(1)}_${suffix}`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  url.pathname = `/${name}`;
  await withPostgresMigrationConnection(url.toString(), (connection) => applyMigrations(connection));
  if (setUp) {
    const scratch = new pg.Client({ connectionString: url.toString() });
    await scratch.connect();
    try {
      await scratch.query(`UPDATE church_settings SET setup_completed_at = now() WHERE id = 1`);
    } finally {
      await scratch.end();
    }
  }
  return url.toString();
}

export async function dropScratchDatabase(connectionString: string): Promise<void> {
  const name = new URL(connectionString).pathname.slice(1);
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

export interface ScratchServer {
  baseUrl: string;
  output(): string;
  stop(): Promise<void>;
}

const APP_VARIABLES = new Set(["APP_SECRET", "DATABASE_URL", "PGLITE_DATA_DIR", "BASE_URL", "CALENDAR_URL", "ASSET_URL", "PORT", "TRUSTED_PROXIES"]);

/** Raised when the chosen port was taken between picking it and listening on it. */
class PortTakenError extends Error {}

/**
 * Starts .next-server/main.mjs and waits until it answers /api/v1/system/health (liveness, no database).
 * The port is a free one picked just before; should another process take it first, another is picked.
 */
export async function startScratchServer(env: Record<string, string>): Promise<ScratchServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startScratchServerOnce(env);
    } catch (error) {
      if (!(error instanceof PortTakenError) || attempt >= 5) throw error;
    }
  }
}

async function startScratchServerOnce(env: Record<string, string>): Promise<ScratchServer> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let output = "";
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !APP_VARIABLES.has(name)));
  // Its own process group, so stopping it stops everything it started.
  const child: ChildProcess = spawn(process.execPath, [...SERVER_NODE_OPTIONS, ".next-server/main.mjs"], {
    env: { ...inherited, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", HOST: "127.0.0.1", PORT: String(port), APP_SECRET: TEST_APP_SECRET, BASE_URL: baseUrl, ...env },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  const stop = async () => {
    if (child.pid !== undefined && child.exitCode === null) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        // already gone
      }
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
  };
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      if (output.includes("EADDRINUSE")) throw new PortTakenError(`port ${port} was taken`);
      throw new Error(`the scratch server exited:\n${output}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/v1/system/health`)).ok) return { baseUrl, output: () => output, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`the scratch server did not start:\n${output}`);
}
