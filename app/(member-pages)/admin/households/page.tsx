import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { HouseholdsList } from "@/components/admin/households-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminHouseholds.pages");
  return { title: t("listMetaTitle") };
}

/** Staff: the church's households and their members, with the children's notes (families:read); new ones (families:write). */
export default async function AdminHouseholdsPage() {
  const access = await requireStaffPage("/admin/households", "families:read");
  if (access.refusal) return <StaffForbidden permission="families:read" refusal={access.refusal} />;
  const admin = await getTranslations("Admin");
  const t = await getTranslations("AdminHouseholds.pages");
  return (
    <div className="page">
      <p className="eyebrow">{admin("staff")}</p>
      <h1>{t("listTitle")}</h1>
      <p className="lede">{t("listLede")}</p>
      <ClientMessages namespaces={["Admin", "AdminHouseholds.list", "AdminHouseholds.nameForm"]}>
        <HouseholdsList canWrite={access.permissions.has("families:write")} />
      </ClientMessages>
    </div>
  );
}
