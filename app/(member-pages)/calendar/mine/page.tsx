import type { Metadata } from "next";
import Link from "next/link";
import { MySchedule } from "@/components/calendar/my-schedule";
import { env } from "@/lib/env";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "My schedule",
  robots: { index: false, follow: false },
};

/**
 * "My schedule" (docs/decisions/0025): what the member and their household signed up for, the upcoming
 * events for the household, and a private feed of both for calendar apps. Through the portal relay, as every
 * account page.
 */
export default async function MySchedulePage() {
  await requirePortalSession("/calendar/mine");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">
        <Link href="/calendar">Calendar</Link>
      </p>
      <h1>My schedule</h1>
      <p className="lede">What you and your household signed up for, and upcoming events for your household.</p>
      <MySchedule origin={new URL(env().BASE_URL).origin} />
    </div>
  );
}
