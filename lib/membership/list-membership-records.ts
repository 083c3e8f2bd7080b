import "server-only";
import type { Database } from "../db/database.ts";
import { containsPattern, orderBy, selectPage } from "../staff-lists/paging.ts";
import { STAFF_RECORD_COLUMNS, STAFF_RECORD_TABLES } from "./staff-membership-sql.ts";
import type { AdminMembershipRecord, AdminMembershipRecordsQuery } from "./staff-schemas.ts";

const RECORD_SORT = { familyName: "lower(m.family_name || ' ' || m.given_name)", createdAt: "m.created_at" };

/** The register's search by name, email or phone on file, the pattern in parameter `$index`: the list's, and the invitations' to everyone it finds. */
export function registerSearchCondition(index: number): string {
  return `((m.given_name || ' ' || m.family_name) ILIKE $${index} OR m.email ILIKE $${index} OR m.phone ILIKE $${index})`;
}

/** GET /api/v1/admin/membership/records (membership:read): the register, searched by name, email or phone, linked or not. */
export async function listMembershipRecords(database: Database, query: AdminMembershipRecordsQuery) {
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    conditions.push(registerSearchCondition(values.length));
  }
  if (query.linked) conditions.push(query.linked === "true" ? "m.linked_user_id IS NOT NULL" : "m.linked_user_id IS NULL");
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  return selectPage<AdminMembershipRecord>(database, query, {
    select: STAFF_RECORD_COLUMNS,
    from: `${STAFF_RECORD_TABLES} ${where}`,
    countFrom: `membership_record m ${where}`,
    values,
    order: orderBy(query.sort, RECORD_SORT, "m.id"),
  });
}
