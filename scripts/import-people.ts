/**
 * `npm run import:people -- --as <staff email> <file.csv> [--yes]`: imports the church's people from a CSV file
 * (Planning Center People's, Breeze's or ChurchSuite's export, or another with the columns they use), as
 * /admin/import does, for files too large to upload. Without --yes it previews: what would be created,
 * updated, left unchanged or skipped, and the rows' problems; nothing is written to the register. With --yes it
 * imports in batches, printing the progress; stopped part of the way (Ctrl-C, a crash), it goes on from its
 * last batch when run again with --resume (which is also what cron runs every minute on a Node host).
 * Recorded in the staff audit log as the staff member --as names. With the embedded database, stop the server first.
 */
import { createReadStream } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { loadDotEnv } from "./load-dot-env.ts";

const usage = `Usage: npm run import:people -- --as <staff email> <file.csv> [--yes]
       npm run import:people -- --resume`;

const { values, positionals } = parseArgs({
  options: { as: { type: "string" }, yes: { type: "boolean", default: false }, resume: { type: "boolean", default: false }, embedded: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } },
  allowPositionals: true,
});
if (values.help || (!values.resume && (!values.as || positionals.length !== 1))) {
  console.log(usage);
  process.exit(values.help ? 0 : 2);
}

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
if (!process.env.DATABASE_URL && !values.embedded) {
  console.error("No DATABASE_URL: this would open the embedded database, which only one process may use at a time.\nStop the server, then run it again with --embedded.");
  process.exit(2);
}

const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { openStaffAuditEntry } = await import("../lib/audit/open-audit-entry.ts");
const { IdentityError } = await import("../lib/identity/errors.ts");
const { createPeopleImport } = await import("../lib/people-import/preview-people-import.ts");
const { getPeopleImportOrThrow } = await import("../lib/people-import/people-import-answer.ts");
const { continuePeopleImport, resumeStalledPeopleImports, startPeopleImport } = await import("../lib/people-import/run-people-import.ts");

const database = await openDatabase();
try {
  if (values.resume) {
    console.log(`Resumed ${await resumeStalledPeopleImports(database)} stopped imports.`);
  } else {
    const email = values.as!.trim().toLowerCase();
    const [actor] = await database.query<{ id: string }>(`SELECT id::text FROM account WHERE email = $1 AND disabled_at IS NULL`, [email]);
    if (!actor) {
      console.error(`No account ${email}: --as names the staff member the audit log records.`);
      process.exit(2);
    }
    const file = positionals[0]!;
    // Read from disk afresh for each pass over it, a piece at a time: the file is never held whole.
    const id = await createPeopleImport(database, { fileName: path.basename(file), bytes: () => createReadStream(file), actorId: actor.id });
    const preview = await getPeopleImportOrThrow(database, id);
    console.log(`${preview.file_name}: ${preview.rows_total} rows (${preview.source.replace("_", " ")} columns, ${preview.encoding}).`);
    console.log(`Would create ${preview.created}, update ${preview.updated}, leave ${preview.unchanged} unchanged and skip ${preview.skipped}; ${preview.problem_count} problems.`);
    for (const problem of preview.problems.slice(0, 20)) console.log(`  row ${problem.row}${problem.column ? `, ${problem.column}` : ""}: ${problem.message}`);
    if (preview.problem_count > 20) console.log(`  … and ${preview.problem_count - 20} more (all of them at /admin/import).`);
    if (!values.yes) {
      console.log("Nothing was written. Run it again with --yes to import.");
    } else {
      await database.transaction(async (tx) => {
        await openStaffAuditEntry(tx, { actorId: actor.id, clientId: "command-line", method: "CLI", path: "npm run import:people", section: "people-imports", targetId: id, requestId: globalThis.crypto.randomUUID() });
        await startPeopleImport(tx, id, { inBackground: false });
      });
      const started = Date.now();
      const finished = await continuePeopleImport(database, id, {
        onBatch: (done) => process.stdout.write(`\r${done} of ${preview.rows_total} rows (${Math.round((Date.now() - started) / 1000)} s)`),
      });
      process.stdout.write("\n");
      const result = await getPeopleImportOrThrow(database, id);
      console.log(finished ? `Done: created ${result.created}, updated ${result.updated}, ${result.unchanged} unchanged, ${result.skipped} skipped.` : `Stopped: ${result.last_error ?? result.status}. Run it again with --resume.`);
    }
  }
} catch (error) {
  if (!(error instanceof IdentityError)) throw error;
  console.error(error.description);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
