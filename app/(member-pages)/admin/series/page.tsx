import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { SeriesList } from "@/components/admin/series-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminSeries");
  return { title: t("pageTitle") };
}

/** Staff: every recurring series, to find one and reach its tools (events:read to see; docs/decisions/0026). */
export default async function AdminSeriesPage() {
  const access = await requireStaffPage("/admin/series", "events:read");
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminSeries");
  return (
    <div className="page">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminSeries.list"]}>
        <SeriesList canWrite={access.permissions.has("events:write")} />
      </ClientMessages>
    </div>
  );
}
