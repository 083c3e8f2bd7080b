import "server-only";
import type { Database } from "../db/database.ts";
import type { Prisma } from "../generated/prisma/client.ts";
import type { RequestContext } from "../kernel/request-context.ts";

/**
 * The member's security log: what happened to their account, from which IP and browser. Written for
 * events a member would want to review; never holds a password, code or token, and contact addresses and numbers only masked.
 */
export const SECURITY_EVENT_TYPES = [
  "account_created",
  "email_verified",
  "sign_in",
  "sign_in_failed",
  "sign_out",
  "recovery_code_used",
  "password_reset_requested",
  "password_changed",
  "consent_granted",
  "consent_revoked",
  "session_revoked",
  "totp_enabled",
  "totp_disabled",
  "recovery_codes_regenerated",
  "second_factor_failed",
  "recovery_contact_added",
  "recovery_contact_verified",
  "recovery_contact_removed",
  "phone_verified",
  "data_export_requested",
  "data_export_downloaded",
  "deletion_requested",
  "deletion_cancelled",
  "family_joined",
  "family_code_rotated",
  "dependent_consent_revoked",
  "guardianship_ended",
  "membership_linked",
  "membership_link_requested",
  "federated_identity_linked",
  "federated_identity_removed",
  "membership_link_rejected",
  "account_disabled",
  "account_enabled",
  "roles_changed",
  "guardianship_created",
  "family_created",
  "family_left",
  "family_child_added",
  "family_child_updated",
  "family_child_removed",
  "pickup_person_added",
  "pickup_person_removed",
  "guardianship_requested",
  "guardianship_confirmed",
  "guardianship_declined",
  "sessions_ended_by_staff",
  "membership_unlinked",
  "membership_record_updated",
  "family_renamed",
  "family_merged",
  "passkey_added",
  "passkey_renamed",
  "passkey_removed",
  "sign_in_code_sent",
  "checked_in",
  "checked_out",
  "check_in_card_issued",
  "check_in_card_revoked",
  "schedule_feed_issued",
  "schedule_feed_revoked",
  "schedule_feed_shown",
  "name_changed",
  "password_set",
  "email_changed",
] as const;
export type SecurityEventType = (typeof SECURITY_EVENT_TYPES)[number];

export interface SecurityEventInput {
  userId: string;
  type: SecurityEventType;
  context: RequestContext;
  /** Small, non-secret facts: e.g. `{ method: "totp" }`, `{ client_id, scopes }`. */
  detail?: Prisma.InputJsonObject;
}

/** The table's columns, in the order every writer below fills them. */
const INSERT = `INSERT INTO security_event (user_id, type, ip, user_agent, detail)`;

/**
 * Records an event; given a transaction's handle, in the same transaction as the change it describes. One
 * plain statement: it is on the sign-in path.
 */
export async function recordSecurityEvent(database: Database, event: SecurityEventInput): Promise<void> {
  await database.query(`${INSERT} VALUES ($1::uuid, $2, $3, $4, $5::jsonb)`, [
    event.userId,
    event.type,
    event.context.ip,
    event.context.userAgent,
    event.detail === undefined ? null : JSON.stringify(event.detail),
  ]);
}

/** Records several events in one statement; without a context (a scheduled run: nobody asked), no IP or browser. */
export async function recordSecurityEvents(database: Database, events: readonly (Omit<SecurityEventInput, "context"> & { context?: RequestContext })[]): Promise<void> {
  if (events.length === 0) return;
  await database.query(`${INSERT} SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::jsonb[])`, [
    events.map((event) => event.userId),
    events.map((event) => event.type),
    events.map((event) => event.context?.ip ?? null),
    events.map((event) => event.context?.userAgent ?? null),
    events.map((event) => (event.detail === undefined ? null : JSON.stringify(event.detail))),
  ]);
}

/**
 * The same rows as one step of a larger statement, for a change that must be a single statement with its log
 * entry (the sign-in and check-in paths, and a session that must never exist without its entry: docs/decisions
 * /0016, 0019 reasons 1 and 3): `logged AS (${securityEventsFrom(…)})`. Each part is an SQL expression over
 * the statement's own rows (`from`) and parameters; the type is one of SECURITY_EVENT_TYPES, checked here.
 */
export function securityEventsFrom(step: { from: string; userId: string; type: SecurityEventType; ip: string; userAgent: string; detail: string }): string {
  return `${INSERT} SELECT ${step.userId}, '${step.type}', ${step.ip}, ${step.userAgent}, ${step.detail} FROM ${step.from}`;
}
