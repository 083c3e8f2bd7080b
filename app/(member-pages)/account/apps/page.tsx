import type { Metadata } from "next";
import { AppsWithAccess } from "@/components/account/apps/apps-with-access";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Apps with access",
  robots: { index: false, follow: false },
};

/**
 * The apps the member has allowed to sign them in, and a way to take that back. Signed out, it sends
 * them to sign in. The list itself is read in the browser through the portal relay, so this page never
 * needs the member's access token.
 */
export default async function AccountAppsPage() {
  await requirePortalSession("/account/apps");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Apps with access</h1>
      <p className="lede">These apps can sign you in and see some of your details. Remove access for any app you no longer use or do not recognise.</p>
      <AppsWithAccess />
    </div>
  );
}
