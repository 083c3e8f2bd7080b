import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { genericPlanQueryOn } from "./generic-plan-pool.ts";

// Real PostgreSQL (the one the service tests and e2e use): the session setting and pg's client queue are
// what is under test. Only SHOW and SELECT run, in the server's own `postgres` database.
const serverUrl = process.env.SERVICE_TEST_DATABASE_URL ?? "postgresql://postgres@127.0.0.1:5432/postgres";

describe("genericPlanQueryOn", () => {
  const pools: pg.Pool[] = [];
  const warnings: Error[] = [];
  const onWarning = (warning: Error) => warnings.push(warning);
  const openPool = (max: number) => {
    const pool = new pg.Pool({ connectionString: serverUrl, max });
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    process.off("warning", onWarning);
    warnings.length = 0;
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  it("runs every statement on a new connection in generic plan mode, the connection's first included", async () => {
    process.on("warning", onWarning);
    const query = genericPlanQueryOn(openPool(3));
    const modes = await Promise.all(Array.from({ length: 9 }, () => query({ text: "SHOW plan_cache_mode" })));
    expect(modes.map((result) => result.rows[0])).toEqual(Array.from({ length: 9 }, () => ({ plan_cache_mode: "force_generic_plan" })));
    // pg reports a statement queued on a client that is still busy with another as a DeprecationWarning.
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.map((warning) => warning.message)).toEqual([]);
  });

  it("runs named (prepared) statements with their values", async () => {
    const query = genericPlanQueryOn(openPool(1));
    const config = { name: "generic_plan_pool_test", text: "SELECT $1::int + 1 AS next", values: [41] };
    expect((await query(config)).rows).toEqual([{ next: 42 }]);
    expect((await query({ ...config, values: [1] })).rows).toEqual([{ next: 2 }]);
  });

  it("rejects a failed statement and keeps answering afterwards, still in generic plan mode", async () => {
    const pool = openPool(1);
    const query = genericPlanQueryOn(pool);
    await expect(query({ text: "SELECT no_such_column FROM pg_class" })).rejects.toMatchObject({ code: "42703" });
    expect((await query({ text: "SHOW plan_cache_mode" })).rows).toEqual([{ plan_cache_mode: "force_generic_plan" }]);
    expect(pool.totalCount).toBe(1);
  });

  it("answers a connection lost under a statement as that statement's failure, never as the process's uncaught error, and hands out a new connection after", async () => {
    // pg's client emits "error" when its connection ends, even with a statement running; with nobody listening
    // that is an uncaught exception (the fault proof caught one while PostgreSQL stopped under the feed's load).
    const uncaught: unknown[] = [];
    const onUncaught = (error: unknown) => uncaught.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const pool = openPool(1);
      let acquired: pg.PoolClient | undefined;
      pool.on("acquire", (client) => (acquired = client));
      const query = genericPlanQueryOn(pool);
      const [{ pid }] = (await query({ text: "SELECT pg_backend_pid() AS pid" })).rows as [{ pid: number }];
      const sleeping = query({ text: "SELECT pg_sleep(30)" }).then(
        () => "answered",
        (error: Error) => error.message,
      );
      const admin = new pg.Client({ connectionString: serverUrl });
      await admin.connect();
      try {
        // Once the sleep runs, the socket goes away under it with no word from the server, as when PostgreSQL is killed.
        await expect.poll(async () => (await admin.query("SELECT query FROM pg_stat_activity WHERE pid = $1", [pid])).rows[0]?.query, { timeout: 10_000 }).toMatch(/pg_sleep/);
        (acquired as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy();
        expect(await sleeping).toBe("Connection terminated unexpectedly");
        await new Promise((resolve) => setImmediate(resolve));
        expect(uncaught).toEqual([]);
        expect((await query({ text: "SHOW plan_cache_mode" })).rows).toEqual([{ plan_cache_mode: "force_generic_plan" }]);
      } finally {
        await admin.query("SELECT pg_terminate_backend($1)", [pid]);
        await admin.end();
      }
    } finally {
      process.off("uncaughtException", onUncaught);
    }
  });
});
