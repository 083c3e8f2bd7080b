import "server-only";
import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { openEmbeddedDatabase } from "../db/connections.ts";
import { readMigrations } from "../db/migrate.ts";
import { ArchiveError, readArchive, writeTar, type CheckedArchive } from "./embedded-backup-archive.ts";
import { claimFolder, describeHolder, EmbeddedBackupError, embeddedFolder, utcStamp } from "./embedded-backup-files.ts";
import { compareMigrations, type AppliedMigration, type MigrationStatus } from "./migration-status.ts";

/**
 * `npm run restore -- FILE [--force]` (scripts/restore.ts): puts a backup of `npm run backup` back as the
 * embedded database's folder. In order, stopping at the first refusal:
 *
 * 1. the file is read through and checked (a whole PGlite data folder, embedded-backup-archive.ts) before
 *    anything on disk changes;
 * 2. the folder is taken (its holder file): refused while the server or another command has it;
 * 3. a folder that holds anything is refused unless `force`; with it, it is moved aside to
 *    `<folder>.before-restore-<UTC time>`, never deleted;
 * 4. the backup is loaded with PGlite's `loadDataDir` into a new folder beside the target, opened (recovery
 *    runs) and checked to be this application's database (its `_prisma_migrations`); only then does the old
 *    folder move aside and the new one take its name, so a failed load leaves the old folder where it was;
 * 5. the folder is opened once more under its own name, and the migration history compared with this build's.
 */

export interface RestoreOptions {
  file: string;
  dataDir: string;
  /** Move a folder that holds a database aside instead of refusing. */
  force?: boolean;
}

export interface RestoredBackup {
  dataDir: string;
  /** Where the folder that was there went; null when there was none (or it was empty). */
  movedAside: string | null;
  postgresVersion: string;
  /** The restored history against this build's migrations (pending ones run at the server's next start). */
  migrations: MigrationStatus;
}

const HISTORY = `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`;

export async function restoreEmbeddedBackup(options: RestoreOptions): Promise<RestoredBackup> {
  const file = path.resolve(options.file);
  const folder = embeddedFolder(options.dataDir);
  let bytes: Buffer;
  try {
    bytes = readFileSync(file);
  } catch (error) {
    throw new EmbeddedBackupError(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : (error as Error).message}.`);
  }
  let archive: CheckedArchive;
  try {
    archive = await readArchive(bytes);
  } catch (error) {
    if (error instanceof ArchiveError) throw new EmbeddedBackupError(`${file} is not a backup of the embedded database: ${error.message}. Nothing was changed.`);
    throw error;
  }

  mkdirSync(path.dirname(folder.dataDir), { recursive: true });
  const claim = claimFolder(folder, "restore");
  if ("heldBy" in claim) {
    const holder = claim.heldBy;
    throw new EmbeddedBackupError(
      holder.role === "server"
        ? `${describeHolder(holder)} is running on ${folder.dataDir}. Stop it, run npm run restore again, then start it. Nothing was changed.`
        : `${describeHolder(holder)} is using ${folder.dataDir}; try again when it has finished. Nothing was changed.`,
    );
  }
  try {
    const occupied = occupiedFolder(folder.dataDir);
    if (occupied && !options.force) {
      throw new EmbeddedBackupError(
        `${folder.dataDir} is not empty: it holds a database. Run again with --force to move it aside to ${folder.dataDir}.before-restore-<UTC time> (nothing is deleted) and restore in its place.`,
      );
    }
    const staging = `${folder.dataDir}.restoring-${randomBytes(6).toString("hex")}`;
    try {
      const pglite = await PGlite.create(staging, {
        // The checked entries, as a plain tar: PGlite's loader then has nothing to guess (compression, names).
        loadDataDir: new Blob([new Uint8Array(writeTar(archive.entries))], { type: "application/x-tar" }),
        extensions: { pg_trgm },
      });
      try {
        await historyOf(pglite, file);
      } finally {
        await pglite.close();
      }
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      if (error instanceof EmbeddedBackupError) throw error;
      throw new EmbeddedBackupError(`${file} does not open as a database (${(error as Error).message}); ${folder.dataDir} was left as it was.`);
    }

    let movedAside: string | null = null;
    if (occupied) {
      movedAside = asideName(folder.dataDir);
      renameSync(folder.dataDir, movedAside);
    } else if (existsSync(folder.dataDir)) {
      rmdirSync(folder.dataDir);
    }
    try {
      renameSync(staging, folder.dataDir);
    } catch (error) {
      if (movedAside) renameSync(movedAside, folder.dataDir);
      throw error;
    }
    // The database holds password hashes and sealed secrets: the folder is its owner's alone.
    chmodSync(folder.dataDir, 0o700);

    let history: AppliedMigration[];
    try {
      const pglite = await openEmbeddedDatabase(folder.dataDir);
      try {
        history = await historyOf(pglite, file);
      } finally {
        await pglite.close();
      }
    } catch (error) {
      const before = movedAside ? ` The folder that was there is ${movedAside}.` : "";
      throw new EmbeddedBackupError(`${folder.dataDir} was restored but does not open under its own name: ${(error as Error).message}.${before}`);
    }
    return { dataDir: folder.dataDir, movedAside, postgresVersion: archive.postgresVersion, migrations: compareMigrations(await readMigrations(), history) };
  } finally {
    claim.release();
  }
}

/** Whether the folder holds anything (a missing or empty folder is restored into without --force). */
function occupiedFolder(dataDir: string): boolean {
  if (!existsSync(dataDir)) return false;
  if (!statSync(dataDir).isDirectory()) throw new EmbeddedBackupError(`${dataDir} is a file, not a folder; move it away first.`);
  return readdirSync(dataDir).length > 0;
}

function asideName(dataDir: string): string {
  const base = `${dataDir}.before-restore-${utcStamp(new Date())}`;
  let name = base;
  for (let counter = 2; existsSync(name); counter += 1) name = `${base}-${counter}`;
  return name;
}

async function historyOf(pglite: PGlite, file: string): Promise<AppliedMigration[]> {
  try {
    return (await pglite.query<AppliedMigration>(HISTORY)).rows;
  } catch {
    throw new EmbeddedBackupError(`${file} opens as a database but has no migration history (_prisma_migrations): not a backup of this application.`);
  }
}
