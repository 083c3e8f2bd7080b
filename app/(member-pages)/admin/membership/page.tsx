import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { MembershipNav } from "@/components/admin/membership-nav";
import { SuggestionsList } from "@/components/admin/suggestions-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Membership requests · Staff" };

/** Staff: members' requests to link a register record (membership:read to see, membership:write to decide). */
export default async function AdminMembershipPage() {
  const access = await requireStaffPage("/admin/membership", "membership:read");
  if (access.refusal) return <StaffForbidden permission="membership:read" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      <h1>Membership requests</h1>
      <p className="lede">Members who could not prove a record by code asked you to link it. Compare the two, then approve or reject.</p>
      <MembershipNav />
      <SuggestionsList />
    </div>
  );
}
