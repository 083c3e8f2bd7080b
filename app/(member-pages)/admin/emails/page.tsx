import type { Metadata } from "next";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EmailPreviews } from "@/components/admin/email-previews";
import { emailSamples, textMessageSamples } from "@/lib/email/message-samples";
import { currentChurch } from "@/lib/http/current-church";
import { appLocaleOf, LOCALE_NAMES, LOCALES } from "@/lib/kernel/locales";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";
import { EMAIL_PREVIEWS_PERMISSION } from "./preview/preview-answer";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminEmails");
  return { title: t("page.metaTitle") };
}

/** Administrators: every email and text message the church sends, as members receive them (settings:write; issue 39). */
export default async function AdminEmailsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireStaffPage("/admin/emails", EMAIL_PREVIEWS_PERMISSION);
  if (access.refusal) return <StaffForbidden permission={EMAIL_PREVIEWS_PERMISSION} refusal={access.refusal} />;
  const t = await getTranslations("AdminEmails");
  const church = await currentChurch();
  // The messages in one language at a time: the page's own, or the one chosen below its heading.
  const asked = (await searchParams).language;
  const language = appLocaleOf(typeof asked === "string" ? asked : null) ?? (await getLocale());
  // i18n-uses: AdminEmails.samples.*
  const words: Record<string, { title: string; when: string } | undefined> = (await getMessages()).AdminEmails.samples;
  const described = (kind: string) => ({ title: words[kind]?.title ?? kind, when: words[kind]?.when ?? "" });
  const emails = emailSamples(church.name, church.timeZone, new Date(), language).map((sample) => ({
    kind: sample.kind,
    ...described(sample.kind),
    subject: sample.message.subject ?? "",
    text: sample.message.body,
    frameSrc: `/admin/emails/preview/${sample.kind}?language=${language}`,
  }));
  const texts = textMessageSamples(church.name, language).map((sample) => ({ kind: sample.kind, ...described(sample.kind), text: sample.message.body }));
  return (
    <div className="page">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("page.title")}</h1>
      <p className="lede">{t.rich("page.lede", { link: (chunks) => <a href="/admin/settings">{chunks}</a> })}</p>
      <nav aria-label={t("page.languages")} className="muted">
        <span>{t("page.languagesLabel")}</span>{" "}
        {LOCALES.map((tag, index) => (
          <span key={tag}>
            {index > 0 ? " · " : null}
            {tag === language ? (
              <strong lang={tag} aria-current="true">
                {LOCALE_NAMES[tag]}
              </strong>
            ) : (
              <a href={`/admin/emails?language=${tag}`} lang={tag}>
                {LOCALE_NAMES[tag]}
              </a>
            )}
          </span>
        ))}
      </nav>
      <EmailPreviews emails={emails} texts={texts} />
    </div>
  );
}
