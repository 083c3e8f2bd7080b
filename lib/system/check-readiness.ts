import "server-only";
import type { Database } from "../db/database.ts";
import { readMigrations } from "../db/migrate.ts";
import { describeError, logLine } from "../log/json-log.ts";
import { compareMigrations, describeMigrationStatus, type AppliedMigration, type ShippedMigration } from "./migration-status.ts";

/**
 * Readiness: the database answers within two seconds and its migrations are current for this build
 * (migration-status.ts). Used by GET /api/v1/system/ready and the older GET /api/health. Never throws.
 */
export type Readiness =
  | { ready: true; shipped: number; applied: number }
  | { ready: false; reason: "database" | "migrations"; description: string };

const TIMEOUT_MS = 2000;

// The files do not change while the process runs: read them once.
let shippedMigrations: Promise<ShippedMigration[]> | undefined;
function shipped(): Promise<ShippedMigration[]> {
  shippedMigrations ??= readMigrations().then(
    (migrations) => migrations.map(({ name, checksum }) => ({ name, checksum })),
    (error: unknown) => {
      shippedMigrations = undefined;
      throw error;
    },
  );
  return shippedMigrations;
}

async function history(database: Database): Promise<AppliedMigration[]> {
  try {
    // Raw: Prisma's own history table is not a model of ours.
    return await database.query<AppliedMigration>(`SELECT migration_name, checksum, finished_at, rolled_back_at FROM "_prisma_migrations"`);
  } catch (error) {
    // A database no migration ever ran on has no history table: nothing is applied.
    if ((error as { code?: unknown }).code === "42P01") return [];
    throw error;
  }
}

async function probe(database: Database): Promise<Readiness> {
  let rows: AppliedMigration[];
  try {
    rows = await history(database);
  } catch (error) {
    logLine("warn", "readiness: the database does not answer", describeError(error));
    return { ready: false, reason: "database", description: "the database does not answer" };
  }
  const status = compareMigrations(await shipped(), rows);
  if (!status.current) {
    logLine("warn", "readiness: migrations are not current", { pending: status.pending, failed: status.failed, edited: status.edited });
    return { ready: false, reason: "migrations", description: describeMigrationStatus(status) };
  }
  return { ready: true, shipped: status.shipped, applied: status.applied };
}

export async function checkReadiness(database: Database): Promise<Readiness> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Readiness>((resolve) => {
    timer = setTimeout(() => resolve({ ready: false, reason: "database", description: "the database does not answer" }), TIMEOUT_MS);
  });
  try {
    return await Promise.race([
      probe(database).catch((error: unknown): Readiness => {
        logLine("error", "readiness: check failed", describeError(error));
        return { ready: false, reason: "migrations", description: "the migrations shipped with this build cannot be read" };
      }),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
