/**
 * `npm run outbox:deliver`: sends the outbox messages whose earlier attempt failed once their back-off has
 * passed (email, SMS, back-channel logouts; lib/outbox/deliver-messages.ts). Run it every minute (cron,
 * or Vercel Cron's /api/cron/deliver-outbox). Safe on two machines at once: a claim moves the message's
 * next attempt, so only one sends it.
 */
import { parseArgs } from "node:util";
import { loadDotEnv } from "./load-dot-env.ts";

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";
const { values } = parseArgs({ options: { embedded: { type: "boolean", default: false } }, strict: true });
if (!process.env.DATABASE_URL && !values.embedded) {
  console.error(
    "No DATABASE_URL: this would open the embedded database, which only one process may use at a time.\n" +
      "Stop the server, then run `npm run outbox:deliver -- --embedded`.",
  );
  process.exit(2);
}
const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { deliverPendingMessages } = await import("../lib/outbox/deliver-messages.ts");
const database = await openDatabase();
try {
  console.log(`Sent ${await deliverPendingMessages(database)} outbox messages.`);
} finally {
  await closeDatabase();
}
