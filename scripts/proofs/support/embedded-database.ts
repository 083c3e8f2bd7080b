/**
 * A proof's embedded database: a PGlite folder (what a server without DATABASE_URL runs on, lib/db.ts),
 * made the way prepare-database.ts makes a proof's PostgreSQL one: the folder deleted, then created and
 * migrated by lib/db.ts itself, and seeded by the same seeds (the demo calendar from tomorrow, the demo
 * accounts and clients, the membership register; e2e/support/seeded-database.ts).
 *
 * lib/db.ts opens one database per process and reads DATABASE_URL, PGLITE_DATA_DIR, APP_SECRET and BASE_URL
 * once, and two processes must never have one folder open: so this runs in a process of its own (one that
 * has opened no database), before the proof's server starts on the folder and after that process has closed
 * it. `runInChildProcess` starts such a process, as prepareDatabase (servers.ts) does for PostgreSQL.
 */
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";

/** Plain SQL on the open folder: rows as objects. */
export type EmbeddedQuery = <Row>(text: string, params?: readonly unknown[]) => Promise<Row[]>;

export interface SeededEmbeddedDatabase {
  query: EmbeddedQuery;
  summary: string;
  /** Closes the folder: the server may open it once this process has closed it. */
  close(): Promise<void>;
}

/**
 * Deletes `dataDir`, then creates, migrates and seeds the embedded database there. Only in a process that has
 * opened no database yet (the environment it sets is read once), with the "react-server" export condition.
 */
export async function openSeededEmbeddedDatabase(options: { dataDir: string; appSecret: string; baseUrl: string }): Promise<SeededEmbeddedDatabase> {
  const absolute = path.resolve(options.dataDir);
  // Only ever a proof's own folder inside the project's git-ignored .data.
  if (!absolute.startsWith(path.resolve(".data") + path.sep) || !/proofs/.test(path.basename(absolute))) {
    throw new Error(`refusing to recreate ${absolute}: a proof's embedded folder is .data/<name with "proofs">`);
  }
  rmSync(absolute, { recursive: true, force: true });
  mkdirSync(path.dirname(absolute), { recursive: true });
  process.env.DATABASE_URL = "";
  process.env.PGLITE_DATA_DIR = absolute;
  process.env.APP_SECRET = options.appSecret;
  process.env.BASE_URL = options.baseUrl;
  process.env.SEED_DEMO_DATA = "false";
  const { closeDatabase, database: openDatabase } = await import("../../../lib/db.ts");
  const { seedDemoData } = await import("../../../lib/demo/seed-demo-data.ts");
  const { seedIdentityDemoData } = await import("../../../lib/demo/seed-identity.ts");
  const { seedMembershipRegister } = await import("../../../lib/demo/seed-membership-register.ts");
  const database = await openDatabase();
  const firstDay = new Date(Date.now() + 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  const counts = await seedDemoData(database, { today: firstDay });
  const identities = await seedIdentityDemoData(database);
  const register = await seedMembershipRegister(database.query);
  return {
    query: (text, params = []) => database.query(text, params),
    summary: `${counts.events} events from ${firstDay}, ${identities.accounts.length} demo accounts, ${register.records} membership records`,
    close: closeDatabase,
  };
}

/**
 * Runs `script` with `args` in a child process with the "react-server" export condition (the seeds import
 * `server-only`) and tsx, its output shown here; throws when it fails.
 */
export function runInChildProcess(script: string, args: string[], what: string): void {
  const result = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", script, ...args], {
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production", CHECKPOINT_DISABLE: "1" },
  });
  if (result.status !== 0) throw new Error(`${what} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`})`);
}
