import type { Metadata } from "next";
import type { ReactNode } from "react";
import { PolicyLinks } from "./_components/policy-links";
import { currentChurch } from "@/lib/http/current-church";
import "./auth.css";

/** The authorization server's own pages (sign-in, registration, consent, sign-out): one narrow column. */
export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

export default async function AuthLayout({ children }: { children: ReactNode }) {
  const church = await currentChurch();
  return (
    <div className="auth-shell">
      {children}
      <PolicyLinks privacyUrl={church.privacyUrl} termsUrl={church.termsUrl} />
    </div>
  );
}
