import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * For the tests that hold a convention to its one owner (an account's row lock, the security log, the outbox):
 * the product's source files whose text matches `pattern`, but for the owners'. A convention only prose
 * enforces drifts; one a test enforces fails the commit that breaks it.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");
const PRODUCT = ["lib", "app", "server", "components", "scripts"];

/** Every TypeScript source file (not a test) under `directory`, relative to the repository, skipping the generated client. */
export function sourceFilesUnder(directory: string): string[] {
  return readdirSync(path.join(ROOT, directory), { withFileTypes: true }).flatMap((entry) => {
    const relative = `${directory}/${entry.name}`;
    if (entry.isDirectory()) return entry.name === "generated" ? [] : sourceFilesUnder(relative);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [relative] : [];
  });
}

/** The source files other than `owners` whose text `matches`. */
export function writersOtherThan(owners: readonly string[], matches: (source: string) => boolean): string[] {
  return PRODUCT.flatMap(sourceFilesUnder).filter((file) => !owners.includes(file) && matches(readFileSync(path.join(ROOT, file), "utf8")));
}
