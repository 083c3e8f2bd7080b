import type { Metadata } from "next";
import { FamilySection } from "@/components/account/family/family-section";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Family",
  robots: { index: false, follow: false },
};

/**
 * The member's household: join it with a family code, see who is in it, and (adults) share and replace
 * its code. Read and changed in the browser through the portal relay.
 */
export default async function AccountFamilyPage() {
  await requirePortalSession("/account/family");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Your family</h1>
      <p className="lede">Your household at church: who is in it, and how others join.</p>
      <FamilySection />
    </div>
  );
}
