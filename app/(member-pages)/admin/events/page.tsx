import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EventsList } from "@/components/admin/events-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Events · Staff" };

/** Staff: every event, drafts too, as a sortable table with search and paging; each row's menu edits, opens attendance or publishes (events:read to see, events:write to act). */
export default async function AdminEventsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireStaffPage("/admin/events", "events:read");
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  const created = (await searchParams).created;
  return (
    <div className="page">
      <p className="eyebrow">Staff</p>
      <h1>Events</h1>
      <p className="lede">Drafts stay off the calendar until you publish them. Changes show on the calendar at once.</p>
      <EventsList notice={typeof created === "string" ? "The event was created as a draft. Publish it when it is ready." : ""} />
    </div>
  );
}
