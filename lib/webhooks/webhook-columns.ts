import "server-only";
import { isoTimestamp } from "../staff-lists/paging.ts";

/** What staff see of an endpoint (AdminWebhookSchema), from `webhook_endpoint w`: never its secret. */
export const WEBHOOK_COLUMNS = `w.id, w.url, w.description, w.event_types, w.enabled,
  ${isoTimestamp("w.created_at")} AS created_at, ${isoTimestamp("w.updated_at")} AS updated_at,
  CASE WHEN w.rotated_at IS NULL THEN NULL ELSE ${isoTimestamp("w.rotated_at")} END AS rotated_at,
  CASE WHEN w.failing_since IS NULL THEN NULL ELSE ${isoTimestamp("w.failing_since")} END AS failing_since,
  CASE WHEN w.auto_disabled_at IS NULL THEN NULL ELSE ${isoTimestamp("w.auto_disabled_at")} END AS auto_disabled_at,
  (SELECT ${isoTimestamp("max(p.expires_at)")} FROM webhook_previous_secret p WHERE p.endpoint_id = w.id AND p.expires_at > now()) AS previous_secret_expires_at,
  (SELECT json_build_object('id', d.id, 'event_type', d.event_type, 'created_at', ${isoTimestamp("d.created_at")},
          'delivered_at', CASE WHEN d.delivered_at IS NULL THEN NULL ELSE ${isoTimestamp("d.delivered_at")} END, 'last_status', d.last_status)
     FROM webhook_delivery d WHERE d.endpoint_id = w.id ORDER BY d.created_at DESC, d.id DESC LIMIT 1) AS last_delivery`;

/** A delivery as the log shows it (WebhookDeliverySchema), from `webhook_delivery d`. */
export const DELIVERY_COLUMNS = `d.id, d.endpoint_id, d.event_type, d.payload, d.attempts, d.last_status, d.last_error,
  CASE WHEN d.last_attempt_at IS NULL THEN NULL ELSE ${isoTimestamp("d.last_attempt_at")} END AS last_attempt_at,
  CASE WHEN d.delivered_at IS NULL THEN NULL ELSE ${isoTimestamp("d.delivered_at")} END AS delivered_at,
  ${isoTimestamp("d.created_at")} AS created_at,
  CASE WHEN d.delivered_at IS NOT NULL THEN 'delivered' WHEN d.attempts > 0 THEN 'failing' ELSE 'pending' END AS state`;

/** The purpose the signing secrets are sealed under (lib/crypto/secret-box.ts). */
export const WEBHOOK_SECRET_PURPOSE = "webhook-signing-secret";
