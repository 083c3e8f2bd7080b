import "server-only";
import { openSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { env } from "../env.ts";
import { logLine } from "../log/json-log.ts";
import { OutboundCallError, postOutbound } from "../outbound/post-outbound.ts";
import { WEBHOOK_FAILING_DAYS } from "./schemas.ts";
import { webhookHeaders } from "./sign-webhook.ts";
import { WEBHOOK_SECRET_PURPOSE } from "./webhook-columns.ts";

/** How long an endpoint has to answer (Standard Webhooks suggests a short timeout: 15 s at most). */
const TIMEOUT_MS = 10_000;

/**
 * Sends one attempt of a queued message (the outbox's `webhook` channel, lib/outbox/deliver-messages.ts):
 * signed now, with the message's own id, to the endpoint's address as it is now, through the guarded
 * outbound POST (private addresses refused unless the operator allows them; a redirect is a failure). The
 * attempt is written to the delivery log either way; a failure throws, so the outbox retries it after its
 * back-off. A message whose endpoint was deleted is dropped; one whose endpoint is disabled is not sent.
 * Secrets replaced less than a day ago sign it too (./rotate-webhook-secret.ts), newest first. An endpoint
 * whose every attempt has failed for WEBHOOK_FAILING_DAYS is disabled by the next failure.
 */
export async function sendWebhook(database: Database, deliveryId: string): Promise<void> {
  const [row] = await database.query<{ id: string; endpoint_id: string; payload: string; url: string; secret_sealed: string; enabled: boolean; previous_secrets_sealed: string[] }>(
    `SELECT d.id, d.endpoint_id, d.payload, e.url, e.secret_sealed, e.enabled,
            ARRAY(SELECT p.secret_sealed FROM webhook_previous_secret p WHERE p.endpoint_id = e.id AND p.expires_at > now() ORDER BY p.id DESC) AS previous_secrets_sealed
       FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id WHERE d.id = $1`,
    [deliveryId],
  );
  if (!row) return;
  if (!row.enabled) {
    await database.query(`UPDATE webhook_delivery SET last_error = 'not sent: the endpoint is disabled' WHERE id = $1 AND delivered_at IS NULL`, [deliveryId]);
    return;
  }
  const secret = await openSecret(WEBHOOK_SECRET_PURPOSE, row.secret_sealed);
  const previousSecrets = await Promise.all(row.previous_secrets_sealed.map((sealed) => openSecret(WEBHOOK_SECRET_PURPOSE, sealed)));
  const attemptedAt = new Date();
  try {
    const status = await postOutbound(
      row.url,
      { body: row.payload, contentType: "application/json", headers: webhookHeaders(secret, row.id, row.payload, attemptedAt, previousSecrets) },
      { allowPrivate: env().OUTBOUND_ALLOW_PRIVATE_ADDRESSES, timeoutMs: TIMEOUT_MS },
    );
    // Got through: no longer failing, in the same statement as the log's line, so no reader sees one without the other.
    await database.query(
      `WITH attempt AS (
         UPDATE webhook_delivery SET attempts = attempts + 1, last_status = $2, last_error = NULL, last_attempt_at = $3, delivered_at = coalesce(delivered_at, $3)
          WHERE id = $1 RETURNING endpoint_id)
       UPDATE webhook_endpoint SET failing_since = NULL WHERE id = (SELECT endpoint_id FROM attempt) AND failing_since IS NOT NULL`,
      [deliveryId, status, attemptedAt],
    );
  } catch (error) {
    const status = error instanceof OutboundCallError ? error.status : null;
    const reason = error instanceof OutboundCallError ? error.message : "the attempt failed unexpectedly";
    await countFailure(database, { deliveryId, endpointId: row.endpoint_id, status, reason: reason.slice(0, 500), attemptedAt });
    throw error;
  }
}

/**
 * A failed attempt: the endpoint is failing from now, unless it already was; failing for WEBHOOK_FAILING_DAYS,
 * it is disabled (what it misses stays in its delivery log, for staff to send again). A site gone for
 * good would otherwise be tried five times for every calendar change, for ever, and staff would never hear.
 */
async function countFailure(
  database: Database,
  { deliveryId, endpointId, status, reason, attemptedAt }: { deliveryId: string; endpointId: string; status: number | null; reason: string; attemptedAt: Date },
): Promise<void> {
  // The log's line and "failing" in one statement: staff's list, read between two writes, showed the failed
  // attempt without the endpoint failing, and nothing made it read again.
  await database.query(
    `WITH attempt AS (
       UPDATE webhook_delivery SET attempts = attempts + 1, last_status = $2, last_error = $3, last_attempt_at = $4 WHERE id = $1 RETURNING endpoint_id)
     UPDATE webhook_endpoint SET failing_since = $4 WHERE id = (SELECT endpoint_id FROM attempt) AND failing_since IS NULL`,
    [deliveryId, status, reason, attemptedAt],
  );
  const [disabled] = await database.query<{ id: string }>(
    `UPDATE webhook_endpoint SET enabled = false, auto_disabled_at = $2
      WHERE id = $1 AND enabled AND failing_since <= $2::timestamptz - make_interval(days => $3::int) RETURNING id`,
    [endpointId, attemptedAt, WEBHOOK_FAILING_DAYS],
  );
  if (disabled) logLine("warn", "webhook_endpoint_disabled", { endpointId, failingDays: WEBHOOK_FAILING_DAYS });
}
