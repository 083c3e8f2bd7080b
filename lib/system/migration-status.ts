/**
 * Whether a database's migration history (`_prisma_migrations`) is current for the migrations this build
 * ships (prisma/migrations). Pure, so every case is unit-tested.
 *
 * Current means: every shipped migration is applied (finished, not rolled back) with the same checksum, and
 * no migration is left half-applied. A database AHEAD of the build (applied migrations this build does not
 * know) is still current: during a rolling deploy the new release migrates first while old instances keep
 * serving, and migrations are written to be compatible with the release before (docs/deployment.md).
 */
export interface ShippedMigration {
  name: string;
  checksum: string;
}

export interface AppliedMigration {
  migration_name: string;
  checksum: string;
  finished_at: Date | string | null;
  rolled_back_at: Date | string | null;
}

export interface MigrationStatus {
  current: boolean;
  shipped: number;
  applied: number;
  /** Shipped but not applied. */
  pending: string[];
  /** Started and never finished nor rolled back: someone must resolve it. */
  failed: string[];
  /** Applied with a different checksum: the file was changed after it ran. */
  edited: string[];
}

export function compareMigrations(shipped: readonly ShippedMigration[], history: readonly AppliedMigration[]): MigrationStatus {
  const failed = history.filter((row) => row.finished_at === null && row.rolled_back_at === null).map((row) => row.migration_name);
  const applied = new Map(history.filter((row) => row.finished_at !== null && row.rolled_back_at === null).map((row) => [row.migration_name, row]));
  const pending: string[] = [];
  const edited: string[] = [];
  for (const migration of shipped) {
    const row = applied.get(migration.name);
    if (!row) pending.push(migration.name);
    else if (row.checksum !== migration.checksum) edited.push(migration.name);
  }
  return {
    // A build that ships no migrations is a packaging mistake (the folder was left out), never "current".
    current: shipped.length > 0 && pending.length === 0 && failed.length === 0 && edited.length === 0,
    shipped: shipped.length,
    applied: applied.size,
    pending,
    failed,
    edited,
  };
}

/** One sentence for the 503's error_description: counts, never names (the route needs no sign-in). */
export function describeMigrationStatus(status: MigrationStatus): string {
  if (status.shipped === 0) return "this build ships no migrations";
  const problems: string[] = [];
  if (status.failed.length > 0) problems.push(`${status.failed.length} failed`);
  if (status.pending.length > 0) problems.push(`${status.pending.length} of ${status.shipped} not applied`);
  if (status.edited.length > 0) problems.push(`${status.edited.length} changed after they were applied`);
  return `database migrations are not current: ${problems.join(", ")}`;
}
