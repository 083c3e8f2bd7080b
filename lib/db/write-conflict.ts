/**
 * Whether an error is PostgreSQL giving up one of two transactions that got in each other's way: a deadlock
 * (40P01) or a serialization failure (40001). Nothing of that transaction was written; the same request sent
 * again succeeds. It arrives from `pg` with its SQLSTATE, from a Prisma model call as P2034, or from a raw
 * query in a transaction as P2010 whose driver adapter error (`meta.driverAdapterError`) is of kind
 * TransactionWriteConflict with the SQLSTATE as `originalCode`: each shape seen on PostgreSQL 15.
 * The identity surface answers it as `conflict` (409) saying so, not as a 500: two staff writes on the
 * calendar at one moment can deadlock on the calendar's version row, which every event write bumps.
 */
const CODES = new Set(["40P01", "40001", "P2034"]);

export function isWriteConflict(error: unknown): boolean {
  const pending: unknown[] = [error];
  for (let seen = 0; seen < 16 && pending.length > 0; seen++) {
    const current = pending.shift();
    if (current === null || typeof current !== "object") continue;
    const candidate = current as { code?: unknown; originalCode?: unknown; kind?: unknown; cause?: unknown; meta?: { driverAdapterError?: unknown } };
    if (candidate.kind === "TransactionWriteConflict") return true;
    for (const code of [candidate.code, candidate.originalCode]) if (typeof code === "string" && CODES.has(code)) return true;
    pending.push(candidate.cause, candidate.meta?.driverAdapterError);
  }
  return false;
}
