import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { MembershipSection } from "@/components/account/membership/membership-section";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountMembership");
  return {
    title: t("pageTitle"),
    robots: { index: false, follow: false },
  };
}

/**
 * Claiming the member's own record in the church's membership register: search, then a code sent to the
 * record's contact on file, or a request to church staff. Through the portal relay, as every account page.
 */
export default async function AccountMembershipPage() {
  await requirePortalSession("/account/membership");
  const t = await getTranslations("AccountMembership");
  const account = await getTranslations("Account");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{account("yourAccount")}</p>
      <h1>{t("pageTitle")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Account", "AccountMembership"]}>
        <MembershipSection />
      </ClientMessages>
    </div>
  );
}
