import { database } from "@/lib/db";
import { renderEmail } from "@/lib/email/render-email";
import { env } from "@/lib/env";
import { appLocaleOf } from "@/lib/kernel/locales";
import { currentChurch } from "@/lib/http/current-church";
import { pageMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { listOutboxMessages, outboxPageEnabled } from "@/lib/outbox/list-outbox-messages";
import { previewAnswer, previewRefusal } from "../../preview-answer";

export const dynamic = "force-dynamic";

/**
 * GET /admin/emails/preview/outbox/<id> - an email of the development outbox (/dev/outbox) as it is sent
 * now, in the church's template: the frame beside its text there. Exists exactly where that page does (in
 * development, or with DEV_OUTBOX=true), for whoever may read that page; anywhere else, 404. Lives beside
 * the staff previews so it shares their address, and so their security policy (lib/http/security-headers.ts).
 */
export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }): Promise<Response> {
  const config = env();
  if (!outboxPageEnabled(config)) return previewRefusal(404, "Not found.", config.BASE_URL);
  const { id } = await params;
  // The page lists the newest 100: any email it shows is among them.
  const message = (await listOutboxMessages(await database(), 100)).find((row) => row.id === id && row.channel === "email");
  if (!message) return previewRefusal(404, "There is no such email in the outbox.", config.BASE_URL);
  const { html } = await renderEmail({ subject: message.subject ?? "", body: message.body, locale: appLocaleOf(message.locale) }, await currentChurch(), config.BASE_URL);
  return previewAnswer(html, config.BASE_URL);
}

export const { POST, PUT, PATCH, DELETE } = pageMethodNotAllowed();
