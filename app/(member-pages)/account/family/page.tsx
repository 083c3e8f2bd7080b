import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { FamilySection } from "@/components/account/family/family-section";
import { ClientMessages } from "@/components/i18n/client-messages";
import { currentChurch } from "@/lib/http/current-church";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountFamily");
  return {
    title: t("title"),
    robots: { index: false, follow: false },
  };
}

/**
 * The member's household: start one or join it with a family code, see who is in it, (adults) add and
 * look after its children and share and replace its code, and leave it. Read and changed in the browser
 * through the portal relay. Phone numbers are read and shown as written in the church's country.
 */
export default async function AccountFamilyPage() {
  await requirePortalSession("/account/family");
  const t = await getTranslations("AccountFamily");
  const account = await getTranslations("Account");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{account("yourAccount")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Account", "AccountFamily"]}>
        <FamilySection country={(await currentChurch()).country} />
      </ClientMessages>
    </div>
  );
}
