/**
 * `npm run db:seed [-- --events N] [-- --today YYYY-MM-DD]`: replaces the calendar data of the configured
 * database (DATABASE_URL, or the embedded one in PGLITE_DATA_DIR) with the demo data of Grace Harbor Church.
 * Safe to run again: it deletes the previous demo rows first, in the same transaction.
 */
import { parseArgs } from "node:util";

try {
  process.loadEnvFile?.();
} catch {
  // No .env file: the environment alone configures the seed.
}
// The seed below is the only one: the embedded database must not also seed itself when it is opened.
process.env.SEED_DEMO_DATA = "false";

const { values } = parseArgs({
  options: {
    events: { type: "string" },
    today: { type: "string" },
    help: { type: "boolean", short: "h" },
  },
});

if (values.help) {
  console.log("usage: npm run db:seed -- [--events N] [--today YYYY-MM-DD]");
  process.exit(0);
}

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

const { closeDatabase, db, databaseKind } = await import("../lib/db.ts");
const { seedDemoData } = await import("../lib/demo/seed-demo-data.ts");

const prisma = await db();
try {
  const started = performance.now();
  const counts = await seedDemoData(prisma, { today, eventCount });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded the ${databaseKind()} database in ${seconds} s: ${counts.campuses} campuses, ${counts.ministries} ministries, ` +
      `${counts.series} series, ${counts.events} events (from ${today ?? "today"}).`,
  );
} finally {
  await closeDatabase();
}
