/**
 * `npm run test:services:postgres`: the service tests (`*.service.test.ts`: every test file that opens a
 * database of lib/db/test-database.ts, directly or through lib/db/service-test.ts, and only those, as
 * lib/db/service-test-names.test.ts holds) on PostgreSQL instead of the in-memory PGlite: each opens a
 * throwaway database on the server named by SERVICE_TEST_DATABASE_URL (default the local test server),
 * migrated from scratch, and drops it after. Extra arguments go to vitest.
 */
import { spawnSync } from "node:child_process";
import { serviceTestFiles } from "../lib/db/service-test-files.ts";

const files = serviceTestFiles();
if (files.length === 0) {
  console.error("no service tests found (test files that open a test database)");
  process.exit(1);
}
const serverUrl = process.env.SERVICE_TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";
console.log(`service tests on PostgreSQL (${new URL(serverUrl).host}): ${files.join(", ")}`);
const result = spawnSync("npx", ["vitest", "run", ...process.argv.slice(2), ...files], {
  stdio: "inherit",
  env: { ...process.env, SERVICE_TEST_DATABASE_URL: serverUrl },
});
process.exit(result.status ?? 1);
