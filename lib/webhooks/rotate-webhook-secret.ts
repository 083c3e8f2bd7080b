import "server-only";
import { sealSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { getWebhookOrThrow } from "./get-webhook-or-throw.ts";
import { PREVIOUS_SECRET_HOURS, type AdminWebhookWithSecret } from "./schemas.ts";
import { newSigningSecret } from "./sign-webhook.ts";
import { WEBHOOK_SECRET_PURPOSE } from "./webhook-columns.ts";

/** Replaced secrets kept signing at once, at most: a header of four signatures, however often staff rotate in a day. */
const MAX_PREVIOUS_SECRETS = 3;

/**
 * POST /api/v1/admin/webhooks/{id}/rotate-secret (clients:write): a new signing secret, answered once. Every
 * attempt from now on, retries of older messages too, is signed with it: a message is signed when it is sent.
 * The secret it replaces goes on signing for PREVIOUS_SECRET_HOURS, its signature beside the new one's (the
 * Standard Webhooks header holds several), so the receiving site keeps accepting messages until its developer
 * puts the new secret in. The caller's transaction holds the endpoint's lock, so two rotations take turns.
 */
export async function rotateWebhookSecret(database: Database, id: string): Promise<AdminWebhookWithSecret> {
  await getWebhookOrThrow(database, id, { lock: true });
  const secret = newSigningSecret();
  // Raw: the replaced secret moves across, and only the newest few stay, in statements of their own (docs/decisions/0019, reason 2).
  await database.query(
    `INSERT INTO webhook_previous_secret (endpoint_id, secret_sealed, expires_at)
     SELECT id, secret_sealed, now() + make_interval(hours => $2) FROM webhook_endpoint WHERE id = $1`,
    [id, PREVIOUS_SECRET_HOURS],
  );
  await database.query(
    `DELETE FROM webhook_previous_secret WHERE endpoint_id = $1
        AND (expires_at <= now() OR id NOT IN (SELECT id FROM webhook_previous_secret WHERE endpoint_id = $1 ORDER BY id DESC LIMIT $2))`,
    [id, MAX_PREVIOUS_SECRETS],
  );
  await database.prisma.webhookEndpoint.update({ where: { id }, data: { secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, secret), rotatedAt: new Date() }, select: { id: true } });
  return { ...(await getWebhookOrThrow(database, id)), secret };
}
