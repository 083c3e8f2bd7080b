import { describe, expect, it } from "vitest";
import { compareMigrations, describeMigrationStatus, type AppliedMigration } from "./migration-status.ts";

const shipped = [
  { name: "20260101000000_init", checksum: "a".repeat(64) },
  { name: "20260201000000_accounts", checksum: "b".repeat(64) },
  { name: "20260301000000_families", checksum: "c".repeat(64) },
];
const done = (name: string, checksum: string): AppliedMigration => ({ migration_name: name, checksum, finished_at: new Date("2026-03-01T00:00:00Z"), rolled_back_at: null });
const allApplied = shipped.map((migration) => done(migration.name, migration.checksum));

describe("compareMigrations", () => {
  it("is current when every shipped migration is applied with its checksum", () => {
    expect(compareMigrations(shipped, allApplied)).toEqual({ current: true, shipped: 3, applied: 3, pending: [], failed: [], edited: [] });
  });

  it("is not current when one is missing (a row deleted, or a deploy that skipped db:migrate)", () => {
    const status = compareMigrations(shipped, allApplied.filter((row) => row.migration_name !== "20260201000000_accounts"));
    expect(status).toEqual({ current: false, shipped: 3, applied: 2, pending: ["20260201000000_accounts"], failed: [], edited: [] });
    expect(describeMigrationStatus(status)).toBe("database migrations are not current: 1 of 3 not applied");
  });

  it("is not current on an empty database", () => {
    expect(describeMigrationStatus(compareMigrations(shipped, []))).toBe("database migrations are not current: 3 of 3 not applied");
  });

  it("does not count a rolled-back migration as applied, and names a half-applied one as failed", () => {
    const history = [
      ...allApplied.slice(0, 2),
      { ...done("20260301000000_families", "c".repeat(64)), finished_at: null, rolled_back_at: "2026-03-02T00:00:00Z" },
      { ...done("20260301000000_families", "c".repeat(64)), finished_at: null },
    ];
    const status = compareMigrations(shipped, history);
    expect(status).toMatchObject({ current: false, applied: 2, pending: ["20260301000000_families"], failed: ["20260301000000_families"] });
    expect(describeMigrationStatus(status)).toBe("database migrations are not current: 1 failed, 1 of 3 not applied");
  });

  it("is not current when a shipped file differs from what was applied", () => {
    const history = [...allApplied.slice(0, 2), done("20260301000000_families", "d".repeat(64))];
    const status = compareMigrations(shipped, history);
    expect(status).toMatchObject({ current: false, edited: ["20260301000000_families"] });
    expect(describeMigrationStatus(status)).toBe("database migrations are not current: 1 changed after they were applied");
  });

  it("stays current when the database is ahead of this build (a rolling deploy migrated first)", () => {
    const status = compareMigrations(shipped.slice(0, 2), allApplied);
    expect(status).toEqual({ current: true, shipped: 2, applied: 3, pending: [], failed: [], edited: [] });
  });

  it("is never current for a build that ships no migrations", () => {
    const status = compareMigrations([], allApplied);
    expect(status.current).toBe(false);
    expect(describeMigrationStatus(status)).toBe("this build ships no migrations");
  });
});
