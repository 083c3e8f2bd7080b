import type { Metadata } from "next";
import { SecurityLogSection } from "@/components/account/security/security-log-section";
import { SessionsSection } from "@/components/account/security/sessions-section";
import { TwoFactorSection } from "@/components/account/security/two-factor-section";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Security",
  robots: { index: false, follow: false },
};

/**
 * Two-step sign-in, where the member is signed in, and what happened to their account. Signed out, it
 * sends them to sign in. Everything is read and changed in the browser through the portal relay, so the
 * page never needs the member's access token.
 */
export default async function AccountSecurityPage() {
  await requirePortalSession("/account/security");
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Security</h1>
      <p className="lede">Protect your sign-in, see where you are signed in, and check what has happened on your account.</p>
      <TwoFactorSection />
      <SessionsSection />
      <SecurityLogSection />
    </div>
  );
}
