import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { DATA_REQUEST_SELECT, dataRequestBody } from "./data-request-body.ts";
import { LONG_TRANSACTION } from "./long-transaction.ts";
import { DATA_REQUEST_STATUS, DATA_REQUEST_TYPE, type DataRequest } from "./schemas.ts";

export const ONLY_PENDING_DELETIONS_CANCEL = "only a pending deletion can be cancelled";

/**
 * POST /api/v1/privacy/data-requests/me/{id}/cancel (docs/decisions/0010): a pending deletion becomes
 * `cancelled`. The request row is locked first, so a cancellation and the deletion command never both
 * win: whichever locks it first decides. Cancelling a cancelled deletion answers it as it is; an export
 * or a carried-out deletion is `conflict`; someone else's request or an unknown id is `not_found`.
 */
export async function cancelDeletionRequestOrThrow(database: Database, userId: string, requestId: string, context: RequestContext, now = new Date()): Promise<DataRequest> {
  if (!isUuid(requestId)) throw notFound("data request");
  return database.transaction(async (tx) => {
    // Raw: a row lock held to the end of the transaction (docs/decisions/0019, reason 2).
    const [locked] = await tx.query<{ type: string; status: string }>(
      `SELECT type, status FROM data_request WHERE id = $1::uuid AND user_id = $2::uuid FOR UPDATE`,
      [requestId, userId],
    );
    if (!locked) throw notFound("data request");
    if (locked.type === DATA_REQUEST_TYPE.deletion && locked.status === DATA_REQUEST_STATUS.cancelled) {
      return dataRequestBody(await tx.prisma.dataRequest.findUniqueOrThrow({ where: { id: requestId }, select: DATA_REQUEST_SELECT }));
    }
    if (locked.type !== DATA_REQUEST_TYPE.deletion || locked.status !== DATA_REQUEST_STATUS.pending) throw new IdentityError("conflict", ONLY_PENDING_DELETIONS_CANCEL);
    const cancelled = await tx.prisma.dataRequest.update({
      where: { id: requestId },
      data: { status: DATA_REQUEST_STATUS.cancelled, cancelledAt: now },
      select: DATA_REQUEST_SELECT,
    });
    await recordSecurityEvent(tx, { userId, type: "deletion_cancelled", context, detail: { request_id: requestId } });
    return dataRequestBody(cancelled);
  }, LONG_TRANSACTION);
}
