import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { MembershipNav } from "@/components/admin/membership-nav";
import { MembershipRecordsList } from "@/components/admin/membership-records-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminMembership.pages");
  return { title: t("registerMetaTitle") };
}

/** Staff: the church's membership register, searched and paged (membership:read); each record opens to be corrected or unlinked. */
export default async function AdminMembershipRecordsPage() {
  const access = await requireStaffPage("/admin/membership/records", "membership:read");
  if (access.refusal) return <StaffForbidden permission="membership:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminMembership.pages");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("registerTitle")}</h1>
      <p className="lede">{t("registerLede")}</p>
      <ClientMessages namespaces={["Admin", "AdminMembership.nav", "AdminMembership.register"]}>
        <MembershipNav />
        <MembershipRecordsList canInvite={access.permissions.has("membership:write")} />
      </ClientMessages>
    </div>
  );
}
