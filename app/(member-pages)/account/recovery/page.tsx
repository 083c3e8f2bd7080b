import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { PhoneSection } from "@/components/account/recovery/phone-section";
import { RecoveryContactsSection } from "@/components/account/recovery/recovery-contacts-section";
import { currentChurch } from "@/lib/http/current-church";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountRecovery");
  return { title: t("page.title"), robots: { index: false, follow: false } };
}

/**
 * Where a password reset code can go (recovery contacts) and the member's own mobile number. Read and
 * changed in the browser through the portal relay, so the page never needs the member's access token.
 * Phone numbers are read and shown as written in the church's country, which the page hands down.
 */
export default async function AccountRecoveryPage() {
  await requirePortalSession("/account/recovery");
  const { country } = await currentChurch();
  const t = await getTranslations("AccountRecovery");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("page.title")}</h1>
      <p className="lede">{t("page.lede")}</p>
      {/* "Account": the shared account controls' words (code-form, phone-words and the like). */}
      <ClientMessages namespaces={["Account", "AccountRecovery"]}>
        <RecoveryContactsSection country={country} />
        <PhoneSection country={country} />
      </ClientMessages>
    </div>
  );
}
