import "server-only";
import type { Database } from "../db/database.ts";
import { notFound } from "../identity/errors.ts";
import { STAFF_RECORD_COLUMNS, STAFF_RECORD_TABLES } from "./staff-membership-sql.ts";
import type { AdminMembershipRecord } from "./staff-schemas.ts";

/** GET /api/v1/admin/membership/records/{id} (membership:read): one register record as the church office keeps it, with the account linked to it. */
export async function getMembershipRecordForStaffOrThrow(database: Database, membershipId: string): Promise<AdminMembershipRecord> {
  if (membershipId.length > 64) throw notFound("membership record");
  const [row] = await database.query<AdminMembershipRecord>(
    `SELECT ${STAFF_RECORD_COLUMNS} FROM ${STAFF_RECORD_TABLES} WHERE m.id = $1`,
    [membershipId],
  );
  if (!row) throw notFound("membership record");
  return row;
}
