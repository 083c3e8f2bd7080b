import "server-only";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { openEmbeddedDatabase } from "../db/connections.ts";
import { ArchiveError, readArchive } from "./embedded-backup-archive.ts";
import {
  claimFolder,
  describeHolder,
  EmbeddedBackupError,
  embeddedFolder,
  isInside,
  processIsAlive,
  writeNewPrivateFile,
  type BackupAnswer,
  type BackupRequest,
  type EmbeddedFolder,
  type Holder,
} from "./embedded-backup-files.ts";

/**
 * `npm run backup` on the embedded database (scripts/backup.ts): a gzipped tarball of its data folder that
 * `npm run restore` loads back.
 *
 * - While the server runs (its `<folder>.pid` names a live process), the server makes the copy, inside the
 *   process that owns the folder (lib/system/embedded-backup.ts); this side asks and waits.
 * - When no process holds the folder, this command takes it (writes the holder file), opens it with PGlite
 *   and writes `dumpDataDir("gzip")`.
 *
 * Either way the tarball is first written beside the target as `<out>.<id>.part`, checked (its SHA-256
 * against the server's answer, then read through as restore would read it), and only then given its name,
 * never over an existing file. A failed run leaves no file under the target's name.
 */

export interface CreateBackupOptions {
  dataDir: string;
  /** Where the backup goes; must not exist. Its folder is created (mode 0700) if missing. */
  out: string;
  /** How long to wait for a running server's answer; default 120 s. */
  timeoutMilliseconds?: number;
  /** How often to look for the answer; default 200 ms. */
  pollMilliseconds?: number;
}

export interface CreatedBackup {
  file: string;
  bytes: number;
  sha256: string;
  /** Who made the copy: the running server, or this command with the folder to itself. */
  madeBy: Holder | "this command";
  postgresVersion: string;
}

export async function createEmbeddedBackup(options: CreateBackupOptions): Promise<CreatedBackup> {
  const folder = embeddedFolder(options.dataDir);
  const out = path.resolve(options.out);
  if (existsSync(out)) throw new EmbeddedBackupError(`${out} exists already; a backup never overwrites a file. Name another with --out.`);
  if (isInside(folder.dataDir, out)) throw new EmbeddedBackupError(`${out} is inside the data folder ${folder.dataDir}; write the backup elsewhere.`);
  // Opening an empty or missing folder would create a new, empty database there: never back that up.
  if (!existsSync(path.join(folder.dataDir, "PG_VERSION"))) {
    throw new EmbeddedBackupError(`there is no embedded database in ${folder.dataDir} (no PG_VERSION): nothing to back up. PGLITE_DATA_DIR names the folder.`);
  }
  mkdirSync(path.dirname(out), { recursive: true, mode: 0o700 });
  const id = randomBytes(12).toString("hex");
  const part = `${out}.${id}.part`;
  try {
    let madeBy: CreatedBackup["madeBy"];
    let expected: { bytes: number; sha256: string } | null = null;
    const claim = claimFolder(folder, "backup");
    if ("heldBy" in claim) {
      if (claim.heldBy.role !== "server") throw new EmbeddedBackupError(`${describeHolder(claim.heldBy)} is using ${folder.dataDir}; try again when it has finished.`);
      expected = await askServer(folder, claim.heldBy, { id, requester: process.pid, file: part }, options);
      madeBy = claim.heldBy;
    } else {
      try {
        writeNewPrivateFile(part, await dumpClosedFolder(folder));
      } finally {
        claim.release();
      }
      madeBy = "this command";
    }
    const bytes = readFileSync(part);
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (expected && (expected.bytes !== bytes.length || expected.sha256 !== sha256)) {
      throw new EmbeddedBackupError(`the file the server wrote (${part}) is not what it reported: ${bytes.length} bytes, expected ${expected.bytes}. Try again.`);
    }
    let postgresVersion: string;
    try {
      postgresVersion = (await readArchive(bytes)).postgresVersion;
    } catch (error) {
      if (error instanceof ArchiveError) throw new EmbeddedBackupError(`the backup just written does not read back: ${error.message}.`);
      throw error;
    }
    publish(part, out);
    return { file: out, bytes: bytes.length, sha256, madeBy, postgresVersion };
  } finally {
    removeIfPresent(part);
  }
}

/** With the folder to ourselves: open it, as the server would, and let PGlite write its own tarball. */
async function dumpClosedFolder(folder: EmbeddedFolder): Promise<Uint8Array> {
  const pglite = await openEmbeddedDatabase(folder.dataDir);
  try {
    await pglite.query("CHECKPOINT");
    const dump = await pglite.dumpDataDir("gzip");
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await pglite.close();
  }
}

/** Hands the request to the running server and waits for its answer. */
async function askServer(folder: EmbeddedFolder, server: Holder, request: BackupRequest, options: CreateBackupOptions): Promise<{ bytes: number; sha256: string }> {
  const timeout = options.timeoutMilliseconds ?? 120_000;
  const seconds = Math.round(timeout / 1000);
  const deadline = Date.now() + timeout;
  const answerFile = folder.answerFile(request.id);
  try {
    await writeRequest(folder, request, deadline, options.pollMilliseconds ?? 200);
    for (;;) {
      const answer = readAnswer(answerFile);
      if (answer) {
        if (!answer.ok) throw new EmbeddedBackupError(`${describeHolder(server)} could not write the backup: ${answer.error}`);
        return answer;
      }
      if (!processIsAlive(server.pid)) throw new EmbeddedBackupError(`${describeHolder(server)} stopped before it answered. Run npm run backup again: without a server it opens the folder itself.`);
      if (Date.now() > deadline) {
        throw new EmbeddedBackupError(
          requestIsOurs(folder, request.id)
            ? `${describeHolder(server)} did not take the request within ${seconds} s. A server started before backups existed never does: restart it, or stop it and back up without it.`
            : `${describeHolder(server)} took the request but did not answer within ${seconds} s; its log says why. Try again with a longer --timeout.`,
        );
      }
      await sleep(options.pollMilliseconds ?? 200);
    }
  } finally {
    if (requestIsOurs(folder, request.id)) removeIfPresent(folder.requestFile);
    removeIfPresent(answerFile);
  }
}

/**
 * Puts the request in place whole (written under a name of its own, then hard-linked to the request's name,
 * which fails if one is there), so the server never reads half of one. While another backup command's
 * request waits for the server, waits its turn.
 */
async function writeRequest(folder: EmbeddedFolder, request: BackupRequest, deadline: number, pollMilliseconds: number): Promise<void> {
  const staged = `${folder.requestFile}.${request.id}`;
  writeFileSync(staged, `${JSON.stringify(request)}\n`, { flag: "wx", mode: 0o600 });
  try {
    for (;;) {
      try {
        linkSync(staged, folder.requestFile);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
      const waiting = readJson<Partial<BackupRequest>>(folder.requestFile);
      if (waiting && Number.isInteger(waiting.requester) && processIsAlive(waiting.requester as number)) {
        if (Date.now() > deadline) throw new EmbeddedBackupError(`another npm run backup (pid ${waiting.requester}) was still waiting for the server; try again when it has finished.`);
        await sleep(pollMilliseconds);
      } else {
        // Left by a backup command that is gone, or not a request at all: nobody waits for it.
        removeIfPresent(folder.requestFile);
      }
    }
  } finally {
    removeIfPresent(staged);
  }
}

function requestIsOurs(folder: EmbeddedFolder, id: string): boolean {
  return readJson<Partial<BackupRequest>>(folder.requestFile)?.id === id;
}

function readAnswer(file: string): BackupAnswer | null {
  return readJson<BackupAnswer>(file);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(readFileSync(file, "utf8")) as T;
  } catch {
    return null;
  }
}

/** Gives the checked file its name: a hard link fails rather than replace a file that appeared meanwhile. */
function publish(part: string, out: string): void {
  try {
    linkSync(part, out);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") throw new EmbeddedBackupError(`${out} appeared while the backup was made; nothing was written over it.`);
    // A file system without hard links: rename, having checked the name is free.
    if (existsSync(out)) throw new EmbeddedBackupError(`${out} appeared while the backup was made; nothing was written over it.`);
    renameSync(part, out);
  }
}

function removeIfPresent(file: string): void {
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
}
