import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { DependentsSection } from "@/components/account/dependents/dependents-section";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AccountDependents");
  return {
    title: t("title"),
    robots: { index: false, follow: false },
  };
}

/**
 * A parent's or guardian's view of the children in their care: the apps that can access each child's
 * account, and a way to take that access away. Read and changed in the browser through the portal relay.
 * The household itself (its children, who may collect them) is Family's; this page says so, since both
 * list the same children.
 */
export default async function AccountDependentsPage() {
  await requirePortalSession("/account/dependents");
  const t = await getTranslations("AccountDependents");
  const account = await getTranslations("Account");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{account("yourAccount")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t.rich("lede", { family: (chunks) => <Link href="/account/family">{chunks}</Link> })}</p>
      {/* The apps' permissions are said as the Apps page says them (components/account/apps/scope-words.ts). */}
      <ClientMessages namespaces={["Account", "AccountDependents", "Scopes"]}>
        <DependentsSection />
      </ClientMessages>
    </div>
  );
}
