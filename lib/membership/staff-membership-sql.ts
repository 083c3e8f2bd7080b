import { isoTimestamp } from "../staff-lists/paging.ts";

/**
 * The register as staff see it, in SQL (the shapes of ./staff-schemas.ts): a record's columns over
 * STAFF_RECORD_TABLES (`membership_record m`, its campus `c` and linked account `l`), and a link request as
 * JSON over its member `a` and record `m`.
 */
const CAMPUS = `CASE WHEN c.id IS NOT NULL THEN json_build_object('id', c.id, 'name', c.name) END`;

export const STAFF_RECORD_TABLES = `membership_record m LEFT JOIN campus c ON c.id = m.campus_id LEFT JOIN account l ON l.id = m.linked_user_id`;

export const STAFF_RECORD_COLUMNS = `m.id AS membership_id, m.given_name, m.family_name, m.birth_date, m.email, m.phone, m.household_id,
  m.middle_name, m.nickname, m.gender, m.address, m.household_name, m.remote_id,
  ${CAMPUS} AS campus, m.linked_user_id::text AS linked_user_id, ${isoTimestamp("m.linked_at")} AS linked_at,
  CASE WHEN l.id IS NOT NULL THEN json_build_object('id', l.id, 'email', l.email, 'given_name', l.given_name, 'family_name', l.family_name) END AS linked_account`;

export const STAFF_SUGGESTION_JSON = `json_build_object(
    'id', q.id, 'status', q.status, 'created_at', ${isoTimestamp("q.created_at")}, 'decided_at', ${isoTimestamp("q.decided_at")},
    'member', json_build_object('id', a.id, 'email', a.email, 'given_name', a.given_name, 'family_name', a.family_name, 'birth_date', a.birth_date),
    'record', json_build_object('membership_id', m.id, 'given_name', m.given_name, 'family_name', m.family_name,
      'birth_date', m.birth_date, 'campus', ${CAMPUS}, 'linked', m.linked_user_id IS NOT NULL)
  )::text AS json`;

/** A link request with its member and record; the campus joined for the answer only. */
export const SUGGESTION_TABLES = `membership_link_request q JOIN account a ON a.id = q.user_id JOIN membership_record m ON m.id = q.membership_id`;
export const SUGGESTION_FROM = `${SUGGESTION_TABLES}
  LEFT JOIN campus c ON c.id = m.campus_id`;
