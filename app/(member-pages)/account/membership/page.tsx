import type { Metadata } from "next";
import { MembershipSection } from "@/components/account/membership/membership-section";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Membership",
  robots: { index: false, follow: false },
};

/**
 * Claiming the member's own record in the church's membership register: search, then a code sent to the
 * record's contact on file, or a request to church staff. Through the portal relay, as every account page.
 */
export default async function AccountMembershipPage() {
  await requirePortalSession("/account/membership");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Membership</h1>
      <p className="lede">Find your record in the church’s register and link it to your account.</p>
      <MembershipSection />
    </div>
  );
}
