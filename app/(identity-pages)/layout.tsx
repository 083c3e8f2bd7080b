import type { Metadata } from "next";
import type { ReactNode } from "react";
import "./auth.css";

/** The authorization server's own pages (sign-in, registration, consent, sign-out): one narrow column. */
export const metadata: Metadata = {
  robots: { index: false, follow: false },
};

export default function AuthLayout({ children }: { children: ReactNode }) {
  return <div className="auth-shell">{children}</div>;
}
