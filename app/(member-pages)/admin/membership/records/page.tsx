import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { MembershipNav } from "@/components/admin/membership-nav";
import { MembershipRecordsList } from "@/components/admin/membership-records-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Membership register · Staff" };

/** Staff: the church's membership register, searched and paged (membership:read); each record opens to be corrected or unlinked. */
export default async function AdminMembershipRecordsPage() {
  const access = await requireStaffPage("/admin/membership/records", "membership:read");
  if (access.refusal) return <StaffForbidden permission="membership:read" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff · Membership</p>
      <h1>Membership register</h1>
      <p className="lede">Everyone in the church’s register, and the account each record is linked to. Open a record to correct it or unlink it.</p>
      <MembershipNav />
      <MembershipRecordsList canInvite={access.permissions.has("membership:write")} />
    </div>
  );
}
