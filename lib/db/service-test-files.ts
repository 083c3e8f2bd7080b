import { readdirSync } from "node:fs";
import path from "node:path";

/**
 * The service tests, by name: `*.service.test.ts` under lib/ (docs/decisions/0019). They run twice, on the
 * in-memory PGlite with every other test and again on PostgreSQL (scripts/service-tests-on-postgres.ts); the
 * suffix, not a search of their contents, says which tier a file is.
 */
export const SERVICE_TEST_SUFFIX = ".service.test.ts";

export function serviceTestFiles(root = path.resolve(import.meta.dirname, "../..")): string[] {
  const found: string[] = [];
  const walk = (directory: string) => {
    for (const entry of readdirSync(path.join(root, directory), { withFileTypes: true })) {
      const relative = path.join(directory, entry.name);
      if (entry.isDirectory() && entry.name !== "generated") walk(relative);
      else if (entry.name.endsWith(SERVICE_TEST_SUFFIX)) found.push(relative.split(path.sep).join("/"));
    }
  };
  walk("lib");
  return found.sort();
}
