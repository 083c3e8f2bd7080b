import "server-only";
import { sql } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";

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
export async function getDataExportOrThrow(userId: string, requestId: string, context: RequestContext): Promise<StoredExport> {
  if (!isUuid(requestId)) throw notFound("export");
  const [row] = await sql<{ json: string; created_at: Date | string }>(
    `SELECT export_json AS json, created_at FROM data_request
      WHERE id = $1::uuid AND user_id = $2::uuid AND type = 'export' AND status = 'fulfilled' AND export_json IS NOT NULL`,
    [requestId, userId],
  );
  if (!row) throw notFound("export");
  await recordSecurityEvent({ userId, type: "data_export_downloaded", context, detail: { request_id: requestId } });
  return { json: row.json, createdAt: new Date(row.created_at) };
}
