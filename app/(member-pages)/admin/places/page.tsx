import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { PlacesList } from "@/components/admin/places-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Campuses and ministries · Staff" };

/** Staff: the campuses (with their time zones) and ministries events belong to (events:read to see, events:write to change). */
export default async function AdminPlacesPage() {
  const access = await requireStaffPage("/admin/places", "events:read");
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  const canWrite = access.permissions.has("events:write");
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Campuses and ministries</h1>
      <p className="lede">Where events are held and who runs them. A new name shows on the calendar at once.</p>
      <PlacesList kind="campuses" canWrite={canWrite} />
      <PlacesList kind="ministries" canWrite={canWrite} />
    </div>
  );
}
