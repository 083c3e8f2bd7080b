// Prisma CLI configuration. The CLI only needs the schema to generate the client; migrations are
// applied by our own runner (scripts/db-migrate.ts), so no schema-engine binary is ever downloaded.
// `prisma generate` still insists on one being present; any executable satisfies it (see docs/decisions/0002).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= "/bin/false";
process.env.CHECKPOINT_DISABLE ??= "1";

import { defineConfig } from "prisma/config";

export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
});
