import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MemberCodeSection, MyAttendanceSection, SelfCheckInSection } from "@/components/account/check-in/check-in-section";
import { HouseholdCardSection } from "@/components/account/check-in/household-card-section";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountCheckIn");
  return {
    title: t("title"),
    robots: { index: false, follow: false },
  };
}

/**
 * Check-in from the member's phone (docs/decisions/0023): their rotating QR for a kiosk, a printed household
 * card for someone without a phone, the events they may check themselves in to now, and their attendance. Through the portal relay, as every account page.
 */
export default async function AccountCheckInPage() {
  await requirePortalSession("/account/check-in");
  const t = await getTranslations("AccountCheckIn");
  const account = await getTranslations("Account");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{account("yourAccount")}</p>
      <h1>{t("title")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Account", "AccountCheckIn"]}>
        <MemberCodeSection />
        <HouseholdCardSection />
        <SelfCheckInSection />
        <MyAttendanceSection />
      </ClientMessages>
    </div>
  );
}
