import "server-only";
import type { RequestContext } from "../http/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { DATA_REQUEST_COLUMNS, dataRequestBodyFromRow, type DataRequestRow } from "./data-request-body.ts";
import { DATA_REQUEST_STATUS, DATA_REQUEST_TYPE, type DataRequest } from "./schemas.ts";
import { inTransaction } from "./transaction.ts";

export const ONLY_PENDING_DELETIONS_CANCEL = "only a pending deletion can be cancelled";

/**
 * POST /api/v1/privacy/data-requests/me/{id}/cancel (docs/decisions/0010): a pending deletion becomes
 * `cancelled`. The request row is locked first, so a cancellation and the deletion command never both
 * win: whichever locks it first decides. Cancelling a cancelled deletion answers it as it is; an export
 * or a carried-out deletion is `conflict`; someone else's request or an unknown id is `not_found`.
 */
export async function cancelDeletionRequestOrThrow(userId: string, requestId: string, context: RequestContext, now = new Date()): Promise<DataRequest> {
  if (!isUuid(requestId)) throw notFound("data request");
  return inTransaction(async (query, tx) => {
    const [row] = await query<DataRequestRow>(
      `SELECT ${DATA_REQUEST_COLUMNS} FROM data_request WHERE id = $1::uuid AND user_id = $2::uuid FOR UPDATE`,
      [requestId, userId],
    );
    if (!row) throw notFound("data request");
    if (row.type === DATA_REQUEST_TYPE.deletion && row.status === DATA_REQUEST_STATUS.cancelled) return dataRequestBodyFromRow(row);
    if (row.type !== DATA_REQUEST_TYPE.deletion || row.status !== DATA_REQUEST_STATUS.pending) throw new IdentityError("conflict", ONLY_PENDING_DELETIONS_CANCEL);
    const [cancelled] = await query<DataRequestRow>(
      `UPDATE data_request SET status = $2, cancelled_at = $3::timestamptz WHERE id = $1::uuid RETURNING ${DATA_REQUEST_COLUMNS}`,
      [requestId, DATA_REQUEST_STATUS.cancelled, now],
    );
    await recordSecurityEvent({ userId, type: "deletion_cancelled", context, detail: { request_id: requestId } }, tx);
    return dataRequestBodyFromRow(cancelled!);
  });
}
