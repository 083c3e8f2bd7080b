import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { InvitationsList } from "@/components/admin/invitations-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminInvitations.page");
  return { title: t("metaTitle") };
}

/** Staff with membership:read: who was invited to make their account, and how it went (issue 40). */
export default async function AdminInvitationsPage() {
  const access = await requireStaffPage("/admin/invitations", "membership:read");
  if (access.refusal) return <StaffForbidden permission="membership:read" refusal={access.refusal} />;
  const admin = await getTranslations("Admin");
  const t = await getTranslations("AdminInvitations.page");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{admin("staff")}</p>
      <h1>{t("title")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminInvitations.list"]}>
        <InvitationsList />
      </ClientMessages>
    </div>
  );
}
