import type { Metadata } from "next";
import Link from "next/link";
import { EmailSection } from "@/components/account/profile/email-section";
import { NameSection } from "@/components/account/profile/name-section";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Profile",
  robots: { index: false, follow: false },
};

/** The member's own details: their name and sign-in address, changed in the browser through the portal relay. */
export default async function AccountProfilePage() {
  await requirePortalSession("/account/profile");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Profile</h1>
      <p className="lede">
        Your name and the email address you sign in with. To change your password, go to <Link href="/account/security">Security</Link>.
      </p>
      <NameSection />
      <EmailSection />
    </div>
  );
}
