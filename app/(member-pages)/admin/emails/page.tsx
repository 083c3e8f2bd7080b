import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EmailPreviews } from "@/components/admin/email-previews";
import { emailSamples, textMessageSamples } from "@/lib/email/message-samples";
import { currentChurch } from "@/lib/http/current-church";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";
import { EMAIL_PREVIEWS_PERMISSION } from "./preview/preview-answer";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Emails · Staff" };

/** Administrators: every email and text message the church sends, as members receive them (settings:write; issue 39). */
export default async function AdminEmailsPage() {
  const access = await requireStaffPage("/admin/emails", EMAIL_PREVIEWS_PERMISSION);
  if (access.refusal) return <StaffForbidden permission={EMAIL_PREVIEWS_PERMISSION} refusal={access.refusal} />;
  const church = await currentChurch();
  const emails = emailSamples(church.name, church.timeZone).map((sample) => ({
    kind: sample.kind,
    title: sample.title,
    when: sample.when,
    subject: sample.message.subject ?? "",
    text: sample.message.body,
    frameSrc: `/admin/emails/preview/${sample.kind}`,
  }));
  const texts = textMessageSamples(church.name).map((sample) => ({ kind: sample.kind, title: sample.title, when: sample.when, text: sample.message.body }));
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Emails</h1>
      <p className="lede">
        Every email and text message your church sends to its members, exactly as they receive them. Emails carry your logo, your colour and
        your contact details from <a href="/admin/settings">Church settings</a>: change them there and every email changes with them.
      </p>
      <EmailPreviews emails={emails} texts={texts} />
    </div>
  );
}
