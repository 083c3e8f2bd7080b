import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { ChurchSettingsForm } from "@/components/admin/church-settings-form";
import { ClientMessages } from "@/components/i18n/client-messages";
import { churchSettingsAnswer } from "@/lib/church-settings/church-settings-answer";
import { database } from "@/lib/db";
import { currentChurch } from "@/lib/http/current-church";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminSettings");
  return { title: t("metaTitle") };
}

/** Administrators: the church's name, country, time zone, language, contact, policies and look (settings:write; issue 39). */
export default async function AdminSettingsPage() {
  const access = await requireStaffPage("/admin/settings", "settings:write");
  if (access.refusal) return <StaffForbidden permission="settings:write" refusal={access.refusal} />;
  const t = await getTranslations("AdminSettings");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("title")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminSettings", "AdminMailServer"]}>
        <ChurchSettingsForm initial={await churchSettingsAnswer(await database(), await currentChurch())} />
      </ClientMessages>
    </div>
  );
}
