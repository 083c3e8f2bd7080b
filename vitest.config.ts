import { availableParallelism } from "node:os";
import path from "node:path";

import { defineConfig } from "vitest/config";
import { POSTGRES_ONLY_SUFFIX } from "./lib/db/service-test-files.ts";

/**
 * Test files that change what a whole process shares: `process.env.TZ` takes effect only in a process of its
 * own, not in a worker thread (vitest's `pool` docs). They run in forks; every other file in worker threads,
 * which start faster.
 */
const PROCESS_WIDE = ["lib/calendar/ics.test.ts"];
const NOT_TESTS = [
  "node_modules/**",
  "e2e/**",
  ".next/**",
  ".data/**",
  // Without PostgreSQL (the in-memory PGlite run), its own tier is left out rather than skipped.
  ...(process.env.SERVICE_TEST_DATABASE_URL ? [] : [`**/*${POSTGRES_ONLY_SUFFIX}`]),
];

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React Server Components; unit tests import server modules directly.
      "server-only": path.resolve(import.meta.dirname, "scripts/empty-module.ts"),
    },
  },
  test: {
    testTimeout: 60000,
    // Every migration applied once per run, into the template each service test's database is copied from.
    globalSetup: ["lib/db/test-database-template.ts"],
    // Vitest's default leaves one core of two idle, while service tests spend much of their time waiting on
    // their database: a worker per core (and one more) keeps both busy. On 2 cores, in worker threads, the
    // suite went from 179 s (forks, one worker) to about 100 s, and the service tests on PostgreSQL from 92 s to 54 s.
    maxWorkers: availableParallelism() + 1,
    projects: [
      { extends: true, test: { name: "threads", pool: "threads", include: ["**/*.test.ts"], exclude: [...NOT_TESTS, ...PROCESS_WIDE] } },
      { extends: true, test: { name: "process-wide", pool: "forks", include: PROCESS_WIDE } },
    ],
  },
});
