import type { Metadata } from "next";
import { FamilySection } from "@/components/account/family/family-section";
import { currentChurch } from "@/lib/http/current-church";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Family",
  robots: { index: false, follow: false },
};

/**
 * The member's household: start one or join it with a family code, see who is in it, (adults) add and
 * look after its children and share and replace its code, and leave it. Read and changed in the browser
 * through the portal relay. Phone numbers are read and shown as written in the church's country.
 */
export default async function AccountFamilyPage() {
  await requirePortalSession("/account/family");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Your family</h1>
      <p className="lede">Your household at church: who is in it, its children, and how others join.</p>
      <FamilySection country={(await currentChurch()).country} />
    </div>
  );
}
