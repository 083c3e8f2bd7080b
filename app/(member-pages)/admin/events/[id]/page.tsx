import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EventForm } from "@/components/admin/event-form";
import { EventSeriesPanel } from "@/components/admin/event-series-panel";
import { EventSignUpSettings } from "@/components/admin/event-sign-up-settings";
import { EventStatusPanel } from "@/components/admin/event-status-panel";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminEvents.pages");
  return { title: t("editTitle") };
}

/** Staff: edit one event (events:write), then publish, postpone or cancel it; the calendar shows the change at once. */
export default async function EditEventPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const access = await requireStaffPage(`/admin/events/${encodeURIComponent(id)}`, "events:write");
  if (access.refusal) return <StaffForbidden permission="events:write" refusal={access.refusal} />;
  const t = await getTranslations("AdminEvents.pages");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrowEvents")}</p>
      <h1>{t("editHeading")}</h1>
      <ClientMessages namespaces={["Admin", "AdminEvents.form", "AdminEvents.repeat", "AdminEvents.preview", "AdminEvents.statuses", "Calendar.labels", "AdminEvents.audiences", "Recurrence", "AdminEvents.status", "AdminEvents.changes", "AdminEvents.seriesPanel", "AdminEvents.signUp"]}>
        <EventForm eventId={id} />
        <EventStatusPanel eventId={id} />
        <EventSeriesPanel eventId={id} />
        <EventSignUpSettings eventId={id} />
      </ClientMessages>
    </div>
  );
}
