import "server-only";
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * Who holds the embedded database's folder: only one process may open it (two PGlite instances on one folder
 * both open and see different data). The holder writes a small file beside the folder, `<folder>.pid`
 * (`.data/pglite.pid`), naming its process and what it is: the server (lib/system/embedded-backup.ts, at
 * start-up), or `npm run backup` / `npm run restore` while they have the folder open themselves. A file whose
 * process is gone (a crash, a kill -9) is stale: the next holder replaces it.
 *
 * Beside it, `<folder>.backup-request` and `<folder>.backup-answer-<id>` carry a backup request to a running
 * server and its answer (lib/system/embedded-backup.ts). Every file here is written mode 0600.
 */

export type HolderRole = "server" | "backup" | "restore";

export interface Holder {
  pid: number;
  role: HolderRole;
  /** When it took the folder, ISO 8601; for messages only. */
  since: string;
}

export interface EmbeddedFolder {
  /** The data folder, absolute. */
  dataDir: string;
  holderFile: string;
  requestFile: string;
  answerFile(id: string): string;
}

export function embeddedFolder(dataDir: string): EmbeddedFolder {
  const absolute = path.resolve(dataDir);
  return {
    dataDir: absolute,
    holderFile: `${absolute}.pid`,
    requestFile: `${absolute}.backup-request`,
    answerFile: (id) => `${absolute}.backup-answer-${id}`,
  };
}

/** A refusal the command prints as it is: what stopped it and what to do. */
export class EmbeddedBackupError extends Error {
  override name = "EmbeddedBackupError";
}

const ROLES: readonly HolderRole[] = ["server", "backup", "restore"];

/** Whether a process with this id runs (on this machine, as any user). */
export function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The holder file's content; null when there is none. Throws EmbeddedBackupError for a file that is not one. */
export function readHolder(folder: EmbeddedFolder): Holder | null {
  let text: string;
  try {
    text = readFileSync(folder.holderFile, "utf8");
  } catch (error) {
    if (errorCode(error) === "ENOENT") return null;
    throw error;
  }
  try {
    const parsed = JSON.parse(text) as Partial<Holder>;
    if (Number.isInteger(parsed.pid) && (parsed.pid ?? 0) > 0 && ROLES.includes(parsed.role as HolderRole)) {
      return { pid: parsed.pid as number, role: parsed.role as HolderRole, since: String(parsed.since ?? "") };
    }
  } catch {
    // Not JSON: reported below.
  }
  throw new EmbeddedBackupError(`${folder.holderFile} is not a holder file this version wrote. If no server or backup runs on ${folder.dataDir}, remove it and try again.`);
}

/** The holder, if its process still runs. */
export function liveHolder(folder: EmbeddedFolder): Holder | null {
  const holder = readHolder(folder);
  return holder && processIsAlive(holder.pid) ? holder : null;
}

/** "the server (pid 123)", "npm run backup (pid 456)". */
export function describeHolder(holder: Holder): string {
  return holder.role === "server" ? `the server (pid ${holder.pid})` : `npm run ${holder.role} (pid ${holder.pid})`;
}

function holderText(role: HolderRole): string {
  return `${JSON.stringify({ pid: process.pid, role, since: new Date().toISOString() } satisfies Holder)}\n`;
}

export interface Claim {
  /** Removes the holder file if it still names this process. */
  release(): void;
}

function releaser(folder: EmbeddedFolder): Claim {
  return {
    release() {
      try {
        if (readHolder(folder)?.pid === process.pid) unlinkSync(folder.holderFile);
      } catch {
        // Already gone, or replaced by someone else's: leave it.
      }
    },
  };
}

/**
 * Takes the folder for a command (backup or restore): creates the holder file only if there is none (a
 * stale one is replaced). Answers the live holder instead when another process has it.
 */
export function claimFolder(folder: EmbeddedFolder, role: Exclude<HolderRole, "server">): Claim | { heldBy: Holder } {
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      writeFileSync(folder.holderFile, holderText(role), { flag: "wx", mode: 0o600 });
      return releaser(folder);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw error;
    }
    const holder = readHolder(folder);
    if (holder && processIsAlive(holder.pid)) return { heldBy: holder };
    try {
      unlinkSync(folder.holderFile);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw error;
    }
  }
  throw new EmbeddedBackupError(`could not take ${folder.holderFile}: other processes keep writing it`);
}

/**
 * Records the server as the folder's holder (it has opened the folder already). Answers the other live
 * holder, and writes nothing, when a backup or restore command has the folder.
 */
export function claimFolderForServer(folder: EmbeddedFolder): Claim | { heldBy: Holder } {
  let current: Holder | null;
  try {
    current = readHolder(folder);
  } catch (error) {
    // Not a holder file: the server, which has the folder open, replaces it.
    if (!(error instanceof EmbeddedBackupError)) throw error;
    current = null;
  }
  if (current && current.pid !== process.pid && processIsAlive(current.pid)) return { heldBy: current };
  // Written aside and renamed over: a reader never sees half a file.
  const staged = `${folder.holderFile}.${process.pid}`;
  writeFileSync(staged, holderText("server"), { mode: 0o600 });
  renameSync(staged, folder.holderFile);
  return releaser(folder);
}

/** What `npm run backup` asks a running server for. */
export interface BackupRequest {
  /** Names the answer file: hex only. */
  id: string;
  /** The asking process, for the server's log. */
  requester: number;
  /** Where the server writes the tarball: absolute, ends with `.part`, must not exist yet. */
  file: string;
}

export type BackupAnswer = { id: string; ok: true; bytes: number; sha256: string; milliseconds: number } | { id: string; ok: false; error: string };

export const REQUEST_ID_PATTERN = /^[0-9a-f]{16,64}$/;

/**
 * Writes a new file, mode 0600 (a backup holds password hashes and sealed secrets), never over an existing
 * one, and flushes it to the disk before answering.
 */
export function writeNewPrivateFile(file: string, data: Uint8Array): void {
  const descriptor = openSync(file, "wx", 0o600);
  try {
    writeFileSync(descriptor, data);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}

/** `20261127T165043Z`: a UTC time for file names, sortable, without characters some file systems refuse. */
export function utcStamp(date: Date): string {
  return date.toISOString().replace(/\.\d+Z$/, "Z").replace(/[-:]/g, "");
}

/** Whether `file` is `folder` or inside it. */
export function isInside(folder: string, file: string): boolean {
  const relative = path.relative(folder, file);
  return relative === "" || (relative !== ".." && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative));
}

/** Writes a JSON file atomically, mode 0600: to a name of its own first, then renamed into place. */
export function writePrivateJson(file: string, value: unknown): void {
  const staged = `${file}.${process.pid}.tmp`;
  writeFileSync(staged, `${JSON.stringify(value)}\n`, { mode: 0o600 });
  renameSync(staged, file);
}
