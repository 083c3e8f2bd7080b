import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The service tests, by name: `*.service.test.ts` under lib/ (docs/decisions/0019). They run twice, on the
 * in-memory PGlite with every other test and again on PostgreSQL (scripts/service-tests-on-postgres.ts); the
 * suffix, not a search of their contents, says which tier a file is.
 */
export const SERVICE_TEST_SUFFIX = ".service.test.ts";
/**
 * Service tests that need PostgreSQL itself (two transactions at once, where the embedded database runs one at
 * a time): on PostgreSQL only, so the PGlite run neither runs nor skips them (vitest.config.ts).
 */
export const POSTGRES_ONLY_SUFFIX = ".postgres.service.test.ts";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every test file under `directory` (relative to the repository), skipping the generated client. */
export function testFilesUnder(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "generated" ? [] : testFilesUnder(relative);
    return entry.name.endsWith(".test.ts") ? [relative] : [];
  });
}

export function serviceTestFiles(): string[] {
  return testFilesUnder("lib")
    .filter((file) => file.endsWith(SERVICE_TEST_SUFFIX))
    .sort();
}
