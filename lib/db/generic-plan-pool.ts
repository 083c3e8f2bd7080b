import type pg from "pg";

const FORCE_GENERIC_PLAN = "SET plan_cache_mode = force_generic_plan";

/**
 * Queries on a pool of connections whose session runs every statement on its generic plan (decision 0030).
 * A connection's first use sets the mode and waits for it before the statement it was taken for. Handing
 * the SET to the pool's "connect" event instead queued it beside that statement on a busy client, which
 * pg 8 warns is deprecated (a DeprecationWarning in every server's log) and pg 9 refuses.
 *
 * Should the SET fail, the connection keeps PostgreSQL's own choice of plan: slower, never wrong. As with
 * `pool.query`, a connection whose statement failed, or which was lost while taken, is not given back to the pool.
 */
export function genericPlanQueryOn(pool: pg.Pool): (config: pg.QueryConfig) => Promise<pg.QueryResult> {
  const inGenericPlanMode = new WeakSet<pg.PoolClient>();
  return async (config) => {
    const client = await pool.connect();
    let failure: Error | undefined;
    // A connection that ends (PostgreSQL stopped) makes pg's client emit "error" even while a statement runs,
    // and the pool listens only to idle clients: unheard, it is the process's uncaught exception (found by the
    // fault proof). The statement is failed with the same error, so hearing it is enough.
    const onConnectionError = (error: Error) => (failure ??= error);
    client.on("error", onConnectionError);
    try {
      if (!inGenericPlanMode.has(client)) {
        inGenericPlanMode.add(client);
        await client.query(FORCE_GENERIC_PLAN).catch(() => undefined);
      }
      return await client.query(config);
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
      throw error;
    } finally {
      client.removeListener("error", onConnectionError);
      client.release(failure);
    }
  };
}
