import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { PeopleImport } from "@/components/admin/people-import";
import { PEOPLE_IMPORT_PERMISSION } from "@/lib/people-import/endpoints";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Import people · Staff" };

/** Staff with people:import: the church's people from another system's file (issue 40). */
export default async function AdminImportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireStaffPage("/admin/import", PEOPLE_IMPORT_PERMISSION);
  if (access.refusal) return <StaffForbidden permission={PEOPLE_IMPORT_PERMISSION} refusal={access.refusal} />;
  const chosen = (await searchParams).import;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      <h1>Import people</h1>
      <p className="lede">Bring the people and households you already keep in another system into your membership register, and update them from it later.</p>
      <PeopleImport initialId={typeof chosen === "string" ? chosen : null} />
    </div>
  );
}
