import { renderEmail } from "@/lib/email/render-email";
import { emailSample } from "@/lib/email/message-samples";
import { env } from "@/lib/env";
import { currentChurch } from "@/lib/http/current-church";
import { pageMethodNotAllowed } from "@/lib/http/method-not-allowed";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";
import { EMAIL_PREVIEWS_PERMISSION, previewAnswer, previewRefusal } from "../preview-answer";

export const dynamic = "force-dynamic";

/**
 * GET /admin/emails/preview/<kind> - one of the church's emails as members receive it, with made-up details,
 * in the church's look of the moment: the frame of /admin/emails. For the same staff as that page.
 */
export async function GET(_request: Request, { params }: { params: Promise<{ kind: string }> }): Promise<Response> {
  const { kind } = await params;
  const baseUrl = env().BASE_URL;
  const access = await requireStaffPage(`/admin/emails/preview/${encodeURIComponent(kind)}`, EMAIL_PREVIEWS_PERMISSION);
  if (access.refusal) return previewRefusal(403, "This preview is for staff who can change the church's settings.", baseUrl);
  const church = await currentChurch();
  const sample = emailSample(kind, church.name, church.timeZone);
  if (!sample) return previewRefusal(404, "There is no such email.", baseUrl);
  const { html } = await renderEmail({ subject: sample.message.subject ?? "", body: sample.message.body }, church, baseUrl);
  return previewAnswer(html, baseUrl);
}

export const { POST, PUT, PATCH, DELETE } = pageMethodNotAllowed();
