import "server-only";
import type { Database } from "../db/database.ts";

/**
 * Deletes what has expired and can never be used again, so the tables that grow with every sign-in and every
 * code stay small and hold no more personal data than needed. Run by `npm run cleanup:expired` (daily is
 * enough; hourly is harmless). Idempotent, batched (no long lock on a busy table), and safe from two machines
 * at once: each batch takes only rows nobody else holds (SKIP LOCKED).
 *
 * What goes, and why it is safe (docs/decisions/0015-system-routes-and-hardening.md):
 * - verification codes past their expiry (used or not): a dead code answers as unknown, which is what a
 *   used or expired one answers already; WebAuthn challenges past theirs, likewise;
 * - parked authorization requests past their expiry (30 minutes): resuming one already says "expired";
 * - authorization codes a day past their expiry (60 s): kept that long so a replayed code is still caught
 *   and revokes what its first exchange issued;
 * - attempt-limit counters untouched for a day: every policy's window is at most 15 minutes, so such a
 *   counter would start from zero anyway;
 * - revoked access-token ids past the token's own expiry: the token is refused on expiry alone;
 * - refresh tokens that expired, or whose grant was revoked, more than `retentionDays` ago: kept that long
 *   so a replayed old token is still recognised as reuse and revokes its family;
 * - sessions that ended (expired or signed out) more than `retentionDays` ago, unless a live grant of theirs
 *   still holds a usable refresh token (deleting the session would detach that grant from it);
 * - outbox messages older than `retentionDays`: every code they carry is long dead;
 * - webhook deliveries (an endpoint's delivery log) last tried or queued more than `retentionDays` ago,
 *   unless a message for them is still waiting in the outbox (a redelivery just asked for): their retries
 *   ended weeks ago, and the log would otherwise grow with every calendar change for as long as the endpoint lives;
 * - webhook secrets replaced by a rotation, once their day of signing beside the new one is over: nothing
 *   reads them again, and a sealed secret is kept no longer than it is used;
 * - browsers a member signed in with, unseen for 400 days (their device cookie's lifetime): that cookie is
 *   gone, so the browser would be new again anyway;
 * - check-in (docs/decisions/0023): spent member codes past their expiry (an expired code is refused on its
 *   own); kiosk alerts older than KIOSK_ALERT_DAYS (staff watch them as they happen, the attendance page shows
 *   the recent ones); pickup tags older than PICKUP_TAG_DAYS: a tag collects a child on the day it was
 *   printed, and its check-in is kept (its `pickup_tag_id` becomes null).
 * Grants, consents, security events and data requests are records the member sees: never deleted here.
 */
export interface CleanupOptions {
  now?: Date;
  /** Days ended sessions, old refresh tokens, outbox messages and webhook deliveries are kept. Default 30. */
  retentionDays?: number;
  /** Rows per DELETE statement. Default 1000. */
  batchSize?: number;
}

export interface CleanupSummary {
  verificationCodes: number;
  authorizationRequests: number;
  pushedAuthorizationRequests: number;
  deviceAuthorizations: number;
  dpopProofs: number;
  authorizationCodes: number;
  attemptCounters: number;
  revokedAccessTokens: number;
  refreshTokens: number;
  sessions: number;
  outboxMessages: number;
  webhookDeliveries: number;
  webhookPreviousSecrets: number;
  federatedLoginAttempts: number;
  federatedLinkCodes: number;
  knownDevices: number;
  webauthnChallenges: number;
  spentMemberCodes: number;
  kioskAlerts: number;
  pickupTags: number;
  refreshFlights: number;
}

export const DEFAULT_RETENTION_DAYS = 30;
/** How long a kiosk's alerts are kept (prisma/schema.prisma's KioskAlert): whatever --days says of the rest. */
export const KIOSK_ALERT_DAYS = 30;
/** How long a pickup tag is kept: it releases a child the day it is printed; two days covers an event past midnight. */
export const PICKUP_TAG_DAYS = 2;
const DAY_MS = 24 * 60 * 60 * 1000;

interface Target {
  key: keyof CleanupSummary;
  table: string;
  id: string;
  /** SQL condition on the table aliased `t`, with the instants :now, :cutoff (now minus the retention) and :dayAgo. */
  where: string;
}

const TARGETS: readonly Target[] = [
  { key: "verificationCodes", table: "verification_code", id: "id", where: "t.expires_at < :now" },
  { key: "authorizationRequests", table: "authorization_request", id: "id", where: "t.expires_at < :now" },
  { key: "pushedAuthorizationRequests", table: "pushed_authorization_request", id: "uri_hash", where: "t.expires_at < :now" },
  // A day past its end, like a code: a device polling late is told expired_token, not invalid_grant.
  { key: "deviceAuthorizations", table: "device_authorization", id: "id", where: "t.expires_at < :dayAgo" },
  { key: "dpopProofs", table: "dpop_proof", id: "jti_hash", where: "t.expires_at < :now" },
  { key: "webauthnChallenges", table: "webauthn_challenge", id: "id", where: "t.expires_at < :now" },
  { key: "authorizationCodes", table: "authorization_code", id: "code_hash", where: "t.expires_at < :dayAgo" },
  { key: "attemptCounters", table: "attempt_counter", id: "key", where: "GREATEST(t.updated_at, COALESCE(t.blocked_until, t.updated_at)) < :dayAgo" },
  { key: "revokedAccessTokens", table: "revoked_access_token", id: "jti", where: "t.expires_at < :now" },
  {
    key: "refreshTokens",
    table: "refresh_token",
    id: "token_hash",
    // Expired, or its grant revoked, past its offline maximum, or bound to a session that is gone.
    where: `(t.expires_at < :cutoff OR EXISTS (SELECT 1 FROM oauth_grant g WHERE g.id = t.grant_id
              AND (g.revoked_at < :cutoff OR g.offline_until < :cutoff OR (g.offline_until IS NULL AND g.session_id IS NULL))))`,
  },
  {
    key: "sessions",
    table: "session",
    id: "id",
    // Ended (past its absolute end, idle, or revoked) before the retention, unless an offline grant of it
    // still holds a usable refresh token (docs/decisions/0018).
    where: `(t.expires_at < :cutoff OR t.revoked_at < :cutoff OR t.last_seen_at + make_interval(secs => t.idle_timeout_seconds) < :cutoff)
            AND NOT (t.revoked_at IS NULL AND EXISTS (
                  SELECT 1 FROM oauth_grant g JOIN refresh_token rt ON rt.grant_id = g.id
                   WHERE g.session_id = t.id AND g.revoked_at IS NULL AND g.offline_until > :now
                     AND rt.used_at IS NULL AND rt.expires_at > :now))`,
  },
  { key: "outboxMessages", table: "outbox_message", id: "id", where: "t.created_at < :cutoff" },
  // After the outbox: a message still waiting keeps its delivery (lib/webhooks/send-webhook.ts drops one whose row is gone).
  {
    key: "webhookDeliveries",
    table: "webhook_delivery",
    id: "id",
    where: `COALESCE(t.last_attempt_at, t.created_at) < :cutoff
            AND NOT EXISTS (SELECT 1 FROM outbox_message o WHERE o.channel = 'webhook' AND o.recipient = t.id AND o.sent_at IS NULL)`,
  },
  { key: "webhookPreviousSecrets", table: "webhook_previous_secret", id: "id", where: "t.expires_at < :now" },
  { key: "federatedLoginAttempts", table: "federated_login_attempt", id: "state_hash", where: "t.expires_at < :now" },
  { key: "federatedLinkCodes", table: "federated_link_code", id: "code_hash", where: "t.expires_at < :now" },
  // A browser unseen for as long as its cookie lives (400 days) is gone anyway. Keyed by two columns: by row.
  { key: "knownDevices", table: "known_device", id: "ctid", where: "t.last_seen_at < :now - interval '400 days'" },
  { key: "spentMemberCodes", table: "spent_member_code", id: "jti", where: "t.expires_at < :now" },
  { key: "kioskAlerts", table: "kiosk_alert", id: "id", where: `t.created_at < :now - interval '${KIOSK_ALERT_DAYS} days'` },
  // check_in.pickup_tag_id is ON DELETE SET NULL: the attendance stays, without the tag.
  { key: "pickupTags", table: "pickup_tag", id: "id", where: `t.created_at < :now - interval '${PICKUP_TAG_DAYS} days'` },
  // A spent refresh token's outcome is handed out for two minutes (lib/portal-auth/refresh-once.ts), then only taken over.
  { key: "refreshFlights", table: "refresh_flight", id: "key_hash", where: "t.started_at < :now - interval '1 hour'" },
];

type Instants = Record<"now" | "cutoff" | "dayAgo", Date>;

/** The condition with its named instants as numbered parameters (only those it uses: PostgreSQL must type each). */
function bind(where: string, instants: Instants): { condition: string; params: Date[] } {
  const params: Date[] = [];
  const numbers = new Map<string, number>();
  const condition = where.replace(/:(now|cutoff|dayAgo)\b/g, (_match, name: keyof Instants) => {
    if (!numbers.has(name)) {
      params.push(instants[name]);
      numbers.set(name, params.length);
    }
    return `$${numbers.get(name)}::timestamptz`;
  });
  return { condition, params };
}

async function deleteInBatches(database: Database, target: Target, instants: Instants, batchSize: number): Promise<number> {
  const { condition, params } = bind(target.where, instants);
  let total = 0;
  for (;;) {
    // Raw: batches of rows nobody else holds (SKIP LOCKED), whatever the table (docs/decisions/0019, reason 2).
    const rows = await database.query<{ deleted: number }>(
      `WITH doomed AS (
         SELECT t.${target.id} FROM ${target.table} t WHERE ${condition}
          LIMIT $${params.length + 1}::int FOR UPDATE SKIP LOCKED
       ), gone AS (
         DELETE FROM ${target.table} WHERE ${target.id} IN (SELECT ${target.id} FROM doomed) RETURNING 1
       )
       SELECT count(*)::int AS deleted FROM gone`,
      [...params, batchSize],
    );
    const deleted = rows[0]?.deleted ?? 0;
    total += deleted;
    if (deleted < batchSize) return total;
  }
}

export async function cleanupExpired(database: Database, options: CleanupOptions = {}): Promise<CleanupSummary> {
  const now = options.now ?? new Date();
  const retentionDays = options.retentionDays ?? DEFAULT_RETENTION_DAYS;
  const batchSize = options.batchSize ?? 1000;
  if (!Number.isInteger(retentionDays) || retentionDays < 1) throw new RangeError("retentionDays must be a whole number of days, at least 1");
  const instants: Instants = { now, cutoff: new Date(now.getTime() - retentionDays * DAY_MS), dayAgo: new Date(now.getTime() - DAY_MS) };
  const summary = {} as CleanupSummary;
  // In this order: refresh tokens before sessions, so a session whose last usable token just went can go too.
  for (const target of TARGETS) summary[target.key] = await deleteInBatches(database, target, instants, batchSize);
  return summary;
}
