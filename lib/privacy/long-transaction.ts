import type { TransactionOptions } from "../db/database.ts";

/**
 * The transaction of a privacy request. Requests hold row locks (`FOR UPDATE`, `SKIP LOCKED`) across
 * several statements; an export reads the member's whole history, a deletion removes it. Both are rare and
 * may take a moment, longer than Prisma's defaults (2 s to get a connection, 5 s to run).
 */
export const LONG_TRANSACTION: TransactionOptions = { maxWait: 10_000, timeout: 60_000 };
