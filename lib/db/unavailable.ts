/**
 * Whether an error means "the database is not answering right now" (stopped, restarting, unreachable, or
 * every pooled connection busy past the pool's timeout) rather than a bug. Every surface's wrapper answers
 * those with 503 and Retry-After in its own shape (identity `service_unavailable`, OAuth
 * `temporarily_unavailable`, calendar CalendarError 503, the account forms `service_unavailable`) instead of
 * a 500, so clients retry and load balancers see a passing fault (docs/decisions/0016).
 *
 * The error may come straight from `pg` or wrapped by Prisma's driver adapter (in `cause`, or as a Prisma
 * error code), so the whole cause chain is examined. A raw query's failure (`$queryRaw`, Prisma's P2010)
 * carries the adapter's error in `meta.driverAdapterError` instead, and its kind says what happened: a reset
 * connection there reads only "Server has closed the connection.".
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
/**
 * SQLSTATE class 08 (connection exception), 53300 (too many connections: every slot taken, for now) and
 * 57P01-57P03 (admin shutdown, crash shutdown, cannot connect now).
 */
const SQLSTATES = /^(08\d{3}|08P01|53300|57P0[123])$/;
/** Prisma: can't reach server, timed out, server closed the connection, pool timeout. */
const PRISMA_CODES = new Set(["P1001", "P1002", "P1008", "P1017", "P2024", "P2037"]);
/** Prisma's driver adapter's kinds of the same (its error's `cause.kind`). */
const ADAPTER_KINDS = new Set(["DatabaseNotReachable", "SocketTimeout", "ConnectionClosed", "TooManyConnections"]);
const MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Can't reach database server|the database system is (starting up|shutting down|in recovery mode|not yet accepting connections)|terminating connection due to (administrator command|crash of another server process)|Client has encountered a connection error|Connection refused|server closed the connection unexpectedly|connect ECONNREFUSED|Client was closed and is not queryable|Cannot use a pool after calling end/i;

export const RETRY_AFTER_SECONDS = 5;

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current !== null && typeof current === "object"; depth++) {
    const candidate = current as { code?: unknown; message?: unknown; cause?: unknown; originalCode?: unknown; errors?: unknown; kind?: unknown; meta?: unknown };
    for (const code of [candidate.code, candidate.originalCode]) {
      if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.test(code) || PRISMA_CODES.has(code))) return true;
    }
    if (typeof candidate.kind === "string" && ADAPTER_KINDS.has(candidate.kind)) return true;
    if (typeof candidate.message === "string" && MESSAGES.test(candidate.message)) return true;
    // AggregateError (e.g. a connect attempt to both ::1 and 127.0.0.1).
    if (Array.isArray(candidate.errors) && candidate.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    const adapterError = typeof candidate.meta === "object" && candidate.meta !== null ? (candidate.meta as { driverAdapterError?: unknown }).driverAdapterError : undefined;
    current = candidate.cause ?? adapterError;
  }
  return false;
}
