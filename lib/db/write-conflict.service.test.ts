import { describe, expect, it } from "vitest";
import { serviceTestDatabase } from "./service-test.ts";
import { isWriteConflict } from "./write-conflict.ts";

const database = serviceTestDatabase();

/** Two transactions that each lock one row, then want the other's: PostgreSQL's deadlock, if they overlap. */
async function crossingWrites(viaPrisma: boolean): Promise<PromiseSettledResult<void>[]> {
  await database.query(`CREATE TABLE IF NOT EXISTS crossing_probe (id int PRIMARY KEY, n int NOT NULL)`);
  await database.query(`INSERT INTO crossing_probe VALUES (1, 0), (2, 0) ON CONFLICT (id) DO NOTHING`);
  // On PostgreSQL each waits until both hold their first row, so the cycle always forms (a fixed pause would
  // not, if one transaction started late on a busy machine). The embedded database runs one transaction at
  // a time: waiting for the other there would wait forever.
  let holding = 0;
  let bothHold!: () => void;
  const bothHolding = new Promise<void>((resolve) => (bothHold = resolve));
  const write = (first: number, second: number) =>
    database.transaction(async (tx) => {
      await tx.query(`UPDATE crossing_probe SET n = n + 1 WHERE id = $1`, [first]);
      holding += 1;
      if (holding === 2) bothHold();
      if (database.kind === "postgres") await bothHolding;
      if (viaPrisma) await tx.prisma.$executeRawUnsafe(`UPDATE crossing_probe SET n = n + 1 WHERE id = $1`, second);
      else await tx.query(`UPDATE crossing_probe SET n = n + 1 WHERE id = $1`, [second]);
    });
  return Promise.allSettled([write(1, 2), write(2, 1)]);
}

describe("isWriteConflict on the errors a real deadlock throws", () => {
  it.each([
    ["a raw query in a transaction", false],
    ["Prisma's raw execute in a transaction", true],
  ])("%s: one of two crossing transactions is given up, and is recognised as a write conflict", async (_label, viaPrisma) => {
    const results = await crossingWrites(viaPrisma);
    const failed = results.filter((result) => result.status === "rejected");
    if (database.kind === "postgres") {
      // PostgreSQL detects the cycle and cancels exactly one of the two (40P01); the other commits.
      expect(failed).toHaveLength(1);
      expect(isWriteConflict((failed[0] as PromiseRejectedResult).reason)).toBe(true);
    } else {
      // The embedded database has one connection: its transactions take turns, and there is no cycle to break.
      expect(failed).toHaveLength(0);
    }
  }, 30_000);

  it.each([
    ["a unique violation", Object.assign(new Error("duplicate key value violates unique constraint"), { code: "23505" })],
    ["Prisma's record-not-found", Object.assign(new Error("No record was found for an update."), { code: "P2025" })],
    ["a plain bug", new TypeError("Cannot read properties of undefined (reading 'id')")],
    ["not an error", "40P01"],
    ["null", null],
  ])("%s is not a write conflict (stays a 500 or its own answer)", (_label, error) => {
    expect(isWriteConflict(error)).toBe(false);
  });
});
