import { expect, test } from "@playwright/test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/**
 * The end-to-end specs hold their own copy of the contract (e2e/support/calendar-contract.ts,
 * identity-contract.ts): a message, enum or schema imported from lib/ is the code under test grading itself,
 * and passes whatever lib says. Only these lib modules may be imported, none of them a contract value: the
 * database runner, the demo data the seed writes (and its builders), the local-time arithmetic, the
 * wrapper that has two independent iCalendar parsers from npm expand a feed, and the upstream OpenID provider
 * (oidc-provider from npm) that the federation specs and service tests share.
 */
const ALLOWED = [
  /^lib\/db\.ts$/, // the seeded-database helper's connection
  /^lib\/db\//, // migrations and their connection
  /^lib\/demo\//, // demo data: the seed, its TOTP secret and recovery codes, the register and its search queries
  /^lib\/calendar\/event-time\.ts$/, // local date and time in a zone → instant, to read the iCalendar feed
  /^lib\/calendar\/ics-expand\.testing\.ts$/, // test tooling: ical.js and node-ical (npm) expanding a feed, no value of ours
  /^lib\/federation\/upstream\.testing\.ts$/, // test tooling: oidc-provider (npm) as the upstream provider, no value of ours
];

const ROOT = path.resolve(import.meta.dirname, "../..");
const E2E = path.join(ROOT, "e2e");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(?:ts|tsx|mts|js|mjs)$/.test(entry.name) ? [full] : [];
  });
}

test("no spec or helper takes a contract value from lib/", () => {
  const files = sourceFiles(E2E);
  expect(files.length).toBeGreaterThan(50);
  const imports = files.flatMap((file) => {
    const source = readFileSync(file, "utf8");
    const specifiers = [...source.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g)].map((match) => match[1]!);
    return specifiers.flatMap((specifier) => {
      const target = specifier.startsWith(".") ? path.relative(ROOT, path.resolve(path.dirname(file), specifier)).split(path.sep).join("/") : specifier.replace(/^@\//, "");
      return target.startsWith("lib/") ? [{ file: path.relative(ROOT, file), target }] : [];
    });
  });
  expect(imports.length, "the scan finds the allowed imports").toBeGreaterThan(0);
  const forbidden = imports.filter(({ target }) => !ALLOWED.some((allowed) => allowed.test(target))).map(({ file, target }) => `${file} imports ${target}`);
  expect(forbidden).toEqual([]);
});
