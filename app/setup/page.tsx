import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { SetupWizard } from "@/components/setup/setup-wizard";
import { churchIsSetUp } from "@/lib/http/current-church";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Setup");
  return { title: t("title"), robots: { index: false, follow: false } };
}

/**
 * What the wizard's components read: its own words and those of the parts it borrows (the church settings' mail
 * server form, the recovery codes panel of Account › Security).
 */
const WIZARD_NAMESPACES = ["Setup.wizard", "AdminMailServer", "AccountSecurity.codes", "AccountSecurity.copyNotAllowed", "PasswordStrength"];

/**
 * /setup?token=… - the church's first day (issue 39): reached only from the address the server writes in its log
 * while there is no administrator, and gone (404) once there is one. The church does not exist yet: the page
 * speaks the browser's language.
 */
export default async function SetupPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (await churchIsSetUp()) notFound();
  const token = (await searchParams).token;
  const t = await getTranslations("Setup");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={WIZARD_NAMESPACES}>
        <SetupWizard tokenFromAddress={typeof token === "string" ? token : null} />
      </ClientMessages>
    </div>
  );
}
