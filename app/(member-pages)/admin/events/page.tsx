import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { EventsList } from "@/components/admin/events-list";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminEvents.pages");
  return { title: t("listTitle") };
}

/** Staff: every event, drafts too, as a sortable table with search and paging; each row's menu edits, opens attendance or publishes (events:read to see, events:write to act). */
export default async function AdminEventsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireStaffPage("/admin/events", "events:read");
  if (access.refusal) return <StaffForbidden permission="events:read" refusal={access.refusal} />;
  const created = (await searchParams).created;
  const t = await getTranslations("AdminEvents.pages");
  return (
    <div className="page">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("listHeading")}</h1>
      <p className="lede">{t("listLede")}</p>
      <ClientMessages namespaces={["Admin", "AdminEvents.list", "AdminEvents.statuses", "AdminEvents.changes", "Calendar.labels", "Calendar.dates"]}>
        <EventsList notice={typeof created === "string" ? t("created") : ""} />
      </ClientMessages>
    </div>
  );
}
