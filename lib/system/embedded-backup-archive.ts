import "server-only";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { gunzip as gunzipCallback, gzip as gzipCallback } from "node:zlib";

/**
 * The embedded database's backups are tarballs of its data folder: PGlite's own `dumpDataDir` format (a ustar
 * archive of the folder, gzipped), which `new PGlite(folder, { loadDataDir })` loads back. This module writes
 * and reads that format, for the two things PGlite's API does not do for us:
 *
 * - a snapshot of the folder taken inside the server that holds it (lib/system/embedded-backup.ts), where
 *   this code cannot reach the server's PGlite instance. It does what `dumpDataDir` does: PGlite runs every
 *   statement synchronously on this thread and writes through to the folder's files as it goes (NODEFS),
 *   so reading the whole folder in one synchronous pass sees it between two statements, as a crash would
 *   leave it. PostgreSQL's recovery, run when the copy is opened, makes it consistent: committed
 *   transactions are in it, one still open is rolled back. `postmaster.pid` is left out;
 * - checking a backup before anything is restored from it: every header's checksum, only files and folders,
 *   no name that climbs out of the folder, and a `PG_VERSION` at the top. A checked archive is written out
 *   again in the one plain form PGlite's loader reads without guessing (names relative, uncompressed).
 */

const BLOCK = 512;
/** tinytar, PGlite's tar library, reads the 100-byte name field only (no ustar prefix). */
const MAX_NAME_BYTES = 99;
/** 11 octal digits: PostgreSQL's segment files are at most 1 GiB. */
const MAX_FILE_BYTES = 8 ** 11 - 1;

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

export interface ArchiveEntry {
  /** Relative to the data folder, `/`-separated, no leading or trailing slash. */
  name: string;
  type: "file" | "directory";
  /** Permission bits. */
  mode: number;
  /** Seconds since the epoch. */
  modifiedAt: number;
  data: Uint8Array;
}

/** A backup that cannot be restored: what is wrong with it, in words for the person who ran the command. */
export class ArchiveError extends Error {
  override name = "ArchiveError";
}

/**
 * Every file and folder under `dataDir`, read in one synchronous pass (no await, so no statement of a
 * PGlite on this thread runs in between). Run it only in the process that holds the folder, or when none does.
 */
export function snapshotFolder(dataDir: string): ArchiveEntry[] {
  const entries: ArchiveEntry[] = [];
  const visit = (relative: string) => {
    const names = readdirSync(path.join(dataDir, relative)).sort();
    for (const name of names) {
      const entryName = relative ? `${relative}/${name}` : name;
      if (entryName === "postmaster.pid") continue;
      const absolute = path.join(dataDir, entryName);
      const stats = statSync(absolute);
      const common = { name: entryName, mode: stats.mode & 0o7777, modifiedAt: Math.floor(stats.mtimeMs / 1000) };
      if (stats.isDirectory()) {
        entries.push({ ...common, type: "directory", data: new Uint8Array(0) });
        visit(entryName);
      } else if (stats.isFile()) {
        entries.push({ ...common, type: "file", data: readFileSync(absolute) });
      } else {
        throw new ArchiveError(`${absolute} is neither a file nor a folder; a PGlite data folder holds only those`);
      }
    }
  };
  visit("");
  return entries;
}

function writeString(block: Uint8Array, offset: number, text: string): void {
  block.set(Buffer.from(text, "utf8"), offset);
}

/** `width - 1` octal digits and a NUL, as ustar writes numbers. */
function writeOctal(block: Uint8Array, offset: number, width: number, value: number): void {
  writeString(block, offset, `${value.toString(8).padStart(width - 1, "0")}\0`);
}

function checksumOf(block: Uint8Array): number {
  let sum = 0;
  for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 0x20 : (block[index] ?? 0);
  return sum;
}

function header(entry: ArchiveEntry): Uint8Array {
  if (Buffer.byteLength(entry.name) > MAX_NAME_BYTES) throw new ArchiveError(`${entry.name}: name longer than ${MAX_NAME_BYTES} bytes`);
  if (entry.data.length > MAX_FILE_BYTES) throw new ArchiveError(`${entry.name}: larger than a tar header can say`);
  const block = new Uint8Array(BLOCK);
  writeString(block, 0, entry.name);
  writeOctal(block, 100, 8, entry.mode & 0o7777);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, entry.type === "file" ? entry.data.length : 0);
  writeOctal(block, 136, 12, Math.max(0, entry.modifiedAt));
  block[156] = entry.type === "file" ? 0x30 : 0x35;
  writeString(block, 257, "ustar\0");
  writeString(block, 263, "00");
  // Six octal digits, a NUL and a space, as tar has always written it.
  writeString(block, 148, `${checksumOf(block).toString(8).padStart(6, "0")}\0 `);
  return block;
}

/** An uncompressed ustar archive of the entries, ending with the two empty blocks tar readers expect. */
export function writeTar(entries: readonly ArchiveEntry[]): Buffer {
  const parts: Uint8Array[] = [];
  for (const entry of entries) {
    parts.push(header(entry));
    if (entry.type === "file" && entry.data.length > 0) {
      parts.push(entry.data);
      const padding = (BLOCK - (entry.data.length % BLOCK)) % BLOCK;
      if (padding > 0) parts.push(new Uint8Array(padding));
    }
  }
  parts.push(new Uint8Array(BLOCK * 2));
  return Buffer.concat(parts);
}

export function gzipTar(tar: Uint8Array): Promise<Buffer> {
  return gzip(tar);
}

function readString(block: Uint8Array, offset: number, width: number): string {
  const field = block.subarray(offset, offset + width);
  const end = field.indexOf(0);
  return Buffer.from(end === -1 ? field : field.subarray(0, end)).toString("utf8");
}

function readOctal(block: Uint8Array, offset: number, width: number, what: string): number {
  const text = readString(block, offset, width).trim();
  if (text === "") return 0;
  if (!/^[0-7]+$/.test(text)) throw new ArchiveError(`a header's ${what} is not a number`);
  return parseInt(text, 8);
}

/** Names as tar writers spell them (`./base/1`, `/base/1`, `base/1/`) reduced to `base/1`; null for the folder itself. */
function normalName(raw: string): string | null {
  const segments = raw.split("/").filter((segment) => segment !== "" && segment !== ".");
  if (segments.some((segment) => segment === "..")) throw new ArchiveError(`the entry ${JSON.stringify(raw)} points outside the data folder`);
  return segments.length === 0 ? null : segments.join("/");
}

/** What a checked backup holds. */
export interface CheckedArchive {
  entries: ArchiveEntry[];
  /** The PostgreSQL major version of the data, from its PG_VERSION file. */
  postgresVersion: string;
  /** Bytes of file data, uncompressed. */
  dataBytes: number;
}

/** Reads a backup (gzipped or plain tar) and checks it is a whole PGlite data folder; throws ArchiveError if not. */
export async function readArchive(bytes: Uint8Array): Promise<CheckedArchive> {
  let tar: Uint8Array = bytes;
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      tar = await gunzip(bytes);
    } catch (error) {
      throw new ArchiveError(`it is gzipped but does not unzip (${(error as Error).message}); the file is damaged or cut short`);
    }
  }
  if (tar.length < BLOCK) throw new ArchiveError("it is too short to be a tar archive");
  const entries: ArchiveEntry[] = [];
  let offset = 0;
  let ended = false;
  while (offset + BLOCK <= tar.length) {
    const block = tar.subarray(offset, offset + BLOCK);
    if (block.every((byte) => byte === 0)) {
      ended = true;
      break;
    }
    if (readOctal(block, 148, 8, "checksum") !== checksumOf(block)) throw new ArchiveError(`a header at byte ${offset} fails its checksum: not a tar archive, or a damaged one`);
    if (readString(block, 345, 131) !== "" && readString(block, 257, 6) === "ustar") throw new ArchiveError("it holds names longer than PGlite's loader reads");
    const flag = String.fromCharCode(block[156] ?? 0);
    const size = readOctal(block, 124, 12, "size");
    const rawName = readString(block, 0, 100);
    offset += BLOCK;
    const type = flag === "0" || flag === "\0" ? "file" : flag === "5" ? "directory" : null;
    if (!type) throw new ArchiveError(`the entry ${JSON.stringify(rawName)} is neither a file nor a folder (type ${JSON.stringify(flag)})`);
    const dataSize = type === "file" ? size : 0;
    if (offset + dataSize > tar.length) throw new ArchiveError("it ends in the middle of a file: the file is cut short");
    const name = normalName(rawName);
    if (name !== null && name !== "postmaster.pid") {
      entries.push({ name, type, mode: readOctal(block, 100, 8, "mode"), modifiedAt: readOctal(block, 136, 12, "time"), data: tar.subarray(offset, offset + dataSize) });
    }
    offset += Math.ceil(dataSize / BLOCK) * BLOCK;
  }
  if (!ended && offset !== tar.length) throw new ArchiveError("it ends in the middle of a header: the file is cut short");
  const version = entries.find((entry) => entry.name === "PG_VERSION" && entry.type === "file");
  if (!version) throw new ArchiveError("it has no PG_VERSION at its top: not a copy of a database folder");
  if (!entries.some((entry) => entry.name === "global/pg_control" && entry.type === "file")) throw new ArchiveError("it has no global/pg_control: not a whole database folder");
  return {
    entries,
    postgresVersion: Buffer.from(version.data).toString("utf8").trim(),
    dataBytes: entries.reduce((sum, entry) => sum + entry.data.length, 0),
  };
}
