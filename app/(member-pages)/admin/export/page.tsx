import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { ChurchExport } from "@/components/admin/church-export";
import { CHURCH_EXPORT_PERMISSION } from "@/lib/church-export/endpoints";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Export your church’s data · Staff" };

/** Administrators: everything the church keeps here, in one download, so it can always take its data elsewhere. */
export default async function AdminExportPage() {
  const access = await requireStaffPage("/admin/export", CHURCH_EXPORT_PERMISSION);
  if (access.refusal) return <StaffForbidden permission={CHURCH_EXPORT_PERMISSION} refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      <h1>Export your church’s data</h1>
      <p className="lede">Download everything your church keeps here in one file: to keep a copy of your own, or to move to other software whenever you choose.</p>
      <ChurchExport />
    </div>
  );
}
