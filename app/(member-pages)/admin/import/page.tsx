import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { PeopleImport } from "@/components/admin/people-import";
import { PEOPLE_IMPORT_PERMISSION } from "@/lib/people-import/endpoints";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminImports.peoplePage");
  return { title: t("title") };
}

/** Staff with people:import: the church's people from another system's file (issue 40). */
export default async function AdminImportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireStaffPage("/admin/import", PEOPLE_IMPORT_PERMISSION);
  if (access.refusal) return <StaffForbidden permission={PEOPLE_IMPORT_PERMISSION} refusal={access.refusal} />;
  const chosen = (await searchParams).import;
  const t = await getTranslations("AdminImports.peoplePage");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminImports.people"]}>
        <PeopleImport initialId={typeof chosen === "string" ? chosen : null} />
      </ClientMessages>
    </div>
  );
}
