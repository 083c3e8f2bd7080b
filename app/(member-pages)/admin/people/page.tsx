import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { PeopleList } from "@/components/admin/people-list";
import { ClientMessages } from "@/components/i18n/client-messages";
import { currentChurch } from "@/lib/http/current-church";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminPeople.pages");
  return { title: t("peopleMetaTitle") };
}

/** Staff: the church's members, found by name, email or phone, each opening to their profile (users:read). */
export default async function AdminPeoplePage() {
  const access = await requireStaffPage("/admin/people", "users:read");
  if (access.refusal) return <StaffForbidden permission="users:read" refusal={access.refusal} />;
  const admin = await getTranslations("Admin");
  const t = await getTranslations("AdminPeople.pages");
  return (
    <div className="page">
      <p className="eyebrow">{admin("staff")}</p>
      <h1>{t("peopleTitle")}</h1>
      <p className="lede">{t("peopleLede")}</p>
      <ClientMessages namespaces={["Admin", "AdminPeople.shared", "AdminPeople.list"]}>
        <PeopleList country={(await currentChurch()).country} />
      </ClientMessages>
    </div>
  );
}
