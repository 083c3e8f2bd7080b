/**
 * `npm run db:seed [-- --events N] [-- --today YYYY-MM-DD] [-- --identity-only]`: replaces the calendar data
 * of the configured database (DATABASE_URL, or the embedded one in PGLITE_DATA_DIR) with the demo data of
 * Grace Harbor Church, then adds the demo identities (roles, accounts with the password `demo-password`,
 * the portal's client and `demo-app`; lib/demo/seed-identity.ts) and the membership register (2,400 people;
 * lib/demo/build-membership-register.ts). Safe to run again: the calendar's demo rows are replaced in one
 * transaction, the identities and register records are upserted (claims of records are kept).
 * `--identity-only` leaves a calendar alone: what `npm run demo` runs before it starts the server. On an
 * empty embedded database it writes the demo calendar first, as the server's first start would, so the
 * check-in kiosk's campus exists when its client is registered (lib/demo/seed-before-demo-start.ts).
 */
import { spawnSync } from "node:child_process";
import { parseArgs } from "node:util";

// The identity seed uses the server's own modules, which import `server-only`; outside Next.js that package
// throws unless Node resolves the "react-server" export condition. Run again with it when it is missing.
if (!import.meta.resolve("server-only").endsWith("/empty.js")) {
  const rerun = spawnSync(process.execPath, ["--conditions=react-server", ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(rerun.status ?? 1);
}

try {
  process.loadEnvFile?.();
} catch {
  // No .env file: the environment alone configures the seed.
}
const { values } = parseArgs({
  options: {
    events: { type: "string" },
    today: { type: "string" },
    "identity-only": { type: "boolean" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log("usage: npm run db:seed -- [--events N] [--today YYYY-MM-DD] [--identity-only]");
  process.exit(0);
}
const identityOnly = values["identity-only"] === true;
// The calendar seed below is the only one: the embedded database must not also seed itself when opened.
if (!identityOnly) process.env.SEED_DEMO_DATA = "false";

let eventCount: number | undefined;
if (values.events !== undefined) {
  eventCount = Number(values.events);
  if (!/^\d+$/.test(values.events) || !Number.isSafeInteger(eventCount) || eventCount > 1_000_000) {
    console.error(`--events must be a whole number from 0 to 1000000, got ${values.events}`);
    process.exit(2);
  }
}
const today = values.today;
if (today !== undefined && (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(Date.parse(`${today}T00:00:00Z`)))) {
  console.error(`--today must be a date YYYY-MM-DD, got ${today}`);
  process.exit(2);
}

const { closeDatabase, database: openDatabase, databaseKind } = await import("../lib/db.ts");
const { env } = await import("../lib/env.ts");
const { seedDemoData } = await import("../lib/demo/seed-demo-data.ts");
const { DEMO_PASSWORD } = await import("../lib/demo/seed-identity.ts");
const { seedBeforeDemoStart } = await import("../lib/demo/seed-before-demo-start.ts");

const database = await openDatabase();
try {
  const started = performance.now();
  const calendarSeeded = (counts: Awaited<ReturnType<typeof seedDemoData>>, from: string) =>
    console.log(
      `Seeded the ${databaseKind()} database in ${((performance.now() - started) / 1000).toFixed(1)} s: ${counts.campuses} campuses, ${counts.ministries} ministries, ` +
        `${counts.series} series, ${counts.events} events (from ${from}).`,
    );
  if (!identityOnly) calendarSeeded(await seedDemoData(database, { today, eventCount }), today ?? "today");
  // The embedded database is the one a server fills with the demo calendar when it is empty: done here, first.
  const seeded = await seedBeforeDemoStart(database, { calendarIfEmpty: identityOnly && databaseKind() === "embedded" && env().SEED_DEMO_DATA });
  if (seeded.calendar) calendarSeeded(seeded.calendar, "today");
  console.log(`Membership register: ${seeded.registerRecords} records (claims already made are kept).`);
  console.log(
    `Demo accounts (password ${DEMO_PASSWORD}): ${seeded.identities.accounts.join(", ")}; clients: ${seeded.identities.clients.join(", ")}.`,
  );
} finally {
  await closeDatabase();
}
