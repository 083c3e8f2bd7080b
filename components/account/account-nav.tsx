"use client";

import { AreaHomeList, AreaNav } from "@/components/ui/area-nav";

const HOME = { href: "/account", label: "Your account" };

const GROUPS = [
  {
    label: "You",
    sections: [
      { href: "/account", label: "Overview" },
      { href: "/account/profile", label: "Profile" },
      { href: "/account/privacy", label: "Privacy" },
    ],
  },
  {
    label: "Sign-in and security",
    sections: [
      { href: "/account/security", label: "Security" },
      { href: "/account/recovery", label: "Recovery" },
      { href: "/account/apps", label: "Apps" },
    ],
  },
  {
    label: "Family",
    sections: [
      { href: "/account/family", label: "Family" },
      { href: "/account/dependents", label: "Children’s apps" },
    ],
  },
  {
    label: "Church",
    sections: [
      { href: "/account/membership", label: "Membership" },
      { href: "/account/check-in", label: "Check-in" },
    ],
  },
] as const;

/** The account area's own navigation: a section is current on its own page only. */
export function AccountNav() {
  return <AreaNav label="Account" home={HOME} groups={GROUPS} isCurrent={(href, pathname) => pathname === href} />;
}

/** The account's sections at the end of its first page, on a phone. */
export function AccountHomeList() {
  return <AreaHomeList label="Account" title="Everything in your account" home={HOME} groups={GROUPS} />;
}
