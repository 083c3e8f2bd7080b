import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { AuditLog } from "@/components/admin/audit-log";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminAudit");
  return { title: t("page.metaTitle") };
}

/** Administrators: every change church staff made, who made it and when, with the rows before and after. */
export default async function AdminAuditPage() {
  const access = await requireStaffPage("/admin/audit", "audit:read");
  if (access.refusal) return <StaffForbidden permission="audit:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminAudit");
  return (
    <div className="page">
      <p className="eyebrow">{t("page.eyebrow")}</p>
      <h1>{t("page.title")}</h1>
      <p className="lede">{t("page.lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminAudit"]}>
        <AuditLog />
      </ClientMessages>
    </div>
  );
}
