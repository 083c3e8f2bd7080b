// Writes the next Prisma migration from the change to prisma/schema.prisma: our offline stand-in for
// `prisma migrate dev --create-only`, which needs the schema-engine binary we cannot download (see
// lib/db/schema-engine.ts).
//
//   npm run db:diff -- <name>    write prisma/migrations/<YYYYMMDDHHMMSS>_<name>/migration.sql
//   npm run db:diff -- --check   write nothing; exit 1 and print the SQL if schema and migrations disagree
//
// Exit codes: 0 agree or migration written, 1 disagree (--check), 2 usage or engine error.
// Review the SQL before committing it; Prisma never writes `CREATE EXTENSION`, add those by hand.

import { access, mkdir, writeFile } from "node:fs/promises";
import path from "node:path";

import {
  diffMigrationsToSchema,
  hasSqlStatements,
  MIGRATION_LOCK_CONTENT,
  MIGRATION_LOCK_FILE,
} from "../lib/db/schema-engine.ts";

const root = path.resolve(import.meta.dirname, "..");
const schemaPath = path.join(root, "prisma", "schema.prisma");
const migrationsDir = path.join(root, "prisma", "migrations");
const lockPath = path.join(migrationsDir, MIGRATION_LOCK_FILE);

const USAGE = "usage: npm run db:diff -- <migration_name> | npm run db:diff -- --check";

/** The folder-name suffix, slugified the way `prisma migrate dev --name` does: lower case, `_` separators. */
function migrationSlug(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "")
    .slice(0, 200);
}

/** UTC `YYYYMMDDHHMMSS`, the prefix Prisma gives migration folders (they are applied in name order). */
function timestamp(date: Date): string {
  return date.toISOString().replace(/\D/g, "").slice(0, 14);
}

async function exists(file: string): Promise<boolean> {
  return access(file).then(
    () => true,
    () => false,
  );
}

async function main(args: string[]): Promise<number> {
  const check = args.includes("--check");
  const names = args.filter((arg) => arg !== "--check");
  if (names.some((arg) => arg.startsWith("-")) || names.length > 1 || (!check && names.length === 0)) {
    console.error(USAGE);
    return 2;
  }
  const slug = migrationSlug(names[0] ?? "");
  if (!check && slug === "") {
    console.error(`The migration name "${names[0]}" has no letters or digits.\n${USAGE}`);
    return 2;
  }

  // The engine reads the provider from the lock file, and `prisma migrate deploy` checks it.
  if (!(await exists(lockPath))) {
    if (check) {
      console.error(`${path.relative(root, lockPath)} is missing: run \`npm run db:diff -- <name>\` to create it.`);
      return 1;
    }
    await mkdir(migrationsDir, { recursive: true });
    await writeFile(lockPath, MIGRATION_LOCK_CONTENT);
    console.log(`Wrote ${path.relative(root, lockPath)}`);
  }

  const sql = await diffMigrationsToSchema({ migrationsDir, schemaPath });
  if (!hasSqlStatements(sql)) {
    console.log("schema.prisma and prisma/migrations agree");
    return 0;
  }
  if (check) {
    console.error("schema.prisma and prisma/migrations disagree; the missing migration would be:\n");
    console.log(sql);
    console.error("Run `npm run db:diff -- <name>` to write it.");
    return 1;
  }

  const dir = path.join(migrationsDir, `${timestamp(new Date())}_${slug}`);
  // Like Prisma: never overwrite a migration folder.
  await mkdir(dir, { recursive: false });
  const file = path.join(dir, "migration.sql");
  // The engine's script as is: the same text `prisma migrate dev` would write, one `-- Step` comment each.
  await writeFile(file, sql);
  console.log(path.relative(root, file));
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 2;
  },
);
