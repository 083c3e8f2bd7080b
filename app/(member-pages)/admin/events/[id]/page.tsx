import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EventForm } from "@/components/admin/event-form";
import { EventSeriesPanel } from "@/components/admin/event-series-panel";
import { EventSignUpSettings } from "@/components/admin/event-sign-up-settings";
import { EventStatusPanel } from "@/components/admin/event-status-panel";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Edit event · Staff" };

/** Staff: edit one event (events:write), then publish, postpone or cancel it; the calendar shows the change at once. */
export default async function EditEventPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/events/${encodeURIComponent(id)}`, "events:write");
  if (access.refusal) return <StaffForbidden permission="events:write" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff · Events</p>
      <h1>Edit event</h1>
      <EventForm eventId={id} />
      <EventStatusPanel eventId={id} />
      <EventSeriesPanel eventId={id} />
      <EventSignUpSettings eventId={id} />
    </div>
  );
}
