import { execFile } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { PrismaPg } from "@prisma/adapter-pg";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { withPostgresMigrationConnection } from "../db/connections.ts";
import { databaseOn, type SqlQuery } from "../db/database.ts";
import { applyMigrations } from "../db/migrate.ts";
import { seedDemoData } from "../demo/seed-demo-data.ts";
import { seedMembershipRegister } from "../demo/seed-membership-register.ts";
import { PrismaClient } from "../generated/prisma/client.ts";
import { databaseContents, insertRowsWorthKeeping, type DatabaseContents } from "./backup-test-support.ts";
import { ensureBuiltIns } from "./ensure-built-ins.ts";

// The PostgreSQL backup of docs/deployment.md#backups, done as written there: `pg_dump -Fc` of a migrated
// database filled with the demo calendar, the membership register, the built-in roles and client and the
// service tests' fixtures, then `pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction`
// into a second, empty database, compared table by table (_prisma_migrations included), sequence by sequence
// and index by index. Real PostgreSQL (the one the service tests and e2e use; SERVICE_TEST_DATABASE_URL names
// another); without it this test fails. Both databases have names of their own and are dropped after.

const execFileAsync = promisify(execFile);
const serverUrl = process.env.SERVICE_TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
const prefix = `backup_test_${randomBytes(6).toString("hex")}`;
const sourceName = `${prefix}_source`;
const restoredName = `${prefix}_restored`;

let admin: pg.Client;
let folder: string;
const created: string[] = [];

function urlOf(database: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
}

async function createDatabase(name: string): Promise<void> {
  await admin.query(`CREATE DATABASE ${name}`);
  created.push(name);
}

async function contentsOf(database: string): Promise<DatabaseContents> {
  const client = new pg.Client({ connectionString: urlOf(database) });
  await client.connect();
  try {
    return await databaseContents(async (sql) => (await client.query(sql)).rows);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", "http://localhost:3000");
  admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  folder = await mkdtemp(path.join(tmpdir(), "church-pg-backup-test-"));
  await createDatabase(sourceName);
  await withPostgresMigrationConnection(urlOf(sourceName), (connection) => applyMigrations(connection));
  const pool = new pg.Pool({ connectionString: urlOf(sourceName), max: 4 });
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  try {
    const query: SqlQuery = async <Row>(text: string, params: readonly unknown[] = []) => (await pool.query(text, params as unknown[])).rows as Row[];
    const database = databaseOn(prisma, query);
    // A fixed first day: the same rows on every run.
    await seedDemoData(database, { today: "2026-03-02", eventCount: 150 });
    await seedMembershipRegister(database.query, { size: 600 });
    await ensureBuiltIns(database);
    await insertRowsWorthKeeping(database);
  } finally {
    await prisma.$disconnect();
    await pool.end();
  }
}, 180_000);

afterAll(async () => {
  for (const name of created) await admin?.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await admin?.end();
  if (folder) await rm(folder, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe("pg_dump -Fc and pg_restore", () => {
  it("restore into an empty database a copy equal to the original, table by table, sequence by sequence, index by index", async () => {
    const dump = path.join(folder, "church.dump");
    await execFileAsync("pg_dump", ["--format=custom", `--file=${dump}`, `--dbname=${urlOf(sourceName)}`]);
    expect((await stat(dump)).size).toBeGreaterThan(0);

    await createDatabase(restoredName);
    // Exits non-zero on any error, and then (one transaction) leaves nothing half restored.
    await execFileAsync("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", `--dbname=${urlOf(restoredName)}`, dump]);

    const original = await contentsOf(sourceName);
    for (const table of ["_prisma_migrations", "campus", "event", "membership_record", "role", "account", "session", "oauth_grant", "client"]) {
      expect(original.tables[table], table).toMatch(/^[1-9]\d* [0-9a-f]{32}$/);
    }
    expect(original.schema).toContain("extension pg_trgm");
    expect(await contentsOf(restoredName)).toEqual(original);
  }, 120_000);

  it("restore over a database that has rows (--clean), as after a bad change, and the copy is the backup again", async () => {
    const dump = path.join(folder, "church.dump");
    const client = new pg.Client({ connectionString: urlOf(restoredName) });
    await client.connect();
    try {
      await client.query(`DELETE FROM event WHERE id IN (SELECT id FROM event ORDER BY id LIMIT 10)`);
      await client.query(`UPDATE role SET description = 'changed after the backup'`);
    } finally {
      await client.end();
    }
    const original = await contentsOf(sourceName);
    expect(await contentsOf(restoredName)).not.toEqual(original);
    await execFileAsync("pg_restore", ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", `--dbname=${urlOf(restoredName)}`, dump]);
    expect(await contentsOf(restoredName)).toEqual(original);
  }, 120_000);
});
