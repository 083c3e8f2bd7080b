import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { DeletionSection } from "@/components/account/privacy/deletion-section";
import { ExportSection } from "@/components/account/privacy/export-section";
import { RequestsSection } from "@/components/account/privacy/requests-section";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountPrivacy");
  return {
    title: t("title"),
    robots: { index: false, follow: false },
  };
}

/**
 * The member's data: a copy to download, deleting the account (with a waiting period and a way back),
 * and the requests made so far. Signed out, it sends them to sign in. Everything goes through the portal
 * relay, so the page never needs the member's access token.
 */
export default async function AccountPrivacyPage() {
  await requirePortalSession("/account/privacy");
  const t = await getTranslations("AccountPrivacy");
  const account = await getTranslations("Account");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{account("yourAccount")}</p>
      <h1>{t("title")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Account", "AccountPrivacy"]}>
        <ExportSection />
        <DeletionSection />
        <RequestsSection />
      </ClientMessages>
    </div>
  );
}
