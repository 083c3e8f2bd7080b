import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { HouseholdsList } from "@/components/admin/households-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Households · Staff" };

/** Staff: the church's households and their members, with the children's notes (families:read); new ones (families:write). */
export default async function AdminHouseholdsPage() {
  const access = await requireStaffPage("/admin/households", "families:read");
  if (access.refusal) return <StaffForbidden permission="families:read" refusal={access.refusal} />;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Households</h1>
      <p className="lede">Who lives together, and what a household asks whoever looks after its children to know.</p>
      <HouseholdsList canWrite={access.permissions.has("families:write")} />
    </div>
  );
}
