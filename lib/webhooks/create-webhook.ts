import "server-only";
import { newCalendarId } from "../calendar/new-calendar-id.ts";
import { sealSecret } from "../crypto/secret-box.ts";
import type { Database } from "../db/database.ts";
import { checkEndpointUrl } from "./endpoint-url.ts";
import { getWebhookOrThrow } from "./get-webhook-or-throw.ts";
import type { AdminWebhookWithSecret, CreateWebhookBody } from "./schemas.ts";
import { newSigningSecret } from "./sign-webhook.ts";
import { WEBHOOK_SECRET_PURPOSE } from "./webhook-columns.ts";

/** POST /api/v1/admin/webhooks (clients:write): a new endpoint; its signing secret is answered this once. */
export async function createWebhook(database: Database, body: CreateWebhookBody): Promise<AdminWebhookWithSecret> {
  checkEndpointUrl(body.url);
  const secret = newSigningSecret();
  const id = newCalendarId("whep_");
  await database.prisma.webhookEndpoint.create({
    data: { id, url: body.url, description: body.description, eventTypes: body.event_types, enabled: body.enabled, secretSealed: await sealSecret(WEBHOOK_SECRET_PURPOSE, secret) },
    select: { id: true },
  });
  return { ...(await getWebhookOrThrow(database, id)), secret };
}
