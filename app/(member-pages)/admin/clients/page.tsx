import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { ClientsList } from "@/components/admin/clients-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Apps · Staff" };

/** Staff: the registered apps in words and their settings (clients:read to see, clients:write to register and change; roles:write too for the church's own apps and kiosks). */
export default async function AdminClientsPage() {
  const access = await requireStaffPage("/admin/clients", "clients:read");
  if (access.refusal) return <StaffForbidden permission="clients:read" refusal={access.refusal} />;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Apps</h1>
      <p className="lede">The websites, phone apps and lobby check-in kiosks that use the church’s sign-in: what each is, what it may see, and where members come back to.</p>
      <ClientsList canWrite={access.permissions.has("clients:write")} canRegisterFirstParty={access.permissions.has("clients:write") && access.permissions.has("roles:write")} />
    </div>
  );
}
