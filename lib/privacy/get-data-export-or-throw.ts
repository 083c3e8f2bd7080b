import "server-only";
import type { Database } from "../db/database.ts";
import type { RequestContext } from "../kernel/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { DATA_REQUEST_STATUS, DATA_REQUEST_TYPE } from "./schemas.ts";

export interface StoredExport {
  /** The document exactly as it was built (already checked against DataExportSchema then). */
  json: string;
  createdAt: Date;
}

/**
 * The stored JSON of one of the member's exports. A deletion request has no download, so it is
 * `not_found` here like someone else's request or an unknown id. Each download is logged: it is the whole
 * account in one file, and a member should see if someone else fetched it.
 */
export async function getDataExportOrThrow(database: Database, userId: string, requestId: string, context: RequestContext): Promise<StoredExport> {
  if (!isUuid(requestId)) throw notFound("export");
  const stored = await database.prisma.dataRequest.findFirst({
    where: { id: requestId, userId, type: DATA_REQUEST_TYPE.export, status: DATA_REQUEST_STATUS.fulfilled, exportJson: { not: null } },
    select: { exportJson: true, createdAt: true },
  });
  if (!stored?.exportJson) throw notFound("export");
  await recordSecurityEvent(database, { userId, type: "data_export_downloaded", context, detail: { request_id: requestId } });
  return { json: stored.exportJson, createdAt: stored.createdAt };
}
