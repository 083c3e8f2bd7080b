import type { Metadata } from "next";
import Link from "next/link";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { MembershipNav } from "@/components/admin/membership-nav";
import { MembershipRecordDetail } from "@/components/admin/membership-record-detail";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Register record · Staff" };

/** Staff: one register record (membership:read to see; membership:write to correct it and unlink its account). */
export default async function AdminMembershipRecordPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/membership/records/${encodeURIComponent(id)}`, "membership:read");
  if (access.refusal) return <StaffForbidden permission="membership:read" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff · Membership</p>
      <h1>Register record</h1>
      <MembershipNav />
      <p>
        <Link href="/admin/membership/records">Back to the register</Link>
      </p>
      <MembershipRecordDetail id={id} canWrite={access.permissions.has("membership:write")} />
    </div>
  );
}
