import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Database } from "../db/database.ts";

// In lib/http: only edges and wrappers open the process's database (lib/db.ts), as the calendar wrapper does.

// The embedded database as the server opens it (lib/db.ts, no DATABASE_URL): the calendar's version is read
// once and then known from the trigger's notifications until a calendar write commits (docs/decisions/0029).

const dataDir = mkdtempSync(path.join(tmpdir(), "calendar-version-"));
let database: Database;
let closeDatabase: () => Promise<void>;
let readCalendarVersion: (database: Database) => Promise<string>;

beforeAll(async () => {
  vi.stubEnv("DATABASE_URL", "");
  vi.stubEnv("PGLITE_DATA_DIR", dataDir);
  vi.stubEnv("APP_SECRET", "unit-test-secret-0123456789abcdef0123456789");
  vi.stubEnv("BASE_URL", "http://localhost:3000");
  const db = await import("../db.ts");
  closeDatabase = db.closeDatabase;
  database = await db.database();
  ({ readCalendarVersion } = await import("../calendar/calendar-version.ts"));
}, 120_000);

afterAll(async () => {
  await closeDatabase();
  rmSync(dataDir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe("the calendar's version on the embedded database", () => {
  it("is read once, then answered without a query until a calendar write commits, which it sees at once", async () => {
    expect(database.calendarChanges).toBeTypeOf("function");
    const query = vi.spyOn(database, "query");
    const first = await readCalendarVersion(database);
    expect(query).toHaveBeenCalledTimes(1);
    expect(await readCalendarVersion(database)).toBe(first);
    expect(await readCalendarVersion(database)).toBe(first);
    expect(query).toHaveBeenCalledTimes(1);

    // A statement on a calendar table bumps the version (statement trigger), even when it changes no row.
    await database.query(`UPDATE campus SET name = name WHERE false`);
    const afterWrite = await readCalendarVersion(database);
    expect(afterWrite).not.toBe(first);

    // A transaction's write counts once it commits; a rolled-back one never changed anything.
    await database.transaction(async (tx) => {
      await tx.query(`UPDATE ministry SET name = name WHERE false`);
    });
    const afterTransaction = await readCalendarVersion(database);
    expect(afterTransaction).not.toBe(afterWrite);
    await database
      .transaction(async (tx) => {
        await tx.query(`UPDATE ministry SET name = name WHERE false`);
        throw new Error("roll back");
      })
      .catch(() => undefined);
    const calls = query.mock.calls.length;
    expect(await readCalendarVersion(database)).toBe(afterTransaction);
    expect(query.mock.calls.length).toBe(calls);

    // Reads of other tables change nothing.
    await database.query(`SELECT count(*) FROM event`);
    expect(await readCalendarVersion(database)).toBe(afterTransaction);
    expect(query.mock.calls.length).toBe(calls + 1);
  });
});
