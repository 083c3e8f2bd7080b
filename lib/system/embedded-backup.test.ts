import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { PrismaPGlite } from "pglite-prisma-adapter";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { pgliteMigrationConnection, openEmbeddedDatabase } from "../db/connections.ts";
import { databaseOn, type Database, type SqlQuery } from "../db/database.ts";
import { applyMigrations } from "../db/migrate.ts";
import { seedDemoData } from "../demo/seed-demo-data.ts";
import { seedMembershipRegister } from "../demo/seed-membership-register.ts";
import { PrismaClient } from "../generated/prisma/client.ts";
import { databaseContents, insertRowsWorthKeeping, type DatabaseContents } from "./backup-test-support.ts";
import { readArchive, writeTar } from "./embedded-backup-archive.ts";
import { createEmbeddedBackup } from "./embedded-backup-create.ts";
import { EmbeddedBackupError, embeddedFolder, type Holder } from "./embedded-backup-files.ts";
import { restoreEmbeddedBackup } from "./embedded-backup-restore.ts";
import { backUpOpenFolder, serveEmbeddedBackups } from "./embedded-backup.ts";
import { ensureBuiltIns } from "./ensure-built-ins.ts";

// npm run backup and npm run restore on the embedded database, on real data folders under a temporary
// directory: a folder migrated and filled with the demo calendar, the membership register, the built-in
// roles and client, and rows of the service tests' fixtures. Each backup is restored into a fresh folder and
// compared with the original table by table (backup-test-support.ts). "The server" is this process: it
// holds the original folder open, as the server does, and answers backup requests as the server does.

let root: string;
let dataDir: string;
let pglite: PGlite;
let prisma: PrismaClient;
let database: Database;
let original: DatabaseContents;

async function contentsOf(folder: string): Promise<DatabaseContents> {
  const copy = await openEmbeddedDatabase(folder);
  try {
    return await databaseContents(async (sql) => (await copy.query(sql)).rows as never);
  } finally {
    await copy.close();
  }
}

function folderIn(name: string): string {
  return path.join(root, name);
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(EmbeddedBackupError);
  return (error as EmbeddedBackupError).message;
}

function writeHolder(folder: string, holder: Holder): void {
  writeFileSync(embeddedFolder(folder).holderFile, JSON.stringify(holder));
}

/** A process id that no process has: one of a process that has ended. */
function endedProcessId(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  return child.pid as number;
}

beforeAll(async () => {
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", "http://localhost:3000");
  root = await mkdtemp(path.join(tmpdir(), "church-backup-test-"));
  dataDir = folderIn("data");
  pglite = await openEmbeddedDatabase(dataDir);
  await applyMigrations(pgliteMigrationConnection(pglite));
  prisma = new PrismaClient({ adapter: new PrismaPGlite(pglite) });
  const query: SqlQuery = async <Row>(text: string, params: readonly unknown[] = []) => (await pglite.query<Row>(text, params as unknown[])).rows;
  database = databaseOn(prisma, query);
  // A fixed first day: the same rows on every run.
  await seedDemoData(database, { today: "2026-03-02", eventCount: 150 });
  await seedMembershipRegister(database.query, { size: 600 });
  await ensureBuiltIns(database);
  await insertRowsWorthKeeping(database);
  original = await databaseContents(async (sql) => (await pglite.query(sql)).rows as never);
}, 180_000);

afterAll(async () => {
  await prisma?.$disconnect();
  if (pglite && !pglite.closed) await pglite.close();
  if (root) await rm(root, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe("the backup's contents", () => {
  it("hold every table of the original, _prisma_migrations included, each with rows", () => {
    expect(Object.keys(original.tables)).toContain("_prisma_migrations");
    for (const table of ["_prisma_migrations", "campus", "event", "membership_record", "role", "account", "session", "oauth_grant", "client"]) {
      expect(original.tables[table], table).toMatch(/^[1-9]\d* [0-9a-f]{32}$/);
    }
  });
});

describe("npm run backup while the server runs", () => {
  it("is written by the server, in its process, and restores to a copy equal table by table", async () => {
    const server = serveEmbeddedBackups(dataDir, database, { pollMilliseconds: 20 });
    try {
      const holder = JSON.parse(readFileSync(embeddedFolder(dataDir).holderFile, "utf8")) as Holder;
      expect(holder).toMatchObject({ pid: process.pid, role: "server" });

      const out = folderIn("backups/live.tar.gz");
      const backup = await createEmbeddedBackup({ dataDir, out, pollMilliseconds: 20 });
      expect(backup).toMatchObject({ file: out, madeBy: { pid: process.pid, role: "server" }, postgresVersion: "18" });
      expect(statSync(out).mode & 0o777).toBe(0o600);
      // Nothing left beside it or beside the folder: no part file, no request, no answer.
      expect(readdirSync(path.dirname(out))).toEqual(["live.tar.gz"]);
      expect(readdirSync(root).filter((name) => name.startsWith("data."))).toEqual(["data.pid"]);

      const restored = await restoreEmbeddedBackup({ file: out, dataDir: folderIn("restored-live") });
      expect(restored.movedAside).toBeNull();
      expect(restored.migrations).toMatchObject({ current: true, pending: [] });
      expect(await contentsOf(folderIn("restored-live"))).toEqual(original);
    } finally {
      server.stop();
    }
    expect(existsSync(embeddedFolder(dataDir).holderFile)).toBe(false);
  }, 120_000);

  it("copies the folder between two statements: what was committed is in the copy, a transaction still open is not", async () => {
    // Committed just now, so most likely in the WAL only: no checkpoint runs before this copy.
    await pglite.query(`INSERT INTO role (name, description, permissions) VALUES ('backup-test-committed', 'committed', '{}')`);
    const committed = await databaseContents(async (sql) => (await pglite.query(sql)).rows as never);
    let copy: Buffer | undefined;
    await pglite.transaction(async (tx) => {
      await tx.query(`INSERT INTO role (name, description, permissions) VALUES ('backup-test-open', 'written, not committed', '{}')`);
      // As the server does it, minus the CHECKPOINT (which would wait for this transaction to end).
      copy = (await backUpOpenFolder(dataDir)).tarball;
    });
    const file = folderIn("mid-transaction.tar.gz");
    writeFileSync(file, copy as Buffer);
    await restoreEmbeddedBackup({ file, dataDir: folderIn("restored-mid-transaction") });
    // The copy rolled the open transaction back when it opened; the original has its row since the commit.
    expect(await contentsOf(folderIn("restored-mid-transaction"))).toEqual(committed);
    expect((await pglite.query(`SELECT name FROM role WHERE name LIKE 'backup-test-%' ORDER BY name`)).rows).toEqual([{ name: "backup-test-committed" }, { name: "backup-test-open" }]);
    await pglite.query(`DELETE FROM role WHERE name LIKE 'backup-test-%'`);
  }, 120_000);

  it("writes nowhere it was not meant to: inside the data folder, or over a file, the command and the server both refuse", async () => {
    const inside = path.join(dataDir, "backup.tar.gz");
    expect(await refusal(createEmbeddedBackup({ dataDir, out: inside }))).toContain("is inside the data folder");
    expect(existsSync(inside)).toBe(false);

    // A request the command would never write, straight to the server: it answers why not and writes nothing.
    const server = serveEmbeddedBackups(dataDir, database, { pollMilliseconds: 20 });
    const folder = embeddedFolder(dataDir);
    const existing = folderIn("backups/live.tar.gz");
    const before = readFileSync(existing);
    try {
      const requests = [
        { id: "a".repeat(24), file: `${inside}.part`, error: "inside the data folder" },
        { id: "b".repeat(24), file: existing, error: "must be an absolute path ending in .part" },
        { id: "c".repeat(24), file: folderIn("no-such-folder/x.part"), error: "does not exist" },
      ];
      for (const request of requests) {
        writeFileSync(folder.requestFile, JSON.stringify({ id: request.id, requester: process.pid, file: request.file }), { mode: 0o600 });
        await vi.waitFor(() => expect(existsSync(folder.answerFile(request.id))).toBe(true), { timeout: 5_000, interval: 20 });
        expect(JSON.parse(readFileSync(folder.answerFile(request.id), "utf8"))).toEqual({ id: request.id, ok: false, error: expect.stringContaining(request.error) });
        await rm(folder.answerFile(request.id));
      }
      expect(existsSync(`${inside}.part`)).toBe(false);
      expect(readFileSync(existing).equals(before)).toBe(true);
    } finally {
      server.stop();
    }
  });

  it("replaces, at start-up, a holder file that is not one; and removes its own when it stops", () => {
    writeFileSync(embeddedFolder(dataDir).holderFile, "left by something else\n");
    const server = serveEmbeddedBackups(dataDir, database);
    expect(JSON.parse(readFileSync(embeddedFolder(dataDir).holderFile, "utf8"))).toMatchObject({ pid: process.pid, role: "server" });
    server.stop();
    expect(existsSync(embeddedFolder(dataDir).holderFile)).toBe(false);
  });

  it("stops waiting when the server does not take the request, saying so", async () => {
    // A live process recorded as the server that never answers: this one, without serving.
    writeHolder(dataDir, { pid: process.pid, role: "server", since: new Date().toISOString() });
    try {
      const out = folderIn("backups/never.tar.gz");
      expect(await refusal(createEmbeddedBackup({ dataDir, out, timeoutMilliseconds: 300, pollMilliseconds: 20 }))).toContain("did not take the request");
      expect(existsSync(out)).toBe(false);
      expect(existsSync(embeddedFolder(dataDir).requestFile)).toBe(false);
    } finally {
      await rm(embeddedFolder(dataDir).holderFile, { force: true });
    }
  });
});

describe("npm run backup and npm run restore without a server", () => {
  it("dump the folder with PGlite's own dumpDataDir, restore it into a fresh folder, and the copy is equal table by table", async () => {
    await prisma.$disconnect();
    await pglite.close();
    // A crashed server's holder file names a process that has ended: it is stale, not a holder.
    writeHolder(dataDir, { pid: endedProcessId(), role: "server", since: new Date().toISOString() });
    const out = folderIn("backups/offline.tar.gz");
    const backup = await createEmbeddedBackup({ dataDir, out });
    expect(backup.madeBy).toBe("this command");
    expect(existsSync(embeddedFolder(dataDir).holderFile)).toBe(false);

    await restoreEmbeddedBackup({ file: out, dataDir: folderIn("restored-offline") });
    expect(await contentsOf(folderIn("restored-offline"))).toEqual(original);
  }, 120_000);

  it("restore refuses a folder that holds a database without --force; with it, moves that folder aside and restores", async () => {
    const target = folderIn("restored-offline");
    const out = folderIn("backups/offline.tar.gz");
    expect(await refusal(restoreEmbeddedBackup({ file: out, dataDir: target }))).toContain("is not empty: it holds a database. Run again with --force");

    const restored = await restoreEmbeddedBackup({ file: out, dataDir: target, force: true });
    expect(restored.movedAside).toMatch(/restored-offline\.before-restore-\d{8}T\d{6}Z$/);
    // The old folder is kept whole, and the new one is the backup.
    expect(await contentsOf(restored.movedAside as string)).toEqual(original);
    expect(await contentsOf(target)).toEqual(original);
    expect(statSync(target).mode & 0o777).toBe(0o700);
  }, 120_000);

  it("restore refuses while the server, or a backup, holds the folder, and changes nothing", async () => {
    const target = folderIn("restored-live");
    const before = readdirSync(target).sort();
    const out = folderIn("backups/offline.tar.gz");
    writeHolder(target, { pid: process.pid, role: "server", since: new Date().toISOString() });
    expect(await refusal(restoreEmbeddedBackup({ file: out, dataDir: target, force: true }))).toBe(
      `the server (pid ${process.pid}) is running on ${target}. Stop it, run npm run restore again, then start it. Nothing was changed.`,
    );
    writeHolder(target, { pid: process.pid, role: "backup", since: new Date().toISOString() });
    expect(await refusal(restoreEmbeddedBackup({ file: out, dataDir: target, force: true }))).toContain(`npm run backup (pid ${process.pid}) is using ${target}`);
    expect(await refusal(createEmbeddedBackup({ dataDir: target, out: folderIn("backups/busy.tar.gz") }))).toContain(`npm run backup (pid ${process.pid}) is using`);
    await rm(embeddedFolder(target).holderFile);
    expect(readdirSync(target).sort()).toEqual(before);
    expect(readdirSync(root).filter((name) => name.startsWith("restored-live."))).toEqual([]);
  });

  it("restore refuses what is not a whole backup, before touching the folder", async () => {
    const target = folderIn("never-created");
    const cases: [string, Uint8Array, string][] = [
      ["text", Buffer.from("not a backup\n"), "too short to be a tar archive"],
      ["cut short", readFileSync(folderIn("backups/offline.tar.gz")).subarray(0, 100_000), "does not unzip"],
      ["another folder", writeTar([{ name: "notes.txt", type: "file", mode: 0o644, modifiedAt: 0, data: Buffer.from("hi") }]), "no PG_VERSION at its top"],
      ["climbing out", writeTar([{ name: "../PG_VERSION", type: "file", mode: 0o644, modifiedAt: 0, data: Buffer.from("18") }]), "points outside the data folder"],
    ];
    for (const [name, bytes, message] of cases) {
      const file = folderIn(`${name}.tar.gz`);
      writeFileSync(file, bytes);
      expect(await refusal(restoreEmbeddedBackup({ file, dataDir: target })), name).toContain(message);
    }
    expect(await refusal(restoreEmbeddedBackup({ file: folderIn("missing.tar.gz"), dataDir: target }))).toContain("no such file");
    expect(existsSync(target)).toBe(false);
  });

  it("backup refuses a folder without a database, and a file that exists", async () => {
    mkdirSync(folderIn("empty"));
    expect(await refusal(createEmbeddedBackup({ dataDir: folderIn("empty"), out: folderIn("backups/empty.tar.gz") }))).toContain("no embedded database in");
    expect(readdirSync(folderIn("empty"))).toEqual([]);
    expect(await refusal(createEmbeddedBackup({ dataDir, out: folderIn("backups/offline.tar.gz") }))).toContain("exists already");
  });
});

describe("the archive format", () => {
  it("reads back what it writes, in either form, with names made relative", async () => {
    const entries = [
      { name: "PG_VERSION", type: "file" as const, mode: 0o600, modifiedAt: 1_700_000_000, data: Buffer.from("18\n") },
      { name: "global", type: "directory" as const, mode: 0o700, modifiedAt: 1_700_000_000, data: new Uint8Array(0) },
      { name: "global/pg_control", type: "file" as const, mode: 0o600, modifiedAt: 1_700_000_000, data: new Uint8Array(8192).fill(7) },
    ];
    const tar = writeTar(entries);
    expect(tar.length % 512).toBe(0);
    const archive = await readArchive(tar);
    expect(archive.postgresVersion).toBe("18");
    expect(archive.entries.map((entry) => [entry.name, entry.type, entry.data.length])).toEqual([
      ["PG_VERSION", "file", 3],
      ["global", "directory", 0],
      ["global/pg_control", "file", 8192],
    ]);
    // PGlite's own dumps name entries from the root ("/PG_VERSION"); they read the same.
    const rooted = writeTar(entries.map((entry) => ({ ...entry, name: `/${entry.name}` })));
    expect((await readArchive(rooted)).entries.map((entry) => entry.name)).toEqual(["PG_VERSION", "global", "global/pg_control"]);
  });
});
