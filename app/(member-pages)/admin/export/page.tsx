import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { ChurchExport } from "@/components/admin/church-export";
import { CHURCH_EXPORT_PERMISSION } from "@/lib/church-export/endpoints";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminExport.page");
  return { title: t("title") };
}

/** Administrators: everything the church keeps here, in one download, so it can always take its data elsewhere. */
export default async function AdminExportPage() {
  const access = await requireStaffPage("/admin/export", CHURCH_EXPORT_PERMISSION);
  if (access.refusal) return <StaffForbidden permission={CHURCH_EXPORT_PERMISSION} refusal={access.refusal} />;
  const t = await getTranslations("AdminExport.page");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminExport"]}>
        <ChurchExport />
      </ClientMessages>
    </div>
  );
}
