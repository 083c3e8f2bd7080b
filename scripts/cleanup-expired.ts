/**
 * `npm run cleanup:expired [-- --days=30]`: deletes expired verification codes, parked authorization
 * requests and authorization codes, stale attempt-limit counters, expired revoked-token ids, spent check-in
 * codes, old kiosk alerts and pickup tags, and refresh tokens, sessions and outbox messages that ended more than --days ago (lib/system/cleanup-expired.ts says
 * exactly what and why). Run it daily (cron, Vercel Cron, a scheduled job). Safe to run again, and from two
 * machines at once. On the embedded database (no DATABASE_URL) it refuses unless --embedded is given: only one
 * process may open that folder, so stop the server first.
 */
import { parseArgs } from "node:util";
import { loadDotEnv } from "./load-dot-env.ts";

loadDotEnv();
process.env.SEED_DEMO_DATA = "false";

const { values } = parseArgs({ options: { days: { type: "string" }, batch: { type: "string" }, embedded: { type: "boolean", default: false } }, strict: true });
if (!process.env.DATABASE_URL && !values.embedded) {
  console.error(
    "No DATABASE_URL: this would open the embedded database, which only one process may use at a time.\n" +
      "Stop the server, then run `npm run cleanup:expired -- --embedded`.",
  );
  process.exit(2);
}
const wholeNumber = (name: string, value: string | undefined, fallback: number): number => {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 1) {
    console.error(`--${name} must be a whole number, at least 1`);
    process.exit(2);
  }
  return number;
};

const { database: openDatabase, closeDatabase } = await import("../lib/db.ts");
const { cleanupExpired, DEFAULT_RETENTION_DAYS } = await import("../lib/system/cleanup-expired.ts");
const retentionDays = wholeNumber("days", values.days, DEFAULT_RETENTION_DAYS);
const batchSize = wholeNumber("batch", values.batch, 1000);

const database = await openDatabase();
try {
  const summary = await cleanupExpired(database, { retentionDays, batchSize });
  console.log(
    `Deleted ${summary.verificationCodes} verification codes, ${summary.authorizationRequests} authorization requests, ` +
      `${summary.pushedAuthorizationRequests} pushed authorization requests, ` +
      `${summary.deviceAuthorizations} device sign-ins, ` +
      `${summary.dpopProofs} DPoP proof ids, ${summary.webauthnChallenges} passkey challenges, ` +
      `${summary.authorizationCodes} authorization codes, ${summary.attemptCounters} attempt counters, ` +
      `${summary.revokedAccessTokens} revoked access-token ids, ${summary.refreshTokens} refresh tokens, ${summary.sessions} sessions, ` +
      `${summary.outboxMessages} outbox messages, ${summary.webhookDeliveries} webhook deliveries, ${summary.webhookPreviousSecrets} replaced webhook secrets, ${summary.federatedLoginAttempts} federated sign-in attempts, ` +
      `${summary.federatedLinkCodes} federated link codes, ${summary.spentMemberCodes} spent member codes, ${summary.kioskAlerts} kiosk alerts, ` +
      `${summary.pickupTags} pickup tags, ${summary.refreshFlights} shared token refreshes and ${summary.knownDevices} known browsers (retention ${retentionDays} days).`,
  );
} finally {
  await closeDatabase();
}
