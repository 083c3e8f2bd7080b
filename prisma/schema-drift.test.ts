// Drift check: replaying prisma/migrations must give exactly the database prisma/schema.prisma describes.
// If this fails, schema.prisma changed without a migration: run `npm run db:diff -- <name>`.

import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { diffMigrationsToSchema, hasSqlStatements } from "@/lib/db/schema-engine";

const migrationsDir = path.join(import.meta.dirname, "migrations");
const schemaPath = path.join(import.meta.dirname, "schema.prisma");

const tempDirs: string[] = [];
afterAll(async () => {
  await Promise.all(tempDirs.map((dir) => rm(dir, { recursive: true, force: true })));
});

describe("prisma/migrations and schema.prisma", () => {
  it("agree: the migrations produce the schema, so the next migration would be empty", async () => {
    const sql = await diffMigrationsToSchema({ migrationsDir, schemaPath });
    expect(hasSqlStatements(sql), `schema.prisma has changes no migration holds:\n${sql}`).toBe(false);
  });

  it("disagree when the schema gains a model and a column the migrations lack", async () => {
    const schema = await readFile(schemaPath, "utf8");
    const drifted =
      schema.replace(/^model Event \{$/m, 'model Event {\n  driftNote String? @map("drift_note")') +
      '\nmodel DriftProbe {\n  id String @id\n\n  @@map("drift_probe")\n}\n';
    expect(drifted).toContain("drift_note"); // the replace found the Event model

    const dir = await mkdtemp(path.join(os.tmpdir(), "schema-drift-"));
    tempDirs.push(dir);
    const driftedPath = path.join(dir, "schema.prisma");
    await writeFile(driftedPath, drifted);

    const sql = await diffMigrationsToSchema({ migrationsDir, schemaPath: driftedPath });
    expect(hasSqlStatements(sql)).toBe(true);
    expect(sql).toMatch(/ALTER TABLE "event" ADD COLUMN\s+"drift_note" TEXT;/);
    expect(sql).toMatch(/CREATE TABLE "drift_probe" \(\s+"id" TEXT NOT NULL,/);
  });
});
