import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { InvitationsList } from "@/components/admin/invitations-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Invitations · Staff" };

/** Staff with membership:read: who was invited to make their account, and how it went (issue 40). */
export default async function AdminInvitationsPage() {
  const access = await requireStaffPage("/admin/invitations", "membership:read");
  if (access.refusal) return <StaffForbidden permission="membership:read" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      <h1>Invitations</h1>
      <p className="lede">The people you invited to make their account: who has, and who may need a reminder.</p>
      <InvitationsList />
    </div>
  );
}
