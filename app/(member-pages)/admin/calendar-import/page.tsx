import type { Metadata } from "next";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { CalendarImport } from "@/components/admin/calendar-import";
import { CALENDAR_IMPORT_PERMISSION } from "@/lib/calendar-import/endpoints";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export const metadata: Metadata = { title: "Import a calendar · Staff" };

/** Staff who edit events: the church's Google, Outlook or Apple calendar brought in, and kept in sync (issue 40). */
export default async function AdminCalendarImportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireStaffPage("/admin/calendar-import", CALENDAR_IMPORT_PERMISSION);
  if (access.refusal) return <StaffForbidden permission={CALENDAR_IMPORT_PERMISSION} refusal={access.refusal} />;
  const chosen = (await searchParams).import;
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Staff</p>
      <h1>Import a calendar</h1>
      <p className="lede">Bring the events you keep in Google Calendar, Outlook or Apple Calendar onto the church’s calendar, its website widget and check-in, and keep them up to date from there.</p>
      <CalendarImport initialId={typeof chosen === "string" ? chosen : null} />
    </div>
  );
}
