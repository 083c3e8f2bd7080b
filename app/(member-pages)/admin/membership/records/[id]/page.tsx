import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { MembershipNav } from "@/components/admin/membership-nav";
import { MembershipRecordDetail } from "@/components/admin/membership-record-detail";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminMembership.pages");
  return { title: t("recordMetaTitle") };
}

/** Staff: one register record (membership:read to see; membership:write to correct it and unlink its account). */
export default async function AdminMembershipRecordPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/membership/records/${encodeURIComponent(id)}`, "membership:read");
  if (access.refusal) return <StaffForbidden permission="membership:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminMembership.pages");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("recordTitle")}</h1>
      <ClientMessages namespaces={["Admin", "AdminMembership.nav", "AdminMembership.record"]}>
        <MembershipNav />
        <p>
          <Link href="/admin/membership/records">{t("backToRegister")}</Link>
        </p>
        <MembershipRecordDetail id={id} canWrite={access.permissions.has("membership:write")} />
      </ClientMessages>
    </div>
  );
}
