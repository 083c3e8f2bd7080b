"use client";

import { SectionNav } from "@/components/ui/section-nav";

const SECTIONS = [
  { href: "/account", label: "Overview" },
  { href: "/account/profile", label: "Profile" },
  { href: "/account/apps", label: "Apps" },
  { href: "/account/security", label: "Security" },
  { href: "/account/recovery", label: "Recovery" },
  { href: "/account/family", label: "Family" },
  { href: "/account/dependents", label: "Dependents" },
  { href: "/account/membership", label: "Membership" },
  { href: "/account/check-in", label: "Check-in" },
  { href: "/account/privacy", label: "Privacy" },
] as const;

/** The account area's own navigation: a section is current on its own page only. */
export function AccountNav() {
  return <SectionNav label="Account" sections={SECTIONS} isCurrent={(href, pathname) => pathname === href} />;
}
