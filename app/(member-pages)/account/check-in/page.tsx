import type { Metadata } from "next";
import { MemberCodeSection, MyAttendanceSection, SelfCheckInSection } from "@/components/account/check-in/check-in-section";
import { HouseholdCardSection } from "@/components/account/check-in/household-card-section";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Check-in",
  robots: { index: false, follow: false },
};

/**
 * Check-in from the member's phone (docs/decisions/0023): their rotating QR for a kiosk, a printed household
 * card for someone without a phone, the events they may check themselves in to now, and their attendance. Through the portal relay, as every account page.
 */
export default async function AccountCheckInPage() {
  await requirePortalSession("/account/check-in");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Check-in</h1>
      <p className="lede">Your code for the kiosk, a printed card for someone without a phone, self check-in, and where you have been.</p>
      <MemberCodeSection />
      <HouseholdCardSection />
      <SelfCheckInSection />
      <MyAttendanceSection />
    </div>
  );
}
