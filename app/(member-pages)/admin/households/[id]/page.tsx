import type { Metadata } from "next";
import Link from "next/link";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { HouseholdDetail } from "@/components/admin/household-detail";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Household · Staff" };

/** Staff: one household, its members and children, its guardianships, and merging a duplicate into it (families:read to see, families:write to change). */
export default async function AdminHouseholdPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/households/${encodeURIComponent(id)}`, "families:read");
  if (access.refusal) return <StaffForbidden permission="families:read" refusal={access.refusal} />;
  return (
    <div className="page">
      <p>
        <Link href="/admin/households">← All households</Link>
      </p>
      <p className="eyebrow">Staff · Households</p>
      <h1>Household</h1>
      <HouseholdDetail id={id} canWrite={access.permissions.has("families:write")} />
    </div>
  );
}
