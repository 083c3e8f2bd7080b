/**
 * `npm run restore -- FILE [--force]`: puts a backup made by `npm run backup` back as the embedded database
 * (PGLITE_DATA_DIR). Refuses while the server (or a backup) has the folder open, and refuses to replace a
 * folder that holds a database unless --force, which moves that folder aside (never deletes it). The backup
 * is checked, loaded beside the folder and opened before anything is moved (lib/system/embedded-backup-restore.ts).
 * On PostgreSQL (DATABASE_URL) use pg_restore instead: docs/deployment.md#backups.
 * Exit status: 0 restored, 1 refused or failed (the message says why), 2 wrong usage or configuration.
 */
import { parseArgs } from "node:util";
import { embeddedConfigOrExit, shown } from "./support/embedded-command.ts";


const usage = `usage: npm run restore -- FILE [--force]
  FILE     a backup made by npm run backup (backups/church-<UTC time>.tar.gz)
  --force  if PGLITE_DATA_DIR holds a database, move it aside to <folder>.before-restore-<UTC time>
           (nothing is deleted) and restore in its place
Stop the server first: restore refuses while it runs. Start it again afterwards; it applies any
migrations the backup lacks.
On PostgreSQL (DATABASE_URL set) use pg_restore: docs/deployment.md#backups.`;

let parsed: { values: { force?: boolean; help?: boolean }; positionals: string[] };
try {
  parsed = parseArgs({ options: { force: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } }, allowPositionals: true, strict: true });
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (parsed.values.help) {
  console.log(usage);
  process.exit(0);
}
const [file, ...extra] = parsed.positionals;
if (!file || extra.length > 0) {
  console.error(usage);
  process.exit(2);
}

const config = await embeddedConfigOrExit("restore", 'Use pg_restore: pg_restore --clean --if-exists --no-owner --no-privileges --single-transaction -d "$DATABASE_URL" church.dump');

const { EmbeddedBackupError } = await import("../lib/system/embedded-backup-files.ts");
const { restoreEmbeddedBackup } = await import("../lib/system/embedded-backup-restore.ts");
try {
  const restored = await restoreEmbeddedBackup({ file, dataDir: config.PGLITE_DATA_DIR, force: parsed.values.force });
  console.log(`Restored ${shown(file)} into ${shown(restored.dataDir)} (PostgreSQL ${restored.postgresVersion} data); it opens.`);
  if (restored.movedAside) console.log(`  The folder that was there is now ${shown(restored.movedAside)}; delete it when you no longer need it.`);
  const { migrations } = restored;
  if (migrations.pending.length > 0) console.log(`  ${migrations.pending.length} of ${migrations.shipped} migrations of this version are not in the backup: the server applies them at its next start.`);
  if (migrations.applied > migrations.shipped - migrations.pending.length) console.log("  The backup has migrations this version does not know: it was made by a newer version; run that version.");
  if (migrations.failed.length > 0) console.log(`  Migrations that failed half-way in the backup, to resolve before the server starts: ${migrations.failed.join(", ")}.`);
  if (migrations.edited.length > 0) console.log(`  Migrations whose file changed since the backup's database applied them (the server refuses to start until resolved): ${migrations.edited.join(", ")}.`);
  console.log("  Start the server when ready.");
} catch (error) {
  if (!(error instanceof EmbeddedBackupError)) throw error;
  console.error(`Not restored: ${error.message}`);
  process.exitCode = 1;
}
