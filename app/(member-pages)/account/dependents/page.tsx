import type { Metadata } from "next";
import Link from "next/link";
import { DependentsSection } from "@/components/account/dependents/dependents-section";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Children’s apps",
  robots: { index: false, follow: false },
};

/**
 * A parent's or guardian's view of the children in their care: the apps that can access each child's
 * account, and a way to take that access away. Read and changed in the browser through the portal relay.
 * The household itself (its children, who may collect them) is Family's; this page says so, since both
 * list the same children.
 */
export default async function AccountDependentsPage() {
  await requirePortalSession("/account/dependents");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Your children’s apps</h1>
      <p className="lede">
        The apps that can access the accounts of children in your care. Remove access for any app you do not want them to use. Your household and who
        may collect your children are under <Link href="/account/family">Family</Link>.
      </p>
      <DependentsSection />
    </div>
  );
}
