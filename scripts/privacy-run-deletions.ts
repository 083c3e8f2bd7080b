/**
 * `npm run privacy:run-deletions`: carries out every account deletion whose grace period
 * (PRIVACY_DELETION_GRACE_DAYS) has ended, erasing the member and everything tied to them, and prints how
 * many. An operator schedules it, e.g. hourly (cron: `0 * * * * cd /srv/church && npm run privacy:run-deletions`).
 * Safe to run on several machines at once and to run again: each deletion is claimed with a row lock and
 * done once (lib/privacy/run-due-deletions.ts). Exit code 1 when one failed; it stays pending for the next run.
 *
 * On the embedded database (no DATABASE_URL) it refuses unless `--embedded` is given: only one process may
 * open that folder, so stop the server first (docs/decisions/0010).
 */
import { parseArgs } from "node:util";
import { loadDotEnv } from "./load-dot-env.ts";

const { values } = parseArgs({ options: { embedded: { type: "boolean", default: false }, help: { type: "boolean", short: "h" } } });
if (values.help) {
  console.log("usage: npm run privacy:run-deletions [-- --embedded]   (--embedded: on the embedded database, with the server stopped)");
  process.exit(0);
}

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
if (!process.env.DATABASE_URL && !values.embedded) {
  console.error(
    "No DATABASE_URL: this would open the embedded database, which only one process may use at a time.\n" +
      "Stop the server, then run `npm run privacy:run-deletions -- --embedded`.",
  );
  process.exit(2);
}

const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { runDueDeletions } = await import("../lib/privacy/run-due-deletions.ts");

const database = await openDatabase();
try {
  const { carriedOut } = await runDueDeletions(database);
  console.log(carriedOut.length === 1 ? "Carried out 1 account deletion." : `Carried out ${carriedOut.length} account deletions.`);
} catch (error) {
  // No personal data in the message: ids and SQL errors only.
  console.error("An account deletion failed; it stays pending for the next run.", error);
  process.exitCode = 1;
} finally {
  await closeDatabase();
}
