import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import Link from "next/link";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { PersonProfile } from "@/components/admin/person-profile";
import { ClientMessages } from "@/components/i18n/client-messages";
import { currentChurch } from "@/lib/http/current-church";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminPeople.pages");
  return { title: t("personMetaTitle") };
}

/**
 * Staff: one person's page (users:read): their account, household, pickup list, register record, sign-ups and
 * attendance, each part as far as the staff member's permissions reach. Disabling, enabling and ending sessions need users:write, and
 * the role form roles:write: the page shows what the staff member's permissions allow, and the API checks
 * them again on every action.
 */
export default async function AdminPersonPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/people/${encodeURIComponent(id)}`, "users:read");
  if (access.refusal) return <StaffForbidden permission="users:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminPeople.pages");
  return (
    <div className="page">
      <p className="eyebrow">
        <Link href="/admin/people">{t("personEyebrow")}</Link>
      </p>
      <ClientMessages namespaces={["Admin", "AdminPeople.shared", "AdminPeople.profile", "AdminPeople.churchLife", "AdminPeople.refusals", "AccountSecurity.events", "AccountFamily.childForm"]}>
        <PersonProfile id={id} selfId={access.session.member.id} canWrite={access.permissions.has("users:write")} canAssignRoles={access.permissions.has("roles:write")} country={(await currentChurch()).country} />
      </ClientMessages>
    </div>
  );
}
