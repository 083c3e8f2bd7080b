import { DataRequestSchema, type DataRequest } from "./schemas.ts";
import { iso } from "./transaction.ts";

/** A data_request row as the services select it. */
export interface DataRequestRow {
  id: string;
  type: string;
  status: string;
  created_at: Date | string;
  due_at: Date | string | null;
  fulfilled_at: Date | string | null;
  cancelled_at: Date | string | null;
}

export const DATA_REQUEST_COLUMNS = "id::text, type, status, created_at, due_at, fulfilled_at, cancelled_at";

/** The API's DataRequest: timestamps that do not apply are left out, and the schema checks the rest. */
export function dataRequestBodyFromRow(row: DataRequestRow): DataRequest {
  return DataRequestSchema.parse({
    id: row.id,
    type: row.type,
    status: row.status,
    created_at: iso(row.created_at),
    ...(row.due_at ? { due_at: iso(row.due_at) } : {}),
    ...(row.fulfilled_at ? { fulfilled_at: iso(row.fulfilled_at) } : {}),
    ...(row.cancelled_at ? { cancelled_at: iso(row.cancelled_at) } : {}),
  });
}
