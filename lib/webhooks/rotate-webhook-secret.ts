import "server-only";
import { sealSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { getWebhookOrThrow } from "./get-webhook-or-throw.ts";
import type { AdminWebhookWithSecret } from "./schemas.ts";
import { newSigningSecret } from "./sign-webhook.ts";
import { WEBHOOK_SECRET_PURPOSE } from "./webhook-columns.ts";

/**
 * POST /api/v1/admin/webhooks/{id}/rotate-secret (clients:write): a new signing secret, answered once. Every
 * attempt from now on, retries of older messages too, is signed with it: a message is signed when it is sent.
 */
export async function rotateWebhookSecret(database: Database, id: string): Promise<AdminWebhookWithSecret> {
  await getWebhookOrThrow(database, id, { lock: true });
  const secret = newSigningSecret();
  await database.prisma.webhookEndpoint.update({ where: { id }, data: { secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, secret), rotatedAt: new Date() }, select: { id: true } });
  return { ...(await getWebhookOrThrow(database, id)), secret };
}
