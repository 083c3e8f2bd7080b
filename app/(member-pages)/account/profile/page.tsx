import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { EmailSection } from "@/components/account/profile/email-section";
import { LanguageSection } from "@/components/account/profile/language-section";
import { NameSection } from "@/components/account/profile/name-section";
import { ClientMessages } from "@/components/i18n/client-messages";
import { csrfTokenForPage } from "@/lib/http/csrf";
import { requestLocale } from "@/lib/http/request-locale";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountProfile");
  return {
    title: t("title"),
    robots: { index: false, follow: false },
  };
}

/** The member's own details: their name and sign-in address, changed in the browser through the portal relay, and their language. */
export default async function AccountProfilePage() {
  await requirePortalSession("/account/profile");
  const t = await getTranslations("AccountProfile");
  const account = await getTranslations("Account");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{account("yourAccount")}</p>
      <h1>{t("title")}</h1>
      <p className="lede">{t.rich("lede", { security: (chunks) => <Link href="/account/security">{chunks}</Link> })}</p>
      <ClientMessages namespaces={["Account", "AccountProfile", "FieldMessages"]}>
        <NameSection />
        <EmailSection />
        <LanguageSection locale={await requestLocale()} csrfToken={await csrfTokenForPage()} />
      </ClientMessages>
    </div>
  );
}
