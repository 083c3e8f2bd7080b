import "server-only";
import type { Database } from "../db/database.ts";
import { MAX_DELIVERY_ATTEMPTS } from "../outbox/deliver-messages.ts";
import { containsPattern, isoTimestamp, orderBy, selectPage } from "../staff-lists/paging.ts";
import type { InvitationAnswer, InvitationsQuery } from "./schemas.ts";

/**
 * An invitation's state as people see it (`i` is the invitation): an open invitation whose email the mail server refused for good (its outbox message given
 * up) is `bounced`; one past its days is `expired`.
 */
export const INVITATION_STATUS_SQL = `CASE
  WHEN i.status = 'sent' AND EXISTS (SELECT 1 FROM outbox_message o WHERE o.id = i.message_id AND o.sent_at IS NULL AND o.attempts >= ${MAX_DELIVERY_ATTEMPTS}) THEN 'bounced'
  WHEN i.status = 'sent' AND i.expires_at <= now() THEN 'expired' ELSE i.status END`;
const STATUS = INVITATION_STATUS_SQL;
const COLUMNS = `i.id::text AS id, i.record_id, m.given_name, m.family_name, i.email, ${STATUS} AS status, i.sent_count,
  ${isoTimestamp("i.sent_at")} AS sent_at, ${isoTimestamp("i.expires_at")} AS expires_at,
  CASE WHEN i.accepted_at IS NULL THEN NULL ELSE ${isoTimestamp("i.accepted_at")} END AS accepted_at`;
const SORT = { sentAt: "i.sent_at", familyName: "lower(m.family_name)" };

/** GET /api/v1/admin/invitations (membership:read): searched by name or address, filtered by state, newest first. */
export function listInvitations(database: Database, query: InvitationsQuery) {
  const values: unknown[] = [];
  const where: string[] = [];
  if (query.q) {
    values.push(containsPattern(query.q));
    where.push(`(m.given_name ILIKE $${values.length} OR m.family_name ILIKE $${values.length} OR i.email ILIKE $${values.length})`);
  }
  if (query.status) {
    values.push(query.status);
    where.push(`${STATUS} = $${values.length}`);
  }
  const from = `invitation i JOIN membership_record m ON m.id = i.record_id ${where.length ? `WHERE ${where.join(" AND ")}` : ""}`;
  return selectPage<InvitationAnswer>(database, query, { select: COLUMNS, from, values, order: orderBy(query.sort, SORT, "i.id") });
}
