import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { MembershipNav } from "@/components/admin/membership-nav";
import { SuggestionsList } from "@/components/admin/suggestions-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminMembership.pages");
  return { title: t("requestsMetaTitle") };
}

/** Staff: members' requests to link a register record (membership:read to see, membership:write to decide). */
export default async function AdminMembershipPage() {
  const access = await requireStaffPage("/admin/membership", "membership:read");
  if (access.refusal) return <StaffForbidden permission="membership:read" refusal={access.refusal} />;
  const admin = await getTranslations("Admin");
  const t = await getTranslations("AdminMembership.pages");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{admin("staff")}</p>
      <h1>{t("requestsTitle")}</h1>
      <p className="lede">{t("requestsLede")}</p>
      <ClientMessages namespaces={["Admin", "AdminMembership.nav", "AdminMembership.requests"]}>
        <MembershipNav />
        <SuggestionsList />
      </ClientMessages>
    </div>
  );
}
