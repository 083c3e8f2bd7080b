import type { Prisma, PrismaClient } from "../generated/prisma/client.ts";

/** How a raw query is run. */
export interface QueryOptions {
  /**
   * Run on PostgreSQL's generic plan: planned once per connection, never again per call. PostgreSQL's own
   * choice (plan_cache_mode auto) keeps re-planning a statement whose parameters it cannot estimate, such as
   * a keyset page's bounds, although planning is then half of its cost (docs/decisions/0030). Only for a
   * statement whose one plan is right for every value: bench/explain.ts shows the plans it settles on.
   * Inside a transaction it has no effect.
   */
  genericPlan?: boolean;
}

/** A parameterised SQL query on the handle's connection; rows as the driver decodes them. */
export type SqlQuery = <Row>(text: string, params?: readonly unknown[], options?: QueryOptions) => Promise<Row[]>;

export interface TransactionOptions {
  /** How long to wait for a connection, in ms (Prisma's default is 2 s). */
  maxWait?: number;
  /** How long the transaction may run, in ms (Prisma's default is 5 s). */
  timeout?: number;
}

/**
 * What every service is handed to reach the database (docs/decisions/0019): the route's wrapper passes the
 * process's handle, a service test passes one on an in-memory PGlite. The same two ways of asking work on
 * either a plain handle or a transaction, so a service never needs to know which one it was given:
 * - `prisma` for what a model says plainly (create, update, find by relation);
 * - `query` for what Prisma cannot say in one statement (the rule is in 0019).
 * `transaction` opens one on a plain handle and joins the current one on a transaction's handle, so a
 * service that needs atomicity can always ask for it and still run inside its caller's transaction.
 */
export interface Database {
  readonly prisma: Prisma.TransactionClient;
  readonly query: SqlQuery;
  transaction<T>(work: (tx: Database) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /**
   * Runs `task` once what was written through this handle is committed, handing it the plain handle: at
   * once on a plain handle, after the outermost commit on a transaction's (never on a rollback). For work
   * that must not run on uncommitted rows or hold the transaction open: delivering the outbox.
   */
  afterCommit(task: (database: Database) => void): void;
  /**
   * Only on the embedded database's plain handle, which no other process can write to (PGlite: one process
   * per folder): how many calendar changes have been committed since it opened, counted from the
   * calendar_version notifications. While the count stands still the calendar's version does too, so it
   * needs no query (lib/calendar/calendar-version.ts, docs/decisions/0029).
   */
  readonly calendarChanges?: () => number;
}

/** A handle on a Prisma client and a query function on the same connections (pool or embedded). */
export function databaseOn(prisma: PrismaClient, query: SqlQuery, calendarChanges?: () => number): Database {
  const root: Database = {
    prisma,
    query,
    ...(calendarChanges && { calendarChanges }),
    transaction: async (work, options) => {
      const committed: ((database: Database) => void)[] = [];
      const result = await prisma.$transaction((tx) => work(transactionDatabase(tx, committed)), options);
      for (const task of committed) task(root);
      return result;
    },
    afterCommit: (task) => task(root),
  };
  return root;
}

/**
 * Inside a transaction every statement must use the transaction's own client: a root-client query there
 * runs on another connection (and on the embedded database, which has one, it deadlocks).
 */
function transactionDatabase(tx: Prisma.TransactionClient, committed: ((database: Database) => void)[]): Database {
  const handle: Database = {
    prisma: tx,
    query: <Row>(text: string, params: readonly unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...params),
    transaction: (work) => work(handle),
    afterCommit: (task) => committed.push(task),
  };
  return handle;
}
