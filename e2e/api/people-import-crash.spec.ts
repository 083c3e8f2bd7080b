import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { createScratchDatabase, dropScratchDatabase } from "../support/scratch-server.ts";
import { TEST_APP_SECRET } from "../support/test-env.ts";

// A people import killed mid-file (issue 40): `npm run import:people --yes` on 20,000 rows (40 batches) is killed with
// SIGKILL once its first batches have committed; the register then holds exactly the rows of the batches its
// progress counts (no half batch, no half row), and `--resume` (what cron runs) finishes it, every person
// exactly once. A real process, a real kill, real PostgreSQL.

test.describe.configure({ timeout: 240_000 });

const ROWS = 20_000;
const APP_VARIABLES = new Set(["APP_SECRET", "DATABASE_URL", "PGLITE_DATA_DIR", "BASE_URL", "CALENDAR_URL", "ASSET_URL", "PORT", "TRUSTED_PROXIES", "SEED_DEMO_DATA", "DEV_OUTBOX"]);
const inherited = (): Record<string, string | undefined> => Object.fromEntries(Object.entries(process.env).filter(([name]) => !APP_VARIABLES.has(name)));

async function scratchSql<Row extends pg.QueryResultRow>(connectionString: string, text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

test("killed between batches, an import leaves only whole batches, and --resume finishes it with everyone once", async ({}, testInfo) => {
  const database = await createScratchDatabase("import_crash");
  const folder = mkdtempSync(path.join(tmpdir(), "import-crash-"));
  try {
    const env: NodeJS.ProcessEnv = { ...inherited(), NODE_ENV: "production", APP_SECRET: TEST_APP_SECRET, BASE_URL: "http://127.0.0.1:9", DATABASE_URL: database, CHURCH_NAME: "Crash Test Chapel", CHURCH_COUNTRY: "US" };
    await scratchSql(database, `INSERT INTO account (email, given_name, family_name) VALUES ('office@crash.example', 'Olive', 'Office')`);
    const file = path.join(folder, "people.csv");
    const lines = ["Person ID,First Name,Last Name,Email"];
    for (let row = 1; row <= ROWS; row += 1) lines.push(`crash-${row},Person${row},Crashley,person${row}@crash.example`);
    writeFileSync(file, `${lines.join("\r\n")}\r\n`);

    const script = [process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/import-people.ts"]] as const;
    const child = spawn(script[0], [...script[1], "--as", "office@crash.example", file, "--yes"], { env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));

    // Killed as soon as a batch has committed and before the last has.
    let done = 0;
    await expect
      .poll(
        async () => {
          const [progress] = await scratchSql<{ rows_done: number }>(database, `SELECT rows_done FROM people_import ORDER BY created_at DESC LIMIT 1`);
          done = progress?.rows_done ?? 0;
          if (child.exitCode !== null) return "exited";
          return done > 0 ? "under way" : "waiting";
        },
        { timeout: 120_000, intervals: [20] },
      )
      .toBe("under way");
    child.kill("SIGKILL");
    await exited;
    await testInfo.attach("import:people output before the kill", { body: output, contentType: "text/plain" });

    const [stopped] = await scratchSql<{ status: string; rows_done: number }>(database, `SELECT status, rows_done FROM people_import ORDER BY created_at DESC LIMIT 1`);
    expect(stopped!.status).toBe("running");
    expect(stopped!.rows_done).toBeLessThan(ROWS);
    expect(stopped!.rows_done % 500).toBe(0);
    // Every committed batch whole, nothing of the one the kill cut.
    const [{ count: afterKill }] = (await scratchSql<{ count: number }>(database, `SELECT count(*)::int AS count FROM membership_record WHERE family_name = 'Crashley'`)) as [{ count: number }];
    expect(afterKill).toBe(stopped!.rows_done);

    // Its runner is gone: two minutes on, the scheduled job (or --resume) goes on from the last batch.
    await scratchSql(database, `UPDATE people_import SET heartbeat_at = now() - interval '5 minutes' WHERE status = 'running'`);
    const resumed = spawnSync(script[0], [...script[1], "--resume"], { env, encoding: "utf8", timeout: 180_000 });
    await testInfo.attach("import:people --resume output", { body: `${resumed.stdout}\n${resumed.stderr}`, contentType: "text/plain" });
    expect(resumed.status, resumed.stderr).toBe(0);
    expect(resumed.stdout).toContain("Resumed 1 stopped imports.");

    const [finished] = await scratchSql<{ status: string; rows_done: number; created_count: number }>(database, `SELECT status, rows_done, created_count FROM people_import ORDER BY created_at DESC LIMIT 1`);
    expect(finished).toEqual({ status: "done", rows_done: ROWS, created_count: ROWS });
    const people = await scratchSql<{ remote_id: string; copies: number }>(database, `SELECT remote_id, count(*)::int AS copies FROM membership_record WHERE family_name = 'Crashley' GROUP BY remote_id`);
    expect(people).toHaveLength(ROWS);
    expect(people.every((person) => person.copies === 1)).toBe(true);
  } finally {
    rmSync(folder, { recursive: true, force: true });
    await dropScratchDatabase(database);
  }
});
