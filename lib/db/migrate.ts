import { createHash, randomUUID } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

/**
 * Applies the SQL migrations of prisma/migrations in order, keeping Prisma's own `_prisma_migrations`
 * history (same table, same checksum, same advisory lock), so `prisma migrate deploy` on a connected
 * machine and this runner offline see one history. Prisma's CLI needs a schema-engine binary that this
 * machine cannot download (docs/decisions/0002-migrations-offline.md).
 */

/** The two statements a database must offer: parameterised queries and multi-statement scripts. */
export interface MigrationConnection {
  query<Row>(sql: string, params?: unknown[]): Promise<Row[]>;
  exec(sql: string): Promise<void>;
}

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

/** Prisma's lock id for migrations (schema-engine's `ADVISORY_LOCK_TIMEOUT` neighbour, a fixed constant). */
const PRISMA_MIGRATION_LOCK_ID = 72707369;

// Read at run time from the project folder; the ignore hint keeps the bundler from tracing the whole
// project because of it (next.config.ts ships the migrations with the server output instead).
export const DEFAULT_MIGRATIONS_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "prisma", "migrations");

/**
 * The migrations of a folder in the order they apply: folder names start with a UTC timestamp, compared
 * by code point. The runner and the schema engine's diff both read through here, so they cannot disagree
 * on the order. A missing folder holds no migrations.
 */
export async function readMigrations(migrationsDir = DEFAULT_MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const entries = await readdir(migrationsDir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return [];
    throw error;
  });
  const names = entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(path.join(migrationsDir, name, "migration.sql"), "utf8");
      return { name, sql, checksum: createHash("sha256").update(sql).digest("hex") };
    }),
  );
}

interface AppliedRow {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
}

/** Applies every pending migration; answers the names it applied. Throws on a failed or edited one. */
export async function applyMigrations(
  connection: MigrationConnection,
  migrationsDir = DEFAULT_MIGRATIONS_DIR,
): Promise<string[]> {
  const migrations = await readMigrations(migrationsDir);
  await connection.query("SELECT pg_advisory_lock($1)", [PRISMA_MIGRATION_LOCK_ID]);
  try {
    await connection.exec(`CREATE TABLE IF NOT EXISTS "_prisma_migrations" (
      "id" VARCHAR(36) PRIMARY KEY NOT NULL,
      "checksum" VARCHAR(64) NOT NULL,
      "finished_at" TIMESTAMPTZ,
      "migration_name" VARCHAR(255) NOT NULL,
      "logs" TEXT,
      "rolled_back_at" TIMESTAMPTZ,
      "started_at" TIMESTAMPTZ NOT NULL DEFAULT now(),
      "applied_steps_count" INTEGER NOT NULL DEFAULT 0
    )`);
    const rows = await connection.query<AppliedRow>(
      `SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`,
    );
    const failed = rows.find((row) => row.finished_at === null && row.rolled_back_at === null);
    if (failed) {
      throw new Error(`Migration ${failed.migration_name} failed earlier; resolve it before applying more.`);
    }
    const applied = new Map(rows.filter((row) => row.rolled_back_at === null).map((row) => [row.migration_name, row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = applied.get(migration.name);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(`Migration ${migration.name} was edited after it was applied; add a new migration instead.`);
        }
        continue;
      }
      await connection.exec("BEGIN");
      try {
        await connection.exec(migration.sql);
        await connection.query(
          `INSERT INTO "_prisma_migrations" (id, checksum, migration_name, started_at, finished_at, applied_steps_count)
           VALUES ($1, $2, $3, now(), now(), 1)`,
          [randomUUID(), migration.checksum, migration.name],
        );
        await connection.exec("COMMIT");
      } catch (error) {
        await connection.exec("ROLLBACK");
        throw new Error(`Migration ${migration.name} failed: ${(error as Error).message}`, { cause: error });
      }
      done.push(migration.name);
    }
    return done;
  } finally {
    await connection.query("SELECT pg_advisory_unlock($1)", [PRISMA_MIGRATION_LOCK_ID]);
  }
}
