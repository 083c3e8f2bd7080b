import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EventForm } from "@/components/admin/event-form";
import { currentChurch } from "@/lib/http/current-church";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminEvents.pages");
  return { title: t("newTitle") };
}

/** Staff: a new event or a repeating series of them (docs/decisions/0026), saved as drafts (events:write). */
export default async function NewEventPage() {
  const access = await requireStaffPage("/admin/events/new", "events:write");
  if (access.refusal) return <StaffForbidden permission="events:write" refusal={access.refusal} />;
  const t = await getTranslations("AdminEvents.pages");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrowEvents")}</p>
      <h1>{t("newHeading")}</h1>
      <p className="lede">{t("newLede")}</p>
      <ClientMessages namespaces={["Admin", "AdminEvents.form", "AdminEvents.repeat", "AdminEvents.preview", "AdminEvents.statuses", "Calendar.labels", "AdminEvents.audiences", "Recurrence"]}>
        <EventForm eventId={null} churchTimeZone={(await currentChurch()).timeZone} />
      </ClientMessages>
    </div>
  );
}
