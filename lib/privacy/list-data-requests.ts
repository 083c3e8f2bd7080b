import "server-only";
import { sql } from "../db.ts";
import { DATA_REQUEST_COLUMNS, dataRequestBodyFromRow, type DataRequestRow } from "./data-request-body.ts";
import type { DataRequest } from "./schemas.ts";

/** The contract has no paging here; a member makes few requests, and exports are rate limited. */
export const DATA_REQUEST_LIST_LIMIT = 100;

/** The member's privacy requests, newest first (at most the newest 100). */
export async function listDataRequests(userId: string): Promise<DataRequest[]> {
  const rows = await sql<DataRequestRow>(
    `SELECT ${DATA_REQUEST_COLUMNS} FROM data_request WHERE user_id = $1::uuid ORDER BY created_at DESC, id DESC LIMIT ${DATA_REQUEST_LIST_LIMIT}`,
    [userId],
  );
  return rows.map(dataRequestBodyFromRow);
}
