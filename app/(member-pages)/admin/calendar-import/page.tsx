import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { ClientMessages } from "@/components/i18n/client-messages";
import { StaffForbidden } from "@/components/admin/admin-nav";
import { CalendarImport } from "@/components/admin/calendar-import";
import { CALENDAR_IMPORT_PERMISSION } from "@/lib/calendar-import/endpoints";
import { requireStaffPage } from "@/lib/portal-auth/require-staff-page";

export const dynamic = "force-dynamic";
export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("AdminImports.calendarPage");
  return { title: t("title") };
}

/** Staff who edit events: the church's Google, Outlook or Apple calendar brought in, and kept in sync (issue 40). */
export default async function AdminCalendarImportPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const access = await requireStaffPage("/admin/calendar-import", CALENDAR_IMPORT_PERMISSION);
  if (access.refusal) return <StaffForbidden permission={CALENDAR_IMPORT_PERMISSION} refusal={access.refusal} />;
  const chosen = (await searchParams).import;
  const t = await getTranslations("AdminImports.calendarPage");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">{t("eyebrow")}</p>
      <h1>{t("heading")}</h1>
      <p className="lede">{t("lede")}</p>
      <ClientMessages namespaces={["Admin", "AdminImports.calendar", "Calendar.labels"]}>
        <CalendarImport initialId={typeof chosen === "string" ? chosen : null} />
      </ClientMessages>
    </div>
  );
}
