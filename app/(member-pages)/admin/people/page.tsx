import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { PeopleList } from "@/components/admin/people-list";
import { currentChurch } from "@/lib/http/current-church";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "People · Staff" };

/** Staff: the church's members, found by name, email or phone, each opening to their profile (users:read). */
export default async function AdminPeoplePage() {
  const access = await requireStaffPage("/admin/people", "users:read");
  if (access.refusal) return <StaffForbidden permission="users:read" refusal={access.refusal} />;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>People</h1>
      <p className="lede">Find a member by name, email address or phone number, and open their page: household, sign-ups, attendance, roles, sign-ins and security activity.</p>
      <PeopleList country={(await currentChurch()).country} />
    </div>
  );
}
