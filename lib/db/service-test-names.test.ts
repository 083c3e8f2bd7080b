import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SERVICE_TEST_SUFFIX, serviceTestFiles, testFilesUnder } from "./service-test-files.ts";

/**
 * A test file's tier is in its name: one that opens a database (lib/db/test-database.ts, directly or through
 * serviceTestDatabase) is a service test, `*.service.test.ts`, and so also runs on PostgreSQL; one that does
 * not is not. A service test named otherwise would silently run on PGlite only.
 */

const ROOT = path.resolve(import.meta.dirname, "../..");

describe("the service tests", () => {
  it("are the test files that open a database, named so", () => {
    const opening = testFilesUnder("lib").filter((file) => /\b(?:openTestDatabase|serviceTestDatabase)\(/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(opening.length).toBeGreaterThan(40);
    expect(opening.filter((file) => !file.endsWith(SERVICE_TEST_SUFFIX)), "open a database but are not named *.service.test.ts").toEqual([]);
    expect(serviceTestFiles().filter((file) => !opening.includes(file)), "named *.service.test.ts but open no database").toEqual([]);
  });
});
