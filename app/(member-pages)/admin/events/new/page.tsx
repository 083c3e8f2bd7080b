import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EventForm } from "@/components/admin/event-form";
import { currentChurch } from "@/lib/http/current-church";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "New event · Staff" };

/** Staff: a new event or a repeating series of them (docs/decisions/0026), saved as drafts (events:write). */
export default async function NewEventPage() {
  const access = await requireStaffPage("/admin/events/new", "events:write");
  if (access.refusal) return <StaffForbidden permission="events:write" refusal={access.refusal} />;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff · Events</p>
      <h1>New event</h1>
      <p className="lede">It is saved as a draft; publish it from its page when it is ready. A repeating event makes one event per date, each with its own page.</p>
      <EventForm eventId={null} churchTimeZone={(await currentChurch()).timeZone} />
    </div>
  );
}
