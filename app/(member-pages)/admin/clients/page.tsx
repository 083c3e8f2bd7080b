import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { ClientsList } from "@/components/admin/clients-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Apps · Staff" };

/** Staff: the registered apps and their settings (clients:read to see, clients:write to register and change; roles:write too for the church's own apps). */
export default async function AdminClientsPage() {
  const access = await requireStaffPage("/admin/clients", "clients:read");
  if (access.refusal) return <StaffForbidden permission="clients:read" refusal={access.refusal} />;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Apps</h1>
      <p className="lede">The apps and websites members sign in to with their church account, and how each must sign them in.</p>
      <ClientsList canWrite={access.permissions.has("clients:write")} canRegisterFirstParty={access.permissions.has("clients:write") && access.permissions.has("roles:write")} />
    </div>
  );
}
