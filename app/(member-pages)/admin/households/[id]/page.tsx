import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { HouseholdDetail } from "@/components/admin/household-detail";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminHouseholds.pages");
  return { title: t("detailMetaTitle") };
}

/** Staff: one household, its members and children, its guardianships, and merging a duplicate into it (families:read to see, families:write to change). */
export default async function AdminHouseholdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/households/${encodeURIComponent(id)}`, "families:read");
  if (access.refusal) return <StaffForbidden permission="families:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminHouseholds.pages");
  return (
    <div className="page">
      <p>
        <Link href="/admin/households">{t("allHouseholds")}</Link>
      </p>
      <p className="eyebrow">{t("detailEyebrow")}</p>
      <h1>{t("detailTitle")}</h1>
      <ClientMessages
        namespaces={["Admin", "AdminHouseholds.detail", "AdminHouseholds.nameForm", "AdminHouseholds.members", "AdminHouseholds.guardianships", "AdminHouseholds.merge", "AccountFamily.childForm"]}
      >
        <HouseholdDetail id={id} canWrite={access.permissions.has("families:write")} />
      </ClientMessages>
    </div>
  );
}
