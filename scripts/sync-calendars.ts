/**
 * `npm run calendar:sync`: reads again every calendar address kept in sync (issue 40) that was not read in the
 * last hour and writes its changes: new events appear, changed ones change, deleted ones are cancelled with
 * their sign-ups told. Schedule it hourly (cron: `0 * * * * cd /srv/church && npm run calendar:sync`). Safe to
 * run again and on two machines at once (lib/calendar-import/run-calendar-import.ts). Exit code 1 when an
 * address could not be read; the import says why on its page, and the next run tries again.
 *
 * On the embedded database the server syncs by itself every hour, so this refuses without DATABASE_URL.
 */
import { loadDotEnv } from "./load-dot-env.ts";

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
if (!process.env.DATABASE_URL) {
  console.error("No DATABASE_URL: on the embedded database the server reads kept-in-sync calendars itself every hour.");
  process.exit(2);
}

const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { syncDueCalendarImports } = await import("../lib/calendar-import/run-calendar-import.ts");

const database = await openDatabase();
try {
  const { synced, failed } = await syncDueCalendarImports(database);
  console.log(`Synced ${synced} calendar${synced === 1 ? "" : "s"}; ${failed} could not be read.`);
  if (failed > 0) process.exitCode = 1;
} finally {
  await closeDatabase();
}
