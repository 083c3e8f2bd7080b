/**
 * Prepares what the end-to-end servers need, before Playwright starts them: a fresh PostgreSQL test
 * database, migrated by the same runner as production and seeded by the same seed as the demo, and an
 * empty folder for the embedded server (which creates, migrates and seeds itself, as on a fresh machine).
 * The seed's "today" is tomorrow, so no seeded event can end while the suite runs.
 */
import { spawnSync } from "node:child_process";
import { rm } from "node:fs/promises";
import pg from "pg";
import { recreateSeededDatabase } from "./support/seeded-database.ts";
import {
  ADMIN_DATABASE_URL,
  EMBEDDED_DATA_DIR,
  PASSKEY_BASE_URL,
  PASSKEY_PORTAL_CLIENT_ID,
  POSTGRES_BASE_URL,
  TEST_APP_SECRET,
  TEST_DATABASE_URL,
} from "./support/test-env.ts";

// The identity seed uses the server's own modules, which import `server-only`; outside Next.js that package
// throws unless Node resolves the "react-server" export condition. Run again with it when it is missing.
if (!import.meta.resolve("server-only").endsWith("/empty.js")) {
  const rerun = spawnSync(process.execPath, ["--conditions=react-server", ...process.execArgv, ...process.argv.slice(1)], { stdio: "inherit" });
  process.exit(rerun.status ?? 1);
}

const seeded = await recreateSeededDatabase({
  databaseUrl: TEST_DATABASE_URL,
  adminUrl: ADMIN_DATABASE_URL,
  appSecret: TEST_APP_SECRET,
  baseUrl: POSTGRES_BASE_URL,
  secondPortal: { clientId: PASSKEY_PORTAL_CLIENT_ID, baseUrl: PASSKEY_BASE_URL },
});
// The specs' phone numbers and client addresses come from these sequences (uniquePhone in
// e2e/support/contacts.ts, uniqueIp in e2e/support/database.ts): unique within a run across every worker,
// where random ones from a small range collided about once in a thousand runs.
const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
await client.connect();
await client.query("CREATE SEQUENCE e2e_unique_phone");
await client.query("CREATE SEQUENCE e2e_unique_ip");
await client.end();
await rm(EMBEDDED_DATA_DIR, { recursive: true, force: true });
console.log(
  `test database ${seeded.name}: migrated and seeded (${seeded.events} events from ${seeded.firstDay}; ` +
    `${seeded.accounts} demo accounts, clients ${seeded.clients.join(", ")}; ${seeded.membershipRecords} membership records)`,
);
