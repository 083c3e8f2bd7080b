import "server-only";
import type { Database } from "../db/database.ts";
import { eraseMember } from "./erase-member.ts";
import { LONG_TRANSACTION } from "./long-transaction.ts";
import { DATA_REQUEST_STATUS } from "./schemas.ts";

export interface DeletionRun {
  /** Ids of the deletion requests carried out by this run. */
  carriedOut: string[];
}

/**
 * Carries out every pending deletion whose grace period has ended: the member is erased and the request
 * becomes `fulfilled`. One transaction per request: a failure stops the run with every earlier one done
 * and that one still pending, to be tried again by the next run.
 *
 * Safe to run from several machines at once: each transaction claims its request with
 * `FOR UPDATE SKIP LOCKED`, so a request being handled elsewhere is skipped rather than done twice, and
 * a request a member is cancelling at that moment (it holds the same row lock) is decided by whoever
 * locked first. Idempotent: a fulfilled request is never picked again.
 */
export async function runDueDeletions(database: Database, options: { now?: Date; limit?: number } = {}): Promise<DeletionRun> {
  const now = options.now ?? new Date();
  const limit = options.limit ?? 1_000;
  const carriedOut: string[] = [];
  while (carriedOut.length < limit) {
    const done = await database.transaction(async (tx) => {
      // Raw: claimed with SKIP LOCKED (docs/decisions/0019, reason 2).
      const [request] = await tx.query<{ id: string; user_id: string | null }>(
        `SELECT id::text, user_id::text FROM data_request
          WHERE type = 'deletion' AND status = 'pending' AND due_at <= $1::timestamptz
          ORDER BY due_at, id LIMIT 1 FOR UPDATE SKIP LOCKED`,
        [now],
      );
      if (!request) return null;
      // A request whose account is already gone (removed by staff meanwhile) is simply marked done.
      if (request.user_id) await eraseMember(tx, request.user_id);
      await tx.prisma.dataRequest.update({
        where: { id: request.id },
        data: { status: DATA_REQUEST_STATUS.fulfilled, fulfilledAt: new Date(), userId: null },
        select: { id: true },
      });
      return request.id;
    }, LONG_TRANSACTION);
    if (!done) break;
    carriedOut.push(done);
  }
  return { carriedOut };
}
