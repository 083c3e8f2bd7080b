import type { Metadata } from "next";
import { DeletionSection } from "@/components/account/privacy/deletion-section";
import { ExportSection } from "@/components/account/privacy/export-section";
import { RequestsSection } from "@/components/account/privacy/requests-section";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Privacy",
  robots: { index: false, follow: false },
};

/**
 * The member's data: a copy to download, deleting the account (with a waiting period and a way back),
 * and the requests made so far. Signed out, it sends them to sign in. Everything goes through the portal
 * relay, so the page never needs the member's access token.
 */
export default async function AccountPrivacyPage() {
  await requirePortalSession("/account/privacy");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Privacy</h1>
      <p className="lede">Get a copy of everything we keep about you, or ask us to delete your account.</p>
      <ExportSection />
      <DeletionSection />
      <RequestsSection />
    </div>
  );
}
