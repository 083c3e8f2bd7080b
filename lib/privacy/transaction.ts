import "server-only";
import { db, type SqlQuery } from "../db.ts";
import type { Prisma } from "../generated/prisma/client.ts";

/**
 * Runs `work` in one database transaction, handing it a parameterised SQL function bound to that
 * transaction (and the transaction's Prisma client, for helpers that take one). Privacy requests need row locks (`FOR UPDATE`, `SKIP LOCKED`) held across several
 * statements, and on the embedded database every statement of a transaction must go through its own
 * client (a root-client query inside it deadlocks), so the services take this `query`, never `sql`.
 */
export async function inTransaction<T>(work: (query: SqlQuery, tx: Prisma.TransactionClient) => Promise<T>): Promise<T> {
  return (await db()).$transaction(
    async (tx) => work(<Row>(text: string, params: readonly unknown[] = []) => tx.$queryRawUnsafe<Row[]>(text, ...params), tx),
    // An export reads the member's whole history; a deletion removes it. Both are rare and may take a moment.
    { maxWait: 10_000, timeout: 60_000 },
  );
}

/** A timestamp as the driver returns it (Date, or a string on some paths) as ISO 8601; null stays null. */
export function isoOrNull(value: Date | string | null | undefined): string | null {
  return value === null || value === undefined ? null : new Date(value).toISOString();
}

export function iso(value: Date | string): string {
  return new Date(value).toISOString();
}
