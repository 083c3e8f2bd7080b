/**
 * The benchmark's embedded database: a PGlite folder (what `npm run demo` and a server without DATABASE_URL
 * use, lib/db.ts), created, migrated and seeded with the same demo events as church_bench. lib/db.ts opens
 * one database per process and reads its configuration once, so the work runs in a child process: this
 * file run as a script (`node --import tsx bench/embedded-dataset.ts seed|facts <dir> [events today]`).
 */
import { spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { BENCH_APP_SECRET, readDatasetWith, type DatasetFacts, type SeedReport } from "./dataset.ts";

/** Inside the project's git-ignored .data, never the demo's own folder. */
export const EMBEDDED_DATA_DIR = path.join(".data", "bench-pglite");

interface ChildAnswer {
  seed: SeedReport | null;
  dataset: DatasetFacts;
}

function runChild(args: string[]): ChildAnswer {
  const result = spawnSync(process.execPath, ["--import", "tsx", path.join("bench", "embedded-dataset.ts"), ...args], {
    stdio: ["ignore", "pipe", "inherit"],
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, DATABASE_URL: "", PGLITE_DATA_DIR: args[1], APP_SECRET: BENCH_APP_SECRET, SEED_DEMO_DATA: "false" },
  });
  if (result.status !== 0) throw new Error(`the embedded database's ${args[0]} failed (${result.error?.message ?? `exit ${result.status ?? result.signal}`}): ${result.stdout}`);
  const last = result.stdout.trim().split("\n").at(-1) ?? "";
  return JSON.parse(last) as ChildAnswer;
}

/** Deletes `dir`, creates the embedded database there, migrates and seeds it like church_bench, ANALYZEs it. */
export function recreateAndSeedEmbedded(dir: string, eventCount: number, today: string): ChildAnswer {
  return runChild(["seed", dir, String(eventCount), today]);
}

/** The scenarios' facts from an existing embedded database (--skip-seed). */
export function readEmbeddedDataset(dir: string): DatasetFacts {
  return runChild(["facts", dir]).dataset;
}

async function child(): Promise<void> {
  const [command, dir, events, today] = process.argv.slice(2);
  if ((command !== "seed" && command !== "facts") || !dir) throw new Error("usage: embedded-dataset.ts seed|facts <dir> [events today]");
  if (command === "seed") rmSync(dir, { recursive: true, force: true });
  const { closeDatabase, database: openDatabase } = await import("../lib/db.ts");
  const database = await openDatabase();
  try {
    let seed: SeedReport | null = null;
    if (command === "seed") {
      const { seedDemoData } = await import("../lib/demo/seed-demo-data.ts");
      const started = performance.now();
      const counts = await seedDemoData(database, { today, eventCount: Number(events) });
      await database.query("ANALYZE");
      seed = { today: today!, seconds: (performance.now() - started) / 1000, counts, migrations: [] };
    }
    const dataset = await readDatasetWith((text) => database.query(text));
    console.log(JSON.stringify({ seed, dataset } satisfies ChildAnswer));
  } finally {
    await closeDatabase();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.dirname, "embedded-dataset.ts")) {
  await child();
}
