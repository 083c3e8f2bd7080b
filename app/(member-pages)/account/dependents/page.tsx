import type { Metadata } from "next";
import { DependentsSection } from "@/components/account/dependents/dependents-section";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Dependents",
  robots: { index: false, follow: false },
};

/**
 * A parent's or guardian's view of the children in their care: the apps that can access each child's
 * account, and a way to take that access away. Read and changed in the browser through the portal relay.
 */
export default async function AccountDependentsPage() {
  await requirePortalSession("/account/dependents");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Dependents</h1>
      <p className="lede">Children in your care, and the apps that can access their accounts. Remove access for any app you do not want them to use.</p>
      <DependentsSection />
    </div>
  );
}
