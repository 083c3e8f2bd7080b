import "server-only";
import { isUniqueViolation } from "../accounts/unique-violation.ts";
import { db, sql } from "../db.ts";
import type { RequestContext } from "../http/request-context.ts";
import { IdentityError, notFound } from "../identity/errors.ts";
import { isUuid } from "../identity/ids.ts";
import { recordSecurityEvent } from "../security-log/record-security-event.ts";
import { containsPattern, offsetOf, orderBy, pageEnvelope } from "./paging.ts";
import type { AdminMembershipRecord, AdminMembershipRecordsQuery, AdminMembershipSuggestion, AdminSuggestionsQuery } from "./schemas.ts";

/**
 * The church register and members' requests to link a record (membership:read, membership:write). Staff
 * see names and contacts on file here: it is their own register. Approving a request links the record
 * exactly as a member's own code would (lib/membership/verify-membership.ts): one record per member, one
 * member per record, and the member's other requests are closed.
 */

const ISO = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const CAMPUS = `CASE WHEN c.id IS NOT NULL THEN json_build_object('id', c.id, 'name', c.name) END`;

const RECORD_COLUMNS = `m.id AS membership_id, m.given_name, m.family_name, m.birth_date, m.email, m.phone, m.household_id,
  ${CAMPUS} AS campus, m.linked_user_id::text AS linked_user_id, ${ISO("m.linked_at")} AS linked_at`;
const RECORD_SORT = { familyName: "lower(m.family_name || ' ' || m.given_name)", createdAt: "m.created_at" };

export async function listMembershipRecords(query: AdminMembershipRecordsQuery) {
  const values: unknown[] = [];
  const conditions: string[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    conditions.push(`((m.given_name || ' ' || m.family_name) ILIKE $1 OR m.email ILIKE $1 OR m.phone ILIKE $1)`);
  }
  if (query.linked) conditions.push(query.linked === "true" ? "m.linked_user_id IS NOT NULL" : "m.linked_user_id IS NULL");
  const where = conditions.length > 0 ? `WHERE ${conditions.join(" AND ")}` : "";
  const [count] = await sql<{ total: string }>(`SELECT count(*)::text AS total FROM membership_record m ${where}`, values);
  const rows = await sql<AdminMembershipRecord>(
    `SELECT ${RECORD_COLUMNS} FROM membership_record m LEFT JOIN campus c ON c.id = m.campus_id ${where}
      ORDER BY ${orderBy(query.sort, RECORD_SORT, "m.id")} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.per, offsetOf(query)],
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows);
}

export async function getMembershipRecordForStaffOrThrow(membershipId: string): Promise<AdminMembershipRecord> {
  if (membershipId.length > 64) throw notFound("membership record");
  const [row] = await sql<AdminMembershipRecord>(`SELECT ${RECORD_COLUMNS} FROM membership_record m LEFT JOIN campus c ON c.id = m.campus_id WHERE m.id = $1`, [
    membershipId,
  ]);
  if (!row) throw notFound("membership record");
  return row;
}

const SUGGESTION_SELECT = `SELECT json_build_object(
    'id', q.id, 'status', q.status, 'created_at', ${ISO("q.created_at")}, 'decided_at', ${ISO("q.decided_at")},
    'member', json_build_object('id', a.id, 'email', a.email, 'given_name', a.given_name, 'family_name', a.family_name, 'birth_date', a.birth_date),
    'record', json_build_object('membership_id', m.id, 'given_name', m.given_name, 'family_name', m.family_name,
      'birth_date', m.birth_date, 'campus', ${CAMPUS}, 'linked', m.linked_user_id IS NOT NULL)
  )::text AS json
  FROM membership_link_request q JOIN account a ON a.id = q.user_id JOIN membership_record m ON m.id = q.membership_id
  LEFT JOIN campus c ON c.id = m.campus_id`;

export async function listMembershipSuggestions(query: AdminSuggestionsQuery) {
  const values: unknown[] = [query.status];
  const conditions = ["q.status = $1"];
  if (query.q) {
    values.push(containsPattern(query.q));
    conditions.push(
      `((a.given_name || ' ' || a.family_name) ILIKE $2 OR a.email ILIKE $2 OR (m.given_name || ' ' || m.family_name) ILIKE $2 OR m.email ILIKE $2)`,
    );
  }
  const where = `WHERE ${conditions.join(" AND ")}`;
  const [count] = await sql<{ total: string }>(
    `SELECT count(*)::text AS total FROM membership_link_request q JOIN account a ON a.id = q.user_id JOIN membership_record m ON m.id = q.membership_id ${where}`,
    values,
  );
  const rows = await sql<{ json: string }>(
    `${SUGGESTION_SELECT} ${where} ORDER BY ${orderBy(query.sort, { createdAt: "q.created_at" }, "q.id")} LIMIT $${values.length + 1} OFFSET $${values.length + 2}`,
    [...values, query.per, offsetOf(query)],
  );
  return pageEnvelope(query, Number(count?.total ?? 0), rows.map((row) => JSON.parse(row.json) as AdminMembershipSuggestion));
}

export async function getMembershipSuggestionOrThrow(requestId: string): Promise<AdminMembershipSuggestion> {
  if (!isUuid(requestId)) throw notFound("membership suggestion");
  const [row] = await sql<{ json: string }>(`${SUGGESTION_SELECT} WHERE q.id = $1::uuid`, [requestId]);
  if (!row) throw notFound("membership suggestion");
  return JSON.parse(row.json) as AdminMembershipSuggestion;
}

const ALREADY_DECIDED = (status: string) => `this request is already ${status}`;

/**
 * POST /api/v1/admin/membership/suggestions/{id}/approve: links the record to the member who asked. The
 * request row is locked, then the record is linked only while it is still unlinked; the member's unique
 * link (one record per member) is the database's to enforce. The member's other waiting requests, and
 * other members' requests for this record, are closed: both are settled now.
 */
export async function approveMembershipSuggestion(staffId: string, requestId: string, context: RequestContext): Promise<AdminMembershipSuggestion> {
  if (!isUuid(requestId)) throw notFound("membership suggestion");
  const now = new Date();
  try {
    await (await db()).$transaction(async (tx) => {
      const [request] = await tx.$queryRaw<{ membership_id: string; user_id: string; status: string }[]>`
        SELECT membership_id, user_id::text AS user_id, status FROM membership_link_request WHERE id = ${requestId}::uuid FOR UPDATE`;
      if (!request) throw notFound("membership suggestion");
      if (request.status !== "pending") throw new IdentityError("conflict", ALREADY_DECIDED(request.status));
      const linked = await tx.membershipRecord.updateMany({
        where: { id: request.membership_id, linkedUserId: null },
        data: { linkedUserId: request.user_id, linkedAt: now },
      });
      if (linked.count !== 1) throw new IdentityError("conflict", "the record is already linked to an account");
      await tx.membershipLinkRequest.update({ where: { id: requestId }, data: { status: "approved", decidedAt: now, decidedBy: staffId }, select: { id: true } });
      await tx.membershipLinkRequest.updateMany({
        where: { status: "pending", OR: [{ userId: request.user_id }, { membershipId: request.membership_id }] },
        data: { status: "closed", decidedAt: now },
      });
      await recordSecurityEvent({ userId: request.user_id, type: "membership_linked", context, detail: { membership_id: request.membership_id, by: "staff" } }, tx);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new IdentityError("conflict", "the member is already linked to another record");
    throw error;
  }
  return getMembershipSuggestionOrThrow(requestId);
}

/** POST /api/v1/admin/membership/suggestions/{id}/reject: staff could not confirm it; the member may ask again. */
export async function rejectMembershipSuggestion(staffId: string, requestId: string, context: RequestContext): Promise<AdminMembershipSuggestion> {
  if (!isUuid(requestId)) throw notFound("membership suggestion");
  await (await db()).$transaction(async (tx) => {
    const [request] = await tx.$queryRaw<{ membership_id: string; user_id: string; status: string }[]>`
      SELECT membership_id, user_id::text AS user_id, status FROM membership_link_request WHERE id = ${requestId}::uuid FOR UPDATE`;
    if (!request) throw notFound("membership suggestion");
    if (request.status !== "pending") throw new IdentityError("conflict", ALREADY_DECIDED(request.status));
    await tx.membershipLinkRequest.update({ where: { id: requestId }, data: { status: "rejected", decidedAt: new Date(), decidedBy: staffId }, select: { id: true } });
    await recordSecurityEvent({ userId: request.user_id, type: "membership_link_rejected", context, detail: { membership_id: request.membership_id } }, tx);
  });
  return getMembershipSuggestionOrThrow(requestId);
}
