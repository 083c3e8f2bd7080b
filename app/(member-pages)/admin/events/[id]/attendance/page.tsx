import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EventAttendance } from "@/components/admin/event-attendance";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminAttendance");
  return { title: t("pageTitle") };
}

/** Staff: an event's live attendance (attendance:read); check-in by hand, check-out and undo need attendance:write. */
export default async function EventAttendancePage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/events/${encodeURIComponent(id)}/attendance`, "attendance:read");
  if (access.refusal) return <StaffForbidden permission="attendance:read" refusal={access.refusal} />;
  const t = await getTranslations("AdminAttendance");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <ClientMessages namespaces={["Admin", "AdminAttendance", "Calendar.counts"]}>
        <EventAttendance eventId={id} canWrite={access.permissions.has("attendance:write")} />
      </ClientMessages>
    </div>
  );
}
