import "server-only";
import { maskContact } from "../contacts/mask-contact.ts";
import type { SqlQuery } from "../db.ts";
import type { ExportSections } from "./schemas.ts";
import { iso, isoOrNull } from "./transaction.ts";

/**
 * The collectors of the export document, one per section of `ExportSectionsSchema`. Each reads one kind
 * of record of one member and answers it in the document's shape: only the columns a member may see
 * (never a hash, secret, token or message body) and never a row of another person.
 *
 * Recovery contacts, and the codes and messages sent to them or to a phone number not yet verified, are
 * shown masked, as every answer shows them: the export is an answer too, and a file that leaves the
 * account page more easily than anything else.
 *
 * Adding a kind of record is one
 * field in `ExportSectionsSchema` and one function here; the mapped type below makes the compiler refuse
 * a section without its collector.
 */
export interface ExportSubject {
  userId: string;
  /** The account's addresses, for records keyed by address rather than by account (codes, messages). */
  email: string | null;
  phone: string | null;
}

type Collector<Name extends keyof ExportSections> = (query: SqlQuery, subject: ExportSubject) => Promise<ExportSections[Name]>;

type Stamp = Date | string;

/** The member's addresses, the values the address-keyed sections match (never an empty list for `ANY`). */
const addressesOf = (subject: ExportSubject) => [subject.email, subject.phone].filter((value): value is string => !!value);

/** The account's own email and phone are shown as they are; any other address or number masked. */
const shownAddress = (subject: ExportSubject, value: string) =>
  addressesOf(subject).includes(value) ? value : maskContact(value.includes("@") ? "email" : "phone", value);

/** The member's recovery contacts' ids and values, as SQL: codes are keyed by contact id, messages by value. */
const CONTACT_IDS = `SELECT id::text FROM recovery_contact WHERE user_id = $3::uuid`;
const CONTACT_VALUES = `SELECT value FROM recovery_contact WHERE user_id = $2::uuid`;

export const EXPORT_SECTIONS: { [Name in keyof ExportSections]: Collector<Name> } = {
  async profile(query, { userId }) {
    const [row] = await query<{
      id: string;
      email: string | null;
      email_verified_at: Stamp | null;
      given_name: string;
      family_name: string;
      phone: string | null;
      phone_verified_at: Stamp | null;
      birth_date: string | null;
      locale: string | null;
      has_password: boolean;
      roles: string[];
      created_at: Stamp;
      updated_at: Stamp;
    }>(
      `SELECT a.id::text, a.email, a.email_verified_at, a.given_name, a.family_name, a.phone, a.phone_verified_at, a.birth_date,
              a.locale, a.password_hash IS NOT NULL AS has_password, a.created_at, a.updated_at,
              ARRAY(SELECT r.name FROM user_role ur JOIN role r ON r.id = ur.role_id WHERE ur.user_id = a.id ORDER BY r.name) AS roles
         FROM account a WHERE a.id = $1::uuid`,
      [userId],
    );
    if (!row) throw new Error("the account to export does not exist");
    return {
      ...row,
      email_verified_at: isoOrNull(row.email_verified_at),
      phone_verified_at: isoOrNull(row.phone_verified_at),
      created_at: iso(row.created_at),
      updated_at: iso(row.updated_at),
    };
  },

  async two_factor(query, { userId }) {
    const [row] = await query<{ status: string | null; created_at: Stamp | null; confirmed_at: Stamp | null; total: number; used: number }>(
      `SELECT t.status, t.created_at, t.confirmed_at,
              (SELECT count(*)::int FROM recovery_code r WHERE r.user_id = $1::uuid) AS total,
              (SELECT count(*)::int FROM recovery_code r WHERE r.user_id = $1::uuid AND r.used_at IS NOT NULL) AS used
         FROM (SELECT 1) one LEFT JOIN totp_credential t ON t.user_id = $1::uuid`,
      [userId],
    );
    const status = row?.status === "confirmed" ? "enabled" : row?.status === "pending" ? "pending" : "disabled";
    return {
      status,
      set_up_at: isoOrNull(row?.created_at),
      enabled_at: status === "enabled" ? isoOrNull(row?.confirmed_at) : null,
      recovery_codes_total: Number(row?.total ?? 0),
      recovery_codes_used: Number(row?.used ?? 0),
    };
  },

  async sessions(query, { userId }) {
    const rows = await query<{
      id: string;
      created_at: Stamp;
      last_seen_at: Stamp;
      expires_at: Stamp;
      revoked_at: Stamp | null;
      auth_time: Stamp;
      amr: string[];
      ip: string | null;
      user_agent: string | null;
    }>(
      `SELECT id::text, created_at, last_seen_at, expires_at, revoked_at, auth_time, amr, ip, user_agent
         FROM session WHERE user_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      created_at: iso(row.created_at),
      last_seen_at: iso(row.last_seen_at),
      expires_at: iso(row.expires_at),
      revoked_at: isoOrNull(row.revoked_at),
      authenticated_at: iso(row.auth_time),
      methods: row.amr,
      ip: row.ip,
      user_agent: row.user_agent,
    }));
  },

  async known_browsers(query, { userId }) {
    const rows = await query<{ first_seen_at: Stamp; last_seen_at: Stamp }>(
      `SELECT first_seen_at, last_seen_at FROM known_device WHERE user_id = $1::uuid ORDER BY first_seen_at, device_hash`,
      [userId],
    );
    return rows.map((row) => ({ first_seen_at: iso(row.first_seen_at), last_seen_at: iso(row.last_seen_at) }));
  },

  async app_authorizations(query, { userId }) {
    const rows = await query<{
      id: string;
      client_id: string;
      client_name: string;
      scope: string;
      session_id: string | null;
      created_at: Stamp;
      revoked_at: Stamp | null;
      revoked_reason: string | null;
    }>(
      `SELECT g.id::text, g.client_id, c.name AS client_name, g.scope, g.session_id::text, g.created_at, g.revoked_at, g.revoked_reason
         FROM oauth_grant g JOIN client c ON c.id = g.client_id WHERE g.user_id = $1::uuid ORDER BY g.created_at, g.id`,
      [userId],
    );
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at), revoked_at: isoOrNull(row.revoked_at) }));
  },

  async consents(query, { userId }) {
    const rows = await query<{
      id: string;
      client_id: string;
      client_name: string;
      scopes: string[];
      status: string;
      granted_at: Stamp;
      revoked_at: Stamp | null;
    }>(
      `SELECT co.id::text, co.client_id, c.name AS client_name, co.scopes, co.status, co.granted_at, co.revoked_at
         FROM consent co JOIN client c ON c.id = co.client_id WHERE co.user_id = $1::uuid ORDER BY co.granted_at, co.id`,
      [userId],
    );
    return rows.map((row) => ({ ...row, granted_at: iso(row.granted_at), revoked_at: isoOrNull(row.revoked_at) }));
  },

  async security_events(query, { userId }) {
    const rows = await query<{
      id: string;
      type: string;
      created_at: Stamp;
      ip: string | null;
      user_agent: string | null;
      detail: Record<string, unknown> | null;
    }>(
      `SELECT id::text, type, created_at, ip, user_agent, detail FROM security_event WHERE user_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at) }));
  },

  async guardianships(query, { userId }) {
    const rows = await query<{ id: string; role: "guardian" | "dependent"; created_at: Stamp; ended_at: Stamp | null }>(
      `SELECT id::text, CASE WHEN guardian_id = $1::uuid THEN 'guardian' ELSE 'dependent' END AS role, created_at, ended_at
         FROM guardianship WHERE guardian_id = $1::uuid OR dependent_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((row) => ({ ...row, created_at: iso(row.created_at), ended_at: isoOrNull(row.ended_at) }));
  },

  async family(query, { userId }) {
    // The family code is a key to the household: never exported, like any other secret.
    const rows = await query<{ family_id: string; family_name: string; role: string; joined_at: Stamp }>(
      `SELECT m.family_id::text, f.name AS family_name, m.role, m.joined_at
         FROM family_member m JOIN family f ON f.id = m.family_id WHERE m.user_id = $1::uuid ORDER BY m.joined_at`,
      [userId],
    );
    return rows.map((row) => ({ ...row, joined_at: iso(row.joined_at) }));
  },

  async membership(query, { userId }) {
    const [record] = await query<{ membership_id: string; given_name: string; family_name: string; birth_date: string | null; campus: string | null; linked_at: Stamp | null }>(
      `SELECT r.id AS membership_id, r.given_name, r.family_name, r.birth_date, c.name AS campus, r.linked_at
         FROM membership_record r LEFT JOIN campus c ON c.id = r.campus_id WHERE r.linked_user_id = $1::uuid`,
      [userId],
    );
    const requests = await query<{ id: string; membership_id: string; status: string; created_at: Stamp }>(
      `SELECT id::text, membership_id, status, created_at FROM membership_link_request WHERE user_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return {
      linked_record: record ? { ...record, linked_at: isoOrNull(record.linked_at) } : null,
      link_requests: requests.map((row) => ({ ...row, created_at: iso(row.created_at) })),
    };
  },

  async linked_identities(query, { userId }) {
    const rows = await query<{ id: string; provider: string; issuer: string; subject: string; email: string | null; linked_at: Stamp; last_used_at: Stamp | null }>(
      `SELECT id::text, provider_id AS provider, issuer, subject, email, linked_at, last_used_at FROM federated_identity WHERE user_id = $1::uuid
        ORDER BY linked_at, id`,
      [userId],
    );
    return rows.map((row) => ({
      ...row,
      email: row.email ? maskContact("email", row.email) : null,
      linked_at: iso(row.linked_at),
      last_used_at: isoOrNull(row.last_used_at),
    }));
  },

  async recovery_contacts(query, { userId }) {
    const rows = await query<{ id: string; channel: "email" | "phone"; value: string; status: string; created_at: Stamp; verified_at: Stamp | null }>(
      `SELECT id::text, channel, value, status, created_at, verified_at FROM recovery_contact WHERE user_id = $1::uuid ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((row) => ({ ...row, value: maskContact(row.channel, row.value), created_at: iso(row.created_at), verified_at: isoOrNull(row.verified_at) }));
  },

  async verification_codes(query, subject) {
    // Codes are keyed by account once it exists, by address before (registration): both are the member's.
    const rows = await query<{
      id: string;
      purpose: string;
      target: string;
      attempts: number;
      created_at: Stamp;
      expires_at: Stamp;
      used_at: Stamp | null;
    }>(
      `SELECT id::text, purpose, target, attempts, created_at, expires_at, used_at
         FROM verification_code WHERE subject = $1 OR subject = ANY($2::text[]) OR target = ANY($2::text[]) OR subject IN (${CONTACT_IDS})
        ORDER BY created_at, id`,
      [subject.userId, addressesOf(subject), subject.userId],
    );
    return rows.map((row) => ({
      id: row.id,
      purpose: row.purpose,
      sent_to: shownAddress(subject, row.target),
      attempts: Number(row.attempts),
      created_at: iso(row.created_at),
      expires_at: iso(row.expires_at),
      used_at: isoOrNull(row.used_at),
    }));
  },

  async messages(query, subject) {
    // Bodies are left out: they may hold a code or link that still works.
    const rows = await query<{ id: string; channel: string; recipient: string; subject: string | null; created_at: Stamp; sent_at: Stamp | null }>(
      `SELECT id::text, channel, recipient, subject, created_at, sent_at FROM outbox_message
        WHERE recipient = ANY($1::text[]) OR recipient IN (${CONTACT_VALUES})
        ORDER BY created_at, id`,
      [addressesOf(subject), subject.userId],
    );
    return rows.map((row) => ({ ...row, recipient: shownAddress(subject, row.recipient), created_at: iso(row.created_at), sent_at: isoOrNull(row.sent_at) }));
  },

  async data_requests(query, { userId }) {
    const rows = await query<{
      id: string;
      type: string;
      status: string;
      created_at: Stamp;
      due_at: Stamp | null;
      fulfilled_at: Stamp | null;
      cancelled_at: Stamp | null;
    }>(
      `SELECT id::text, type, status, created_at, due_at, fulfilled_at, cancelled_at FROM data_request WHERE user_id = $1::uuid
        ORDER BY created_at, id`,
      [userId],
    );
    return rows.map((row) => ({
      ...row,
      created_at: iso(row.created_at),
      due_at: isoOrNull(row.due_at),
      fulfilled_at: isoOrNull(row.fulfilled_at),
      cancelled_at: isoOrNull(row.cancelled_at),
    }));
  },
};

/** Every section, in the document's order, read inside the caller's transaction (one consistent picture). */
export async function collectExportSections(query: SqlQuery, subject: ExportSubject): Promise<ExportSections> {
  const sections: Partial<Record<keyof ExportSections, unknown>> = {};
  // One after the other: a transaction runs one statement at a time anyway.
  for (const name of Object.keys(EXPORT_SECTIONS) as (keyof ExportSections)[]) {
    sections[name] = await EXPORT_SECTIONS[name](query, subject);
  }
  return sections as ExportSections;
}
