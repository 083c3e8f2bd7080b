/**
 * `npm run backup [-- --out FILE]`: a backup of the embedded database (PGLITE_DATA_DIR), a gzipped tarball of
 * its data folder that `npm run restore` loads back. Safe while the server runs: the server, which holds the
 * folder, makes the copy itself (lib/system/embedded-backup.ts); without a server this command opens the
 * folder and lets PGlite dump it (lib/system/embedded-backup-create.ts). The file is mode 0600 and never
 * written over an existing one. On PostgreSQL (DATABASE_URL) use pg_dump instead: docs/deployment.md#backups.
 * Exit status: 0 written, 1 refused or failed (the message says why), 2 wrong usage or configuration.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { embeddedConfigOrExit, shown } from "./support/embedded-command.ts";


const usage = `usage: npm run backup [-- --out FILE] [--timeout SECONDS]
  --out FILE         where to write the backup (default backups/church-<UTC time>.tar.gz); never overwritten
  --timeout SECONDS  how long to wait for a running server to write it (default 120)
Backs up the embedded database in PGLITE_DATA_DIR, whether the server runs or not.
On PostgreSQL (DATABASE_URL set) use pg_dump: docs/deployment.md#backups.`;

let values: { out?: string; timeout?: string; help?: boolean };
try {
  ({ values } = parseArgs({ options: { out: { type: "string" }, timeout: { type: "string" }, help: { type: "boolean", short: "h" } }, strict: true }));
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (values.help) {
  console.log(usage);
  process.exit(0);
}
const timeoutSeconds = values.timeout === undefined ? 120 : Number(values.timeout);
if (!Number.isInteger(timeoutSeconds) || timeoutSeconds < 1) {
  console.error(`--timeout must be a whole number of seconds, at least 1\n${usage}`);
  process.exit(2);
}

const config = await embeddedConfigOrExit("back up", 'Use pg_dump: pg_dump -Fc -f church.dump "$DATABASE_URL"');

const { utcStamp, EmbeddedBackupError } = await import("../lib/system/embedded-backup-files.ts");
const { createEmbeddedBackup } = await import("../lib/system/embedded-backup-create.ts");
const out = values.out ?? path.join("backups", `church-${utcStamp(new Date())}.tar.gz`);
try {
  const backup = await createEmbeddedBackup({ dataDir: config.PGLITE_DATA_DIR, out, timeoutMilliseconds: timeoutSeconds * 1000 });
  const by = backup.madeBy === "this command" ? "no server was running; copied by this command" : `copied by the running server (pid ${backup.madeBy.pid})`;
  console.log(`Backed up ${shown(config.PGLITE_DATA_DIR)} to ${shown(backup.file)}`);
  console.log(`  ${(backup.bytes / 1024 / 1024).toFixed(1)} MB, PostgreSQL ${backup.postgresVersion} data, sha256 ${backup.sha256}; ${by}.`);
  console.log(`  Restore with: npm run restore -- ${shown(backup.file)}`);
} catch (error) {
  if (!(error instanceof EmbeddedBackupError)) throw error;
  console.error(`Backup not made: ${error.message}`);
  process.exitCode = 1;
}
