import type { Metadata } from "next";
import { PhoneSection } from "@/components/account/recovery/phone-section";
import { RecoveryContactsSection } from "@/components/account/recovery/recovery-contacts-section";
import { currentChurch } from "@/lib/http/current-church";
import { requirePortalSession } from "@/lib/portal-auth/get-portal-session";

export const dynamic = "force-dynamic";

export const metadata: Metadata = {
  title: "Recovery and phone",
  robots: { index: false, follow: false },
};

/**
 * Where a password reset code can go (recovery contacts) and the member's own mobile number. Read and
 * changed in the browser through the portal relay, so the page never needs the member's access token.
 * Phone numbers are read and shown as written in the church's country, which the page hands down.
 */
export default async function AccountRecoveryPage() {
  await requirePortalSession("/account/recovery");
  const { country } = await currentChurch();
  return (
    <div className="page page--narrow">
      <p className="eyebrow">Your account</p>
      <h1>Recovery and phone</h1>
      <p className="lede">Make sure you can get back into your account if you forget your password.</p>
      <RecoveryContactsSection country={country} />
      <PhoneSection country={country} />
    </div>
  );
}
