import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { MySchedule } from "@/components/calendar/my-schedule";
import { ClientMessages } from "@/components/i18n/client-messages";
import { env } from "@/lib/env";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("Calendar.schedule");
  return {
    title: t("title"),
    robots: { index: false, follow: false },
  };
}

/**
 * "My schedule" (docs/decisions/0025): what the member and their household signed up for, the upcoming
 * events for the household, and a private feed of both for calendar apps. Through the portal relay, as every
 * account page.
 */
export default async function MySchedulePage() {
  await requirePortalSession("/calendar/mine");
  const t = await getTranslations("Calendar.schedule");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">
        <Link href="/calendar">{t("calendar")}</Link>
      </p>
      <h1>{t("title")}</h1>
      <p className="lede">{t("lede")}</p>
      {/* The schedule, its cards (their badges and dates) and the add-to-calendar links read these in the browser. */}
      <ClientMessages namespaces={["Calendar.schedule", "Calendar.labels", "Calendar.dates", "Calendar.addToCalendar"]}>
        <MySchedule origin={new URL(env().BASE_URL).origin} />
      </ClientMessages>
    </div>
  );
}
