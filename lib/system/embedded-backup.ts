import "server-only";
import { createHash } from "node:crypto";
import { existsSync, lstatSync, readFileSync, statSync, unlinkSync } from "node:fs";
import path from "node:path";
import type { SqlQuery } from "../db/database.ts";
import { describeError, logLine } from "../log/json-log.ts";
import { gzipTar, snapshotFolder, writeTar } from "./embedded-backup-archive.ts";
import {
  claimFolderForServer,
  describeHolder,
  embeddedFolder,
  isInside,
  REQUEST_ID_PATTERN,
  writeNewPrivateFile,
  writePrivateJson,
  type BackupAnswer,
  type BackupRequest,
  type EmbeddedFolder,
} from "./embedded-backup-files.ts";

/**
 * The running server's half of `npm run backup` on the embedded database (the command's half:
 * lib/system/embedded-backup-create.ts). The server holds the data folder in its own process: a second
 * PGlite on it would see other data, and copying the folder's files from outside while the server writes
 * gives a torn copy. So the copy is made here, inside the process that owns the folder:
 *
 * 1. At start-up the server records itself as the folder's holder: `<folder>.pid` (embedded-backup-files.ts),
 *    removed when it exits. That file is how the commands know a server has the folder.
 * 2. `npm run backup` writes a request, `<folder>.backup-request` (mode 0600, created only if there is none),
 *    naming a new file beside the backup it will publish. No signal is sent: a pid file left by a crashed
 *    server may name an unrelated process by now, and a signal could end it. The server looks for the request
 *    once a second instead (a stat of one path).
 * 3. The server takes the request (removes it), runs CHECKPOINT, so the data files are current and opening the
 *    copy replays little WAL, and copies the folder in one synchronous pass: no statement of its PGlite runs
 *    meanwhile (embedded-backup-archive.ts says why that is as consistent as PGlite's own `dumpDataDir`).
 *    It writes the gzipped tarball to the named file (0600, never over an existing file), flushed to disk,
 *    then its answer (size and SHA-256, or what went wrong) to `<folder>.backup-answer-<id>`.
 * 4. The command checks the file against the answer, reads it through, and moves it to its final name.
 *
 * Only a request file owned by the server's own user is taken; the file it names must be new, absolute, end
 * in `.part` and lie outside the data folder. One backup at a time; the copy is held in memory meanwhile.
 */

export interface BackupService {
  stop(): void;
}

const DEFAULT_POLL_MILLISECONDS = 1000;
/** On globalThis, as lib/db.ts keeps its handle: a `next dev` reload must not start a second poller. */
const RUNNING_KEY = Symbol.for("church.embedded-backup-services");
const running: Map<string, BackupService> = ((globalThis as typeof globalThis & { [RUNNING_KEY]?: Map<string, BackupService> })[RUNNING_KEY] ??= new Map());

export interface ServeOptions {
  /** How often to look for a request; default once a second. */
  pollMilliseconds?: number;
}

/**
 * Called once at start-up (instrumentation-node.ts) when the database is the embedded one, with the
 * process's database handle (for CHECKPOINT; without one the copy is made without it).
 */
export function serveEmbeddedBackups(dataDir: string, database?: { query: SqlQuery }, options: ServeOptions = {}): BackupService {
  const folder = embeddedFolder(dataDir);
  const existing = running.get(folder.dataDir);
  if (existing) return existing;
  let claim: ReturnType<typeof claimFolderForServer>;
  try {
    claim = claimFolderForServer(folder);
  } catch (error) {
    // The server serves without backups rather than not at all (a read-only parent folder, say).
    logLine("error", "embedded backups not served", { folder: folder.dataDir, ...describeError(error) });
    return { stop() {} };
  }
  if ("heldBy" in claim) {
    logLine("error", "embedded database opened by two processes", {
      folder: folder.dataDir,
      detail: `${describeHolder(claim.heldBy)} has this folder open, yet this server opened it too: two processes on one folder see different data. Stop this server and start it again once that command has finished. Backups are not served meanwhile.`,
    });
    return { stop() {} };
  }
  let busy = false;
  const poll = async () => {
    if (busy) return;
    const text = takeRequest(folder);
    if (text === null) return;
    busy = true;
    try {
      await answerRequest(folder, text, database);
    } finally {
      busy = false;
    }
  };
  // Never an unhandled rejection: that would end the server.
  const timer = setInterval(() => void poll().catch((error: unknown) => logLine("error", "embedded backup request failed", describeError(error))), options.pollMilliseconds ?? DEFAULT_POLL_MILLISECONDS);
  timer.unref();
  const onExit = () => claim.release();
  process.once("exit", onExit);
  const service: BackupService = {
    stop() {
      clearInterval(timer);
      process.off("exit", onExit);
      claim.release();
      running.delete(folder.dataDir);
    },
  };
  running.set(folder.dataDir, service);
  return service;
}

/** The request's text, once removed from the folder's side; null when there is none or it is not to be taken. */
function takeRequest(folder: EmbeddedFolder): string | null {
  let text: string;
  try {
    const stats = lstatSync(folder.requestFile);
    const uid = process.getuid?.();
    if (!stats.isFile() || (uid !== undefined && stats.uid !== uid)) {
      logLine("warn", "embedded backup request ignored", { file: folder.requestFile, reason: "not a plain file owned by the server's user" });
      unlinkSync(folder.requestFile);
      return null;
    }
    text = readFileSync(folder.requestFile, "utf8");
    unlinkSync(folder.requestFile);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") logLine("warn", "embedded backup request unreadable", describeError(error));
    return null;
  }
  return text;
}

function parseRequest(text: string): BackupRequest | null {
  try {
    const value = JSON.parse(text) as Partial<BackupRequest>;
    if (typeof value.id !== "string" || !REQUEST_ID_PATTERN.test(value.id) || typeof value.file !== "string") return null;
    return { id: value.id, file: value.file, requester: Number(value.requester) };
  } catch {
    return null;
  }
}

/** Why the server will not write to `file`, or null when it may. */
function refusalOf(folder: EmbeddedFolder, file: string): string | null {
  if (!path.isAbsolute(file) || !file.endsWith(".part")) return "the file to write must be an absolute path ending in .part";
  if (isInside(folder.dataDir, file)) return "the file to write is inside the data folder";
  if (existsSync(file)) return `${file} exists already`;
  try {
    if (!statSync(path.dirname(file)).isDirectory()) return `${path.dirname(file)} is not a folder`;
  } catch {
    return `${path.dirname(file)} does not exist`;
  }
  return null;
}

async function answerRequest(folder: EmbeddedFolder, text: string, database: { query: SqlQuery } | undefined): Promise<void> {
  const request = parseRequest(text);
  if (!request) {
    logLine("warn", "embedded backup request ignored", { file: folder.requestFile, reason: "not a request this version wrote" });
    return;
  }
  const started = performance.now();
  let answer: BackupAnswer;
  let timings: { pausedMilliseconds: number; checkpointMilliseconds: number } | undefined;
  const refusal = refusalOf(folder, request.file);
  if (refusal) {
    answer = { id: request.id, ok: false, error: refusal };
  } else {
    try {
      const { tarball, pausedMilliseconds, checkpointMilliseconds } = await backUpOpenFolder(folder.dataDir, database);
      timings = { pausedMilliseconds, checkpointMilliseconds };
      writeNewPrivateFile(request.file, tarball);
      const milliseconds = Math.round(performance.now() - started);
      answer = { id: request.id, ok: true, bytes: tarball.length, sha256: createHash("sha256").update(tarball).digest("hex"), milliseconds };
    } catch (error) {
      answer = { id: request.id, ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  if (answer.ok) logLine("info", "embedded backup written", { file: request.file, bytes: answer.bytes, milliseconds: answer.milliseconds, ...timings, requester: request.requester });
  else logLine("warn", "embedded backup failed", { file: request.file, reason: answer.error, requester: request.requester });
  try {
    writePrivateJson(folder.answerFile(request.id), answer);
  } catch (error) {
    logLine("warn", "embedded backup answer not written", describeError(error));
  }
}

/**
 * The gzipped tarball of a data folder this process holds open (or that nobody does), and how long the
 * process stood still while the folder was read (every request waits that long).
 */
export async function backUpOpenFolder(dataDir: string, database?: { query: SqlQuery }): Promise<{ tarball: Buffer; pausedMilliseconds: number; checkpointMilliseconds: number }> {
  const checkpointStarted = performance.now();
  if (database) {
    // Not needed for consistency (recovery replays the WAL); it only makes the copy quicker to open.
    await database.query("CHECKPOINT").catch((error: unknown) => logLine("warn", "checkpoint before embedded backup failed", describeError(error)));
  }
  const checkpointMilliseconds = Math.round(performance.now() - checkpointStarted);
  // One synchronous pass: nothing else of this thread (PGlite included) runs until it returns.
  const started = performance.now();
  const entries = snapshotFolder(dataDir);
  const pausedMilliseconds = Math.round(performance.now() - started);
  return { tarball: await gzipTar(writeTar(entries)), pausedMilliseconds, checkpointMilliseconds };
}
