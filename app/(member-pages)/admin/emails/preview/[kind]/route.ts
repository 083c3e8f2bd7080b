import { renderEmail } from "@/lib/email/render-email";
import { emailSample } from "@/lib/email/message-samples";
import { env } from "@/lib/env";
import { appLocaleOf } from "@/lib/kernel/locales";
import { currentChurch } from "@/lib/http/current-church";
import { requestLocale } from "@/lib/http/request-locale";
import { translatorFor } from "@/lib/i18n/translator";
import { pageMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";
import { EMAIL_PREVIEWS_PERMISSION, previewAnswer, previewRefusal } from "../preview-answer";

export const dynamic = "force-dynamic";

/**
 * GET /admin/emails/preview/<kind> - one of the church's emails as members receive it, with made-up details,
 * in the church's look of the moment: the frame of /admin/emails. For the same staff as that page. Its refusals
 * are in the page's language.
 */
export async function GET(request: Request, { params }: { params: Promise<{ kind: string }> }): Promise<Response> {
  const { kind } = await params;
  const baseUrl = env().BASE_URL;
  const access = await requireStaffPage(`/admin/emails/preview/${encodeURIComponent(kind)}`, EMAIL_PREVIEWS_PERMISSION);
  const locale = await requestLocale();
  const t = translatorFor(locale, "AdminEmails");
  if (access.refusal) return previewRefusal(403, t("preview.forbidden"), baseUrl);
  const church = await currentChurch();
  // In the language the page beside it shows (?language=), else the page's own.
  const language = appLocaleOf(new URL(request.url).searchParams.get("language")) ?? locale;
  const sample = emailSample(kind, church.name, church.timeZone, new Date(), language);
  if (!sample) return previewRefusal(404, t("preview.noSuchEmail"), baseUrl);
  const { html } = await renderEmail({ subject: sample.message.subject ?? "", body: sample.message.body, locale: sample.message.locale }, church, baseUrl);
  return previewAnswer(html, baseUrl);
}

export const { POST, PUT, PATCH, DELETE } = pageMethodNotAllowed();
