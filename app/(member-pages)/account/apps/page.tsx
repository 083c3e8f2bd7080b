import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { AppsWithAccess } from "@/components/account/apps/apps-with-access";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountApps");
  return { title: t("page.title"), robots: { index: false, follow: false } };
}

/**
 * The apps the member has allowed to sign them in, and a way to take that back. Signed out, it sends
 * them to sign in. The list itself is read in the browser through the portal relay, so this page never
 * needs the member's access token.
 */
export default async function AccountAppsPage() {
  await requirePortalSession("/account/apps");
  const t = await getTranslations("AccountApps");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("page.title")}</h1>
      <p className="lede">{t("page.lede")}</p>
      {/* "Account": the shared account controls' words. */}
      <ClientMessages namespaces={["Account", "AccountApps", "Scopes"]}>
        <AppsWithAccess />
      </ClientMessages>
    </div>
  );
}
