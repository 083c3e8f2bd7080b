import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EventAttendance } from "@/components/admin/event-attendance";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Attendance · Staff" };

/** Staff: an event's live attendance (attendance:read); check-in by hand, check-out and undo need attendance:write. */
export default async function EventAttendancePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/events/${encodeURIComponent(id)}/attendance`, "attendance:read");
  if (access.refusal) return <StaffForbidden permission="attendance:read" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff · Events</p>
      <h1>Attendance</h1>
      <EventAttendance eventId={id} canWrite={access.permissions.has("attendance:write")} />
    </div>
  );
}
