import path from "node:path";

import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname),
      // `server-only` throws outside React Server Components; unit tests import server modules directly.
      "server-only": path.resolve(import.meta.dirname, "scripts/empty-module.ts"),
    },
  },
  test: {
    include: ["**/*.test.ts"],
    exclude: ["node_modules/**", "e2e/**", ".next/**", ".data/**"],
    testTimeout: 60000,
    // Every migration applied once per run, into the template each service test's database is copied from.
    globalSetup: ["lib/db/test-database-template.ts"],
  },
});
