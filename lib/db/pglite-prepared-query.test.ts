import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlQuery } from "./database.ts";
import { preparedQueryOn } from "./pglite-prepared-query.ts";

// The embedded database's raw queries as prepared statements (lib/db.ts): the same rows, types, errors and
// notifications as PGlite's own `query`, never inside another caller's transaction, and on the generic plan
// only when asked (the forced mode never outlives its call).

let pglite: PGlite;
let prepared: SqlQuery;

beforeAll(async () => {
  pglite = await PGlite.create();
  prepared = preparedQueryOn(pglite);
  await pglite.exec(`
    CREATE TABLE probe (id int PRIMARY KEY, label text, big bigint, flag boolean, at timestamptz, day date, tags text[], doc jsonb, ratio numeric, uid uuid);
    INSERT INTO probe VALUES
      (1, 'one', 9007199254740993, true, '2026-03-08 06:59:59.999+00', '2026-03-08', ARRAY['a','b'], '{"k":[1,2]}', 1.5, '2b5f6a52-3c1e-4c1e-9d0a-0a1b2c3d4e5f'),
      (2, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
      (3, 'it''s "quoted" ⌘', -1, false, '1999-12-31 23:59:59+00', '1999-12-31', ARRAY[]::text[], '[]', 0, NULL);
  `);
  // Starting PGlite (WebAssembly) took over 10 s on a loaded 2-core machine: the service tests' own allowance.
}, 120_000);

afterAll(async () => {
  await pglite.close();
});

describe("prepared queries on the embedded database", () => {
  const cases: [string, string, unknown[]][] = [
    ["every column type, every row", `SELECT * FROM probe ORDER BY id`, []],
    ["parameters of several types", `SELECT id, label FROM probe WHERE id = ANY($1::int[]) AND (at IS NULL OR at < $2::timestamptz) AND coalesce(flag, $3) ORDER BY id`, [[1, 2, 3], new Date("2030-01-01T00:00:00Z"), true]],
    ["a null parameter", `SELECT count(*)::int AS n FROM probe WHERE label IS NOT DISTINCT FROM $1`, [null]],
    ["a json parameter", `SELECT $1::jsonb -> 'k' AS k`, [{ k: ["x", 1] }]],
    ["no rows", `SELECT id FROM probe WHERE id > $1`, [100]],
    ["the same text again, other values", `SELECT id FROM probe WHERE id > $1 ORDER BY id`, [1]],
  ];

  it.each(cases)("%s: the rows PGlite's own query gives", async (_label, text, params) => {
    expect(await prepared(text, params)).toEqual((await pglite.query(text, params)).rows);
    // A second call runs the statement already prepared.
    expect(await prepared(text, params)).toEqual((await pglite.query(text, params)).rows);
  });

  it("writes (with and without RETURNING) and sees them", async () => {
    expect(await prepared(`UPDATE probe SET label = $2 WHERE id = $1`, [2, "two"])).toEqual([]);
    expect(await prepared(`UPDATE probe SET big = big + 1 WHERE id = $1 RETURNING id, big::text AS big`, [1])).toEqual([{ id: 1, big: "9007199254740994" }]);
    expect((await pglite.query(`SELECT label FROM probe WHERE id = 2`)).rows).toEqual([{ label: "two" }]);
  });

  it("throws PostgreSQL's own error, and the next query works", async () => {
    const error = await prepared(`INSERT INTO probe (id) VALUES ($1)`, [1]).then(
      () => null,
      (caught: unknown) => caught as { code?: string },
    );
    expect(error?.code).toBe("23505");
    const syntax = await prepared(`SELEC 1`).then(
      () => null,
      (caught: unknown) => caught as { code?: string },
    );
    expect(syntax?.code).toBe("42601");
    expect(await prepared(`SELECT 1 AS one`)).toEqual([{ one: 1 }]);
  });

  it("waits for an open transaction instead of running inside it", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = pglite.transaction(async (tx) => {
      await tx.query(`UPDATE probe SET label = 'uncommitted' WHERE id = 3`);
      await held;
      await tx.rollback();
    });
    const read = prepared<{ label: string }>(`SELECT label FROM probe WHERE id = $1`, [3]);
    await new Promise((resolve) => setTimeout(resolve, 50));
    release();
    await transaction;
    expect(await read).toEqual([{ label: `it's "quoted" ⌘` }]);
  });

  async function planCounts(text: string): Promise<{ generic: number; custom: number }> {
    const { rows } = await pglite.query<{ generic: number; custom: number }>(
      `SELECT generic_plans::int AS generic, custom_plans::int AS custom FROM pg_prepared_statements WHERE statement = $1`,
      [text],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  async function planCacheMode(): Promise<string> {
    return (await pglite.query<{ plan_cache_mode: string }>(`SHOW plan_cache_mode`)).rows[0]!.plan_cache_mode;
  }

  it("runs a generic-plan call on the statement's generic plan, with the same rows, and leaves the mode as it was", async () => {
    const text = `SELECT id, label FROM probe WHERE id >= $1 ORDER BY id LIMIT $2`;
    for (const params of [[1, 2], [2, 5], [4, 1]]) {
      expect(await prepared(text, params, { genericPlan: true })).toEqual((await pglite.query(text, params)).rows);
    }
    expect(await planCounts(text)).toEqual({ generic: 3, custom: 0 });
    expect(await planCacheMode()).toBe("auto");
    // PostgreSQL's own choice for the calls that do not ask: its first calls are custom plans.
    const other = `SELECT id FROM probe WHERE id >= $1 ORDER BY id LIMIT $2`;
    await prepared(other, [1, 2]);
    expect(await planCounts(other)).toEqual({ generic: 0, custom: 1 });
  });

  it("rolls the forced mode back with a generic-plan call that fails", async () => {
    const failing = `SELECT 10 / $1::int AS quotient`;
    const error = await prepared(failing, [0], { genericPlan: true }).then(
      () => null,
      (caught: unknown) => caught as { code?: string },
    );
    expect(error?.code).toBe("22012");
    expect(await planCacheMode()).toBe("auto");
    const next = `SELECT label FROM probe WHERE id = $1 AND $2::int > 0`;
    expect(await prepared(next, [1, 1])).toEqual([{ label: "one" }]);
    expect(await planCounts(next)).toEqual({ generic: 0, custom: 1 });
    expect(await prepared(failing, [5], { genericPlan: true })).toEqual([{ quotient: 2 }]);
  });

  it("hands notifications to PGlite's listeners", async () => {
    const heard: string[] = [];
    await pglite.listen("probe_channel", (payload) => heard.push(payload));
    await prepared(`SELECT pg_notify('probe_channel', $1)`, ["hello"]);
    expect(heard).toEqual(["hello"]);
  });
});
